import path from 'node:path';
import { openPostgres } from '../../server/db/postgres';
import { dispatchDueMessages, type MessageChannels } from '../../server/modules/messages/index';
import { smsSender, smtpMailer } from '../../server/services/delivery/index';
import { loadTenantRegistry, type Tenant } from '../../server/tenancy/registry';

/**
 * One message dispatcher in its own process (message-crash.test.ts starts it, and may kill it in
 * the middle of a send): one run of `dispatchDueMessages` for one tenant, against the database,
 * SMTP server and eSMS stand-in the test names, with the clock moved by NOW_OFFSET_MS (a
 * dispatcher that comes after the lease of a killed one has passed). Prints its report.
 */
const env = process.env;
const root = path.resolve(import.meta.dirname, '../..');
const registry = loadTenantRegistry({
  tenantsDir: path.join(root, 'tenants'),
  themesDir: path.join(root, 'themes'),
  defaultCode: 'songkhoe',
});
const base = registry.byCode.get(env.WORKER_TENANT!)!;
const tenant: Tenant = {
  ...base,
  config: {
    ...base.config,
    sms: {
      provider: 'esms',
      url: env.WORKER_ESMS_URL!,
      apiKeyEnv: 'WORKER_ESMS_KEY',
      secretKeyEnv: 'WORKER_ESMS_SECRET',
      brandName: env.WORKER_ESMS_BRAND!,
    },
  },
};
const channels: MessageChannels = {
  production: true,
  mail: smtpMailer(env.WORKER_SMTP_URL!),
  fromAddress: 'no-reply@songhong.example',
  sms: (t) => smsSender(t.config.sms!),
  push: null,
};
const db = await openPostgres(env.WORKER_DATABASE_URL!, 2);
try {
  const report = await dispatchDueMessages(db, tenant, channels, {
    now: new Date(Date.now() + Number(env.NOW_OFFSET_MS ?? 0)),
    concurrency: Number(env.WORKER_CONCURRENCY ?? 1),
  });
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  channels.mail?.close?.();
  await db.close();
}
