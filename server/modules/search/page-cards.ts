import type { DoctorCard } from '../../../schemas/catalogue';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import type { ResponseCache } from '../../lib/response-cache';
import { doctorCards } from './doctor-list-repository';

/**
 * How long the card cache keeps a card at most (the public cache's TTL when that is longer).
 * Why longer than the public cache's 10 s: a card changes only by a write, which drops it at once
 * (a booking, a cancel or a reschedule only its doctor's card: cardDoctor), or when its next free
 * slot passes, which ends its entry (cardExpiry); at 10 s every card of a 10 000-doctor tenant was
 * read again every 10 s under load (a third of name searches queried the database, p99 76 ms at
 * 50 connections against 24 ms with the cards kept). The limit only bounds what a write that
 * failed to announce itself could leave stale.
 */
export const CARD_TTL_MS = 5 * 60_000;

/** When a cached card goes stale with no write: its next free slot passes (the card's value). */
export function cardExpiry(value: object): number | undefined {
  const next = (value as CachedCard).card?.nextAvailableSlot;
  return next ? Date.parse(next) : undefined;
}

/** The doctor of a card cache key (`DoctorCard\0<lang>\0<service types>\0<doctor id>`). */
export const cardDoctor = (key: string): number => Number(key.slice(key.lastIndexOf('\u0000') + 1));

interface CachedCard {
  /** undefined: the doctor is no longer listed. */
  card: DoctorCard | undefined;
}

/**
 * The cards of a page the search index chose, from the card cache where it has them and in one
 * query for the rest. Why: a name search never asked before cannot come from the public cache,
 * and reading 15 cards (four linked lists each) cost the database ~2 ms of CPU per request, more
 * than the rest of the request; the same doctors recur across texts (the best rated of common
 * names). The card cache is a public cache (response-cache: dropped at once on every change of
 * the tenant's data in this process, on the change bus for the others, and bypassed while the
 * bus is down), whose entries also end when the card's next free slot passes (cardExpiry), so a
 * card is never staler than a cached list page showing it would be.
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
  const cards = await cache.getMany<CachedCard>(
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
