import type { Env } from '../config/env';
import type { Database } from '../db/database';
import { dataChanged } from '../lib/response-cache';
import { createDeliveryFactory } from '../services/delivery/index';
import type { JobDefinition } from '../services/jobs/index';
import type { PaymentService } from '../services/payments/types';
import type { TenantRegistry } from '../tenancy/registry';
import { expireLapsedHolds } from './appointments/index';
import { settleUnanswered } from './direct-calls/index';
import { cancelReminders, dispatchDueReminders, notifyWaitlist } from './reminders/index';

export interface ScheduledJobsDeps {
  db: Database;
  env: Env;
  registry: TenantRegistry;
  payments?: PaymentService;
  log: { error(obj: unknown, msg: string): void };
}

/**
 * The application's periodic jobs (run by server/services/jobs), each for every tenant of the
 * registry in turn; one tenant's failure is logged and does not stop the others.
 * - `reminders.dispatch` (every minute): due appointment reminders and waitlist messages.
 * - `holds.expire` (every 30 s): online-payment holds that lapsed become PaymentCancel, their
 *   reminders are dropped and the doctor's waitlist for that day is told.
 * - `directCalls.settle` (every 30 s): direct calls nobody answered in time become missed and give
 *   their call back to the package (the patient's own screen settles its call sooner).
 */
export function scheduledJobs({ db, env, registry, payments, log }: ScheduledJobsDeps): JobDefinition[] {
  const deliveryFor = createDeliveryFactory({
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL,
    from: env.SMTP_FROM,
    onError: (error, tenant) => log.error({ err: error, tenant }, 'reminder delivery failed'),
  });
  const eachTenant = async (job: string, fn: (code: string) => Promise<void>) => {
    for (const tenant of registry.byCode.values()) {
      try {
        await fn(tenant.config.code);
      } catch (error) {
        log.error({ err: error, tenant: tenant.config.code, job }, 'job failed for a tenant');
      }
    }
  };
  return [
    {
      name: 'reminders.dispatch',
      everySeconds: 60,
      run: (now) =>
        eachTenant('reminders.dispatch', async (code) => {
          const tenant = registry.byCode.get(code)!;
          await dispatchDueReminders(db, tenant, deliveryFor(tenant.config), { now });
        }),
    },
    {
      name: 'holds.expire',
      everySeconds: 30,
      run: (now) =>
        eachTenant('holds.expire', async (code) => {
          const tenant = registry.byCode.get(code)!;
          const released = await db.tenant(code, async (sql) => {
            const lapsed = await expireLapsedHolds(sql, now, undefined, payments);
            for (const hold of lapsed) {
              await cancelReminders(sql, hold.appointmentId, 'payment hold lapsed', now);
              await notifyWaitlist(sql, tenant.config, { ...hold, now });
            }
            return lapsed.length;
          });
          if (released > 0) await dataChanged(code);
        }),
    },
    {
      name: 'directCalls.settle',
      everySeconds: 30,
      run: (now) =>
        eachTenant('directCalls.settle', async (code) => {
          const { features } = registry.byCode.get(code)!.config;
          if (!features.directCall && !features.iomt) return;
          await db.tenant(code, (sql) => settleUnanswered(sql, now, { reason: 'missed' }));
        }),
    },
  ];
}
