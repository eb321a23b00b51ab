import type { Env } from '../config/env';
import type { Database } from '../db/database';
import { dataChanged } from '../lib/response-cache';
import type { PushSender } from '../services/delivery/index';
import type { JobDefinition } from '../services/jobs/index';
import type { PaymentService } from '../services/payments/index';
import type { TenantRegistry } from '../tenancy/registry';
import { expireLapsedHolds } from './appointments/index';
import { settleUnanswered } from './direct-calls/index';
import { expireLapsedPurchases } from './purchases/index';
import { channelsFromEnv, dispatchDueMessages } from './messages/index';
import { cancelReminders, dispatchDueReminders, notifyWaitlist } from './reminders/index';

export interface ScheduledJobsDeps {
  db: Database;
  env: Env;
  registry: TenantRegistry;
  payments?: PaymentService;
  /** The web push service's sender (VAPID / FCM); without it push deliveries are cancelled. */
  push?: PushSender | null;
  log: { error(obj: unknown, msg: string): void };
}

/**
 * The application's periodic jobs (run by server/services/jobs), each for every tenant of the
 * registry in turn; one tenant's failure is logged and does not stop the others.
 * - `reminders.dispatch` (every minute): due appointment reminders become message events.
 * - `messages.dispatch` (every 5 s): due email, SMS and push deliveries of every event.
 * - `holds.expire` (every 30 s): online-payment holds that lapsed become PaymentCancel, their
 *   reminders are dropped and the doctor's waitlist for that day is told.
 * - `purchases.expire` (every 30 s): purchases left at the bank past their hold are cancelled and
 *   their wallet part refunded.
 * - `directCalls.settle` (every 30 s): direct calls nobody answered in time become missed and give
 *   their call back to the package (the patient's own screen settles its call sooner).
 */
export function scheduledJobs({
  db,
  env,
  registry,
  payments,
  push,
  log,
}: ScheduledJobsDeps): JobDefinition[] {
  const channels = channelsFromEnv(env, push ?? null);
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
          await dispatchDueReminders(db, tenant, { now });
        }),
    },
    {
      name: 'messages.dispatch',
      everySeconds: 5,
      run: () =>
        eachTenant('messages.dispatch', async (code) => {
          const tenant = registry.byCode.get(code)!;
          // Batches until the due messages are out (or the run has taken most of its window).
          const started = Date.now();
          for (;;) {
            const report = await dispatchDueMessages(db, tenant, channels, { now: new Date(), batch: 100 });
            const handled = report.sent + report.retrying + report.failed + report.cancelled;
            if (handled < 100 || Date.now() - started > 30_000) break;
          }
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
          if (released > 0) await dataChanged(code, 'availability');
        }),
    },
    {
      name: 'directCalls.settle',
      everySeconds: 30,
      run: (now) =>
        eachTenant('directCalls.settle', async (code) => {
          const { config } = registry.byCode.get(code)!;
          if (!config.features.directCall && !config.features.iomt) return;
          await db.tenant(code, (sql) => settleUnanswered(sql, now, { reason: 'missed', tenant: config }));
        }),
    },
    {
      name: 'purchases.expire',
      everySeconds: 30,
      run: (now) =>
        eachTenant('purchases.expire', async (code) => {
          if (!payments) return;
          await db.tenant(code, (sql) => expireLapsedPurchases(sql, now, payments));
        }),
    },
  ];
}
