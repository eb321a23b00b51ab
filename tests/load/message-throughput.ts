import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPostgres } from '../../server/db/postgres';
import {
  dispatchDueMessages,
  notify,
  samplePayload,
  type MessageChannels,
} from '../../server/modules/messages/index';
import { esmsSms, smtpMailer } from '../../server/services/delivery/index';
import { prepareDatabase } from '../../server/startup';
import { loadTenantRegistry, type Tenant } from '../../server/tenancy/registry';
import { databaseUrl, postgresTemplate, withAdmin } from '../helpers/db-snapshot';
import { startEsmsGateway } from '../helpers/esms-gateway';
import { startSmtpServer } from '../helpers/smtp-server';

export interface MessageThroughput {
  events: number;
  deliveries: number;
  raiseSeconds: number;
  sendSeconds: number;
  perSecond: number;
}

/**
 * Messages per second through the delivery jobs on PostgreSQL: `events` booking confirmations
 * (each an in-app notification and an email, an SMS and a push delivery) are raised in their own
 * transactions, then `dispatchers` dispatchers (as the jobs service runs them, `concurrency` sends
 * each) send everything to a real SMTP server, the eSMS stand-in and a counting push sender, all
 * on loopback. A throw-away database copied from the migrated template of `adminUrl`.
 */
export async function measureMessageThroughput(
  adminUrl: string,
  options: { events?: number; dispatchers?: number; concurrency?: number } = {},
): Promise<MessageThroughput> {
  const events = options.events ?? 1000;
  const root = path.resolve(import.meta.dirname, '../..');
  const name = `sk_bench_msg_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const db = await openPostgres(databaseUrl(adminUrl, name), 10);
  const smtp = await startSmtpServer({ parse: false });
  const credentials = { apiKey: 'bench', secretKey: 'bench', brandName: 'SONGHONG' };
  const esms = await startEsmsGateway(credentials);
  let mail: ReturnType<typeof smtpMailer> | null = null;
  try {
    const registry = loadTenantRegistry({
      tenantsDir: path.join(root, 'tenants'),
      themesDir: path.join(root, 'themes'),
      defaultCode: 'songkhoe',
    });
    await prepareDatabase(db, registry, { seed: false });
    const base = registry.byCode.get('songhong')!;
    const tenant: Tenant = {
      ...base,
      config: {
        ...base.config,
        sms: { provider: 'esms', url: esms.url, apiKeyEnv: 'K', secretKeyEnv: 'S', brandName: 'SONGHONG' },
      },
    };
    mail = smtpMailer(smtp.url);
    let pushes = 0;
    const sms = esmsSms(tenant.config.sms as never, { K: credentials.apiKey, S: credentials.secretKey });
    const channels: MessageChannels = {
      production: true,
      mail,
      fromAddress: 'no-reply@songhong.example',
      sms: () => sms,
      push: { send: async () => void (pushes += 1) },
    };
    const users = await db.tenant('songhong', async (sql) => {
      const { rows } = await sql.query<{ user_id: number }>(
        `INSERT INTO users (email, phone_code, mobile_number, password_hash, status, full_name)
         SELECT 'bench' || g || '@example.com', '+84', (900000000 + g)::text, 'x', 'active', 'Bench'
         FROM generate_series(1, 100) g RETURNING user_id`,
      );
      return rows.map((r) => Number(r.user_id));
    });
    const raiseStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < events; i = next++) {
          await db.tenant('songhong', (sql) =>
            notify(sql, tenant.config, {
              event: 'booking-confirmed',
              userId: users[i % users.length]!,
              key: `bench:${i}`,
              values: samplePayload('booking-confirmed'),
            }),
          );
        }
      }),
    );
    const raiseSeconds = (performance.now() - raiseStart) / 1000;
    const sendStart = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: options.dispatchers ?? 2 }, async () => {
        for (;;) {
          const r = await dispatchDueMessages(db, tenant, channels, {
            batch: 100,
            concurrency: options.concurrency ?? 8,
          });
          const handled = r.sent + r.retrying + r.failed + r.cancelled;
          sent += r.sent;
          if (handled === 0) break;
        }
      }),
    );
    const sendSeconds = (performance.now() - sendStart) / 1000;
    if (smtp.raw.length !== events || esms.accepted.length !== events || pushes !== events)
      throw new Error(
        `message bench: expected ${events} each, got ${smtp.raw.length} emails, ${esms.accepted.length} SMS, ${pushes} pushes`,
      );
    return { events, deliveries: sent, raiseSeconds, sendSeconds, perSecond: sent / sendSeconds };
  } finally {
    mail?.close?.();
    await smtp.close();
    await esms.close();
    await db.close();
    await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

// Run alone: `npx tsx tests/load/message-throughput.ts [postgres url]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const r = await measureMessageThroughput(url, { events: Number(process.env.BENCH_MESSAGE_EVENTS ?? 1000) });
  console.log(JSON.stringify(r));
}
