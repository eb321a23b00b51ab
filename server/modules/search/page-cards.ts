import type { DoctorCard } from '../../../schemas/catalogue';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import type { ResponseCache } from '../../lib/response-cache';
import { doctorCards } from './doctor-list-repository';

/**
 * The cards of a page the search index chose, from the card cache where it has them and in one
 * query for the rest. Why: a name search never asked before cannot come from the public cache,
 * and reading 15 cards (four linked lists each) cost the database ~2 ms of CPU per request, more
 * than the rest of the request; the same doctors recur across texts (the best rated of common
 * names). The card cache is a public cache (response-cache: same TTL, dropped at once on every
 * change of the tenant's data in this process, on the change bus for the others, and bypassed
 * while the bus is down), so a card is never older than a cached list page showing it would be.
 * Keyed by tenant (the cache's own), language and the tenant's offered service types (prices).
 */
export async function pageCards(
  cache: ResponseCache,
  db: Database,
  tenant: string,
  lang: LanguageCode,
  features: readonly FeatureKey[],
  ids: readonly number[],
): Promise<DoctorCard[]> {
  if (ids.length === 0) return [];
  const prefix = `DoctorCard\u0000${lang}\u0000${features.join(',')}\u0000`;
  const cards = await cache.getMany(
    tenant,
    ids.map((id) => `${prefix}${id}`),
    async (missing) => {
      const wanted = missing.map((key) => Number(key.slice(prefix.length)));
      const found = await db.tenantRead(tenant, (sql) => doctorCards(sql, lang, features, wanted));
      const byId = new Map(found.map((card) => [card.doctorId, card]));
      // A doctor no longer listed is remembered as such, as a cached list page would.
      return wanted.map((id) => ({ card: byId.get(id) }));
    },
  );
  return cards.flatMap(({ card }) => (card ? [card] : []));
}
