import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { LEASE_MS, notify, samplePayload } from '../../server/modules/messages/index';
import { prepareDatabase } from '../../server/startup';
import { loadTenantRegistry, type TenantRegistry } from '../../server/tenancy/registry';
import { createUser } from '../../server/modules/accounts/test-support';
import { databaseUrl, postgresTemplate, withAdmin } from '../helpers/db-snapshot';
import { startEsmsGateway, type TestEsmsGateway } from '../helpers/esms-gateway';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';

/**
 * Messages leave once across processes, and after a dispatcher is killed in the middle of a send:
 * real dispatcher processes (message-dispatch-worker.ts) on one PostgreSQL, a real SMTP server,
 * and a stand-in of eSMS.vn's HTTP API that, like eSMS, refuses a RequestId it has already taken.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TENANT = 'songhong';
const ESMS = { apiKey: 'k-crash', secretKey: 's-crash', brandName: 'SONGHONG' };

let url = '';
let name = '';
let db: Database;
let registry: TenantRegistry;
let smtp: TestSmtpServer;
let esms: TestEsmsGateway;

beforeAll(async () => {
  const admin = process.env.DATABASE_URL!;
  name = `sk_msg_${randomBytes(5).toString('hex')}`;
  const template = await postgresTemplate(admin);
  await withAdmin(admin, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  url = databaseUrl(admin, name);
  db = await openPostgres(url, 4);
  registry = loadTenantRegistry({
    tenantsDir: path.join(ROOT, 'tenants'),
    themesDir: path.join(ROOT, 'themes'),
    defaultCode: 'songkhoe',
  });
  await prepareDatabase(db, registry, { seed: false });
  smtp = await startSmtpServer();
  esms = await startEsmsGateway(ESMS);
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await esms?.close();
  await db?.close();
  if (name)
    await withAdmin(process.env.DATABASE_URL!, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
});

/** Starts a dispatcher process; resolves with how it ended. */
function dispatcher(options: { nowOffsetMs?: number; concurrency?: number } = {}) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/scale/message-dispatch-worker.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        WORKER_DATABASE_URL: url,
        WORKER_TENANT: TENANT,
        WORKER_SMTP_URL: smtp.url,
        WORKER_ESMS_URL: esms.url,
        WORKER_ESMS_KEY: ESMS.apiKey,
        WORKER_ESMS_SECRET: ESMS.secretKey,
        WORKER_ESMS_BRAND: ESMS.brandName,
        NOW_OFFSET_MS: String(options.nowOffsetMs ?? 0),
        WORKER_CONCURRENCY: String(options.concurrency ?? 1),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>(
    (resolve) => child.on('exit', (code, signal) => resolve({ code, signal, out, err })),
  );
  return { child, ended };
}

async function raise(userId: number, key: string) {
  const config = registry.byCode.get(TENANT)!.config;
  await db.tenant(TENANT, (sql) =>
    notify(sql, config, {
      event: 'booking-confirmed',
      userId,
      key,
      values: samplePayload('booking-confirmed'),
    }),
  );
}

const delivery = async (key: string, channel: string) =>
  (
    await db.tenant(TENANT, (sql) =>
      sql.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM message_deliveries WHERE dedup_key = $1',
        [`${key}:${channel}`],
      ),
    )
  ).rows[0]!;

const outboxCount = async (recipient: string) =>
  (
    await db.tenant(TENANT, (sql) =>
      sql.query('SELECT 1 FROM outbox_messages WHERE recipient = $1', [recipient]),
    )
  ).rows.length;

describe('message delivery across processes', () => {
  it('an SMS whose dispatcher is killed after the gateway took it reaches the phone once', async () => {
    const user = await createUser(db, TENANT, { mobile: '911000001' });
    await raise(user, 'crash-sms');
    const first = dispatcher();
    esms.afterAccept = async () => {
      first.child.kill('SIGKILL');
      await first.ended;
    };
    const killed = await first.ended;
    esms.afterAccept = null;
    expect(killed.signal).toBe('SIGKILL');
    expect(esms.accepted.filter((m) => m.Phone === '0911000001')).toHaveLength(1);
    expect(await delivery('crash-sms', 'sms')).toEqual({ state: 'sending', attempts: 1 });

    // Another process, once the dead one's lease has passed, sends again with the same RequestId.
    const second = await dispatcher({ nowOffsetMs: LEASE_MS + 1000 }).ended;
    expect(second.code, second.err).toBe(0);
    expect(await delivery('crash-sms', 'sms')).toEqual({ state: 'sent', attempts: 2 });
    const requests = esms.requests.filter((r) => r.Phone === '0911000001');
    expect(requests).toHaveLength(2);
    expect(requests[0]!.RequestId).toBe(requests[1]!.RequestId);
    expect(esms.accepted.filter((m) => m.Phone === '0911000001')).toHaveLength(1);
    expect(await outboxCount('+84911000001')).toBe(1);
  });

  it('an email whose dispatcher is killed before the SMTP server accepted it arrives once', async () => {
    const user = await createUser(db, TENANT, { email: 'crash-mail@example.com' });
    await raise(user, 'crash-mail');
    const first = dispatcher();
    smtp.beforeAccept = async () => {
      first.child.kill('SIGKILL');
      await first.ended;
      return 'drop';
    };
    expect((await first.ended).signal).toBe('SIGKILL');
    smtp.beforeAccept = null;
    const mine = () => smtp.messages.filter((m) => JSON.stringify(m.to).includes('crash-mail@example.com'));
    expect(mine()).toHaveLength(0);
    expect(await delivery('crash-mail', 'email')).toEqual({ state: 'sending', attempts: 1 });

    const second = await dispatcher({ nowOffsetMs: 2 * LEASE_MS + 2000 }).ended;
    expect(second.code, second.err).toBe(0);
    expect(mine()).toHaveLength(1);
    expect(await delivery('crash-mail', 'email')).toEqual({ state: 'sent', attempts: 2 });
    expect(await outboxCount('crash-mail@example.com')).toBe(1);
  });

  it('two dispatcher processes at once send each of 40 messages once', async () => {
    const user = await createUser(db, TENANT, { email: 'many@example.com', mobile: '911000002' });
    for (let i = 0; i < 20; i++) await raise(user, `many-${i}`);
    const offset = 3 * LEASE_MS + 3000;
    const [a, b] = await Promise.all([
      dispatcher({ nowOffsetMs: offset, concurrency: 4 }).ended,
      dispatcher({ nowOffsetMs: offset, concurrency: 4 }).ended,
    ]);
    expect([a.code, b.code], a.err + b.err).toEqual([0, 0]);
    const reports = [a, b].map((r) => JSON.parse(r.out) as { sent: number; cancelled: number });
    // 20 emails + 20 SMS sent, 20 pushes cancelled (no push service in these processes).
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(40);
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes('many@example.com'))).toHaveLength(20);
    expect(esms.accepted.filter((m) => m.Phone === '0911000002')).toHaveLength(20);
    expect(esms.requests.filter((r) => r.Phone === '0911000002')).toHaveLength(20);
  });
});
