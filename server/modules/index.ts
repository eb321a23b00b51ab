import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import type { Database } from '../db/database';
import type { ResponseCache } from '../lib/response-cache';
import type { SharedCounters } from '../services/shared-counters/index';
import { createStorage } from '../services/storage/index';
import type { TenantRegistry } from '../tenancy/registry';
import { createPaymentService } from '../services/payments/index';
import { createSearchIndex } from '../services/search-index/index';
import { createVideoService } from '../services/video/index';
import { accountsRoutes } from './accounts/index';
import { addressesRoutes } from './addresses/index';
import { settleAppointmentPayment } from './appointments/index';
import { appointmentsRoutes } from './appointments/index';
import { notificationsRoutes, notificationStreamRoutes } from './notifications/index';
import { pushRoutes } from './push/index';
import { messagesRoutes } from './messages/index';
import { waitlistRoutes } from './waitlist/index';
import { walletRoutes } from './wallet/routes';
import { promotionsRoutes } from './promotions/index';
import { refundBankRoutes } from './refund-bank/index';
import { insuranceRoutes } from './insurance/index';
import { healthRecordsRoutes, healthResultRoutes } from './health-records/index';
import { callsRoutes } from './calls/index';
import { careRoutes } from './care/index';
import { directCallsRoutes } from './direct-calls/index';
import { iomtCareRoutes, iomtRoutes } from './iomt/index';
import { blogRoutes } from './blog/routes';
import { catalogueRoutes } from './catalogue/routes';
import { contactRoutes } from './contact/routes';
import { directoryRoutes } from './directory/routes';
import { doctorsRoutes } from './doctors/routes';
import { homeRoutes } from './home/routes';
import { joinRoutes } from './join/routes';
import { offersRoutes } from './offers/routes';
import { scheduleRoutes } from './schedule/routes';
import { searchRoutes } from './search/routes';
import { feeGuaranteeRoutes } from './fee-guarantee/index';
import { paymentsRoutes } from './payments/routes';
import { purchasesRoutes, settlePurchasePayment } from './purchases/index';
import { patientsRoutes } from './patients/index';
import { personalDataRoutes } from './personal-data/routes';
import { referenceRoutes } from './reference/routes';
import { uploadRoutes } from './uploads/routes';
import type { Keyring } from '../services/keyring/index';

export interface ModuleDeps {
  db: Database;
  env: Env;
  registry: TenantRegistry;
  /** Public search, doctor-list and directory answers, shared by the search and directory modules. */
  publicCache: ResponseCache;
  /** Rate-limit counters in Redis (REDIS_URL), shared by the accounts and personal-data modules. */
  counters: SharedCounters;
  /** Keys per purpose (server/services/keyring). */
  keyring: Keyring;
}

/**
 * Domain modules under /api/v1. Each module is a Fastify plugin in server/modules/<domain>/routes.ts;
 * add it here. This registrar (and server/app.ts) may import a module's routes.ts directly: a
 * module's index.ts that re-exported its routes would import, through them, the modules that
 * import it, a cycle (scripts/eslint/module-boundaries.js). (Boot, avatars and the dev outbox are registered in app.ts.)
 */
export async function registerModules(
  api: FastifyInstance,
  { db, env, registry, publicCache, counters, keyring }: ModuleDeps,
): Promise<void> {
  // One storage driver for every feature that keeps files (server/services/storage).
  const storage = createStorage(env, () => keyring.all('url-signing'));
  // One in-process search index for the header search and the doctor-name filter.
  const searchIndex = createSearchIndex(db, api.log);
  api.addHook('onClose', () => searchIndex.close());
  await api.register(referenceRoutes, { db });
  await api.register(directoryRoutes, { db, publicCache });
  await api.register(homeRoutes, { db });
  await api.register(catalogueRoutes, { db });
  await api.register(doctorsRoutes, { db });
  await api.register(searchRoutes, { db, publicCache, searchIndex, cacheTtlMs: env.DISCOVERY_CACHE_TTL_MS });
  await api.register(accountsRoutes, { db, env, counters, keyring });
  await api.register(addressesRoutes, { db });
  await api.register(patientsRoutes, { db });
  // A doctor's free slots, and the doctor list's next free slot kept fresh while the server runs.
  await api.register(scheduleRoutes, { db, registry });
  await api.register(blogRoutes, { db });
  await api.register(contactRoutes, { db, captchaKeys: () => keyring.all('captcha') });
  await api.register(joinRoutes, { db, storage });
  await api.register(offersRoutes, { db });
  await api.register(uploadRoutes, { db, registry, storage });
  // Payment providers per tenant (sandbox or VNPay); a vnpay tenant without credentials stops a
  // production start and is logged elsewhere.
  const payments = createPaymentService({ env, registry });
  for (const problem of payments.problems) api.log.warn(problem);
  await api.register(paymentsRoutes, {
    db,
    payments,
    onSettled: settleAppointmentPayment,
    onPurchaseSettled: settlePurchasePayment,
  });
  await api.register(purchasesRoutes, { db, payments });
  await api.register(appointmentsRoutes, { db, env, registry, publicCache, payments, storage });
  // The call of a video appointment with the tenant's provider (webrtc or zoom, tenant.json video).
  const video = createVideoService(
    [...registry.byCode.values()].map((t) => t.config),
    process.env,
  );
  for (const problem of video.problems) api.log.warn(problem);
  await api.register(callsRoutes, { db, video });
  // Direct calls ring online doctors and meet on the same call screen.
  await api.register(directCallsRoutes, { db });
  await api.register(careRoutes, { db, payments, storage });
  // Remote monitoring: the patient's packages, doctors and advice; the doctors' advice inbox.
  await api.register(iomtRoutes, { db });
  await api.register(iomtCareRoutes, { db });
  await api.register(notificationsRoutes, { db });
  await api.register(pushRoutes, { db });
  // Live in-app notifications (Server-Sent Events), woken across processes by migration 034's trigger.
  await api.register(notificationStreamRoutes, { db, heartbeatMs: env.NOTIFICATION_STREAM_HEARTBEAT_MS });
  await api.register(messagesRoutes, { db });
  await api.register(waitlistRoutes, { db });
  await api.register(walletRoutes, { db });
  await api.register(promotionsRoutes, { db });
  await api.register(refundBankRoutes, { db });
  await api.register(personalDataRoutes, { db, storage, counters });
  await api.register(insuranceRoutes, { db, storage });
  await api.register(healthRecordsRoutes, { db, storage });
  await api.register(healthResultRoutes, { db, storage });
  await api.register(feeGuaranteeRoutes, { db, storage });
}
