import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database';
import type { ResponseCache } from '../../lib/response-cache';
import type { CaptchaKeys } from '../../services/captcha/index';
import type { SearchIndex } from '../../services/search-index/index';
import type { Storage } from '../../services/storage/index';
import type { TenantRegistry } from '../../tenancy/registry';
import { blogRoutes } from './blog-routes';
import { contactRoutes } from './contact-routes';
import { doctorDetailRoutes } from './doctor-detail-routes';
import { joinRoutes } from './join-routes';
import { maintainDoctorListing, REFRESH_INTERVAL_MS } from './next-slot-refresher';
import { offersRoutes } from './offers-routes';
import { searchRoutes } from './search-routes';

export interface DiscoveryOptions {
  db: Database;
  registry: TenantRegistry;
  publicCache: ResponseCache;
  searchIndex: SearchIndex;
  /** The keyring's readable captcha keys, current first. */
  captchaKeys: () => CaptchaKeys;
  /** The storage driver (join-request documents uploaded straight to S3 are checked on first use). */
  storage?: Storage;
}

/**
 * Discovery: header search, doctor detail side calls, blog, contact, join requests,
 * offers and referral (uploads are their own module: server/modules/uploads). Also keeps
 * doctors.next_free_slot fresh while the server runs.
 */
export const discoveryRoutes: FastifyPluginAsync<DiscoveryOptions> = async (app, options) => {
  const { db, registry } = options;
  await app.register(searchRoutes, {
    db,
    publicCache: options.publicCache,
    searchIndex: options.searchIndex,
  });
  await app.register(doctorDetailRoutes, { db });
  await app.register(blogRoutes, { db });
  await app.register(contactRoutes, { db, captchaKeys: options.captchaKeys });
  await app.register(joinRoutes, { db, storage: options.storage });
  await app.register(offersRoutes, { db });

  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const refresh = () =>
      maintainDoctorListing(db, registry.byCode.keys()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'doctor listing maintenance failed'),
      );
    // A first round soon after start (a restarted server may hold values that passed meanwhile).
    first = setTimeout(refresh, 1_000);
    first.unref();
    timer = setInterval(refresh, REFRESH_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
};
