import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database';
import type { TenantRegistry } from '../../tenancy/registry';
import { maintainDoctorListing, REFRESH_INTERVAL_MS } from './next-slot-refresher';
import { slotListRoutes } from './schedule-routes';

export interface ScheduleOptions {
  db: Database;
  registry: TenantRegistry;
}

/**
 * Schedule: a doctor's free slots as the doctor page and booking show them. Also keeps
 * doctors.next_free_slot fresh while the server runs (the doctor list's earliest-slot order).
 */
export const scheduleRoutes: FastifyPluginAsync<ScheduleOptions> = async (app, options) => {
  const { db, registry } = options;
  await app.register(slotListRoutes, { db });

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
