import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { Database } from '../../db/database';
import { attemptRecorder, type EndedAttempt } from './attempt-recorder';

/**
 * The dispatcher's results on a real database: attempts that end while one batch is written are
 * gathered into the next transaction; each result and its outbox record commit together, only
 * for the attempt that still holds the delivery; a tenant records only its own deliveries.
 */
const A = 'songhong';
const B = 'saomai';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rows = <T>(tenant: string, text: string, params: unknown[] = []) =>
  t.db.tenant(tenant, async (sql) => (await sql.query<T>(text, params)).rows);

/** Deliveries claimed by a dispatcher (state 'sending', first attempt). */
async function claimed(tenant: string, count: number, tag: string): Promise<number[]> {
  const inserted = await rows<{ delivery_id: string }>(
    tenant,
    `INSERT INTO message_deliveries (dedup_key, event, category, channel, recipient, lang, state, attempts,
       lease_until, next_attempt_at)
     SELECT '${tag}:' || n, 'booking-confirmed', 'service', 'email', 'p' || n || '@example.vn', 'vi',
            'sending', 1, now() + interval '5 minutes', now()
       FROM generate_series(1, $1::int) n
     RETURNING delivery_id`,
    [count],
  );
  return inserted.map((r) => Number(r.delivery_id));
}

const sent = (deliveryId: number, attempt = 1): EndedAttempt => ({
  deliveryId,
  attempt,
  result: { state: 'sent', providerRef: `ref-${deliveryId}`, at: new Date() },
  outbox: { channel: 'email', recipient: `P${deliveryId}@Example.vn`, subject: `s${deliveryId}`, body: 'b' },
});

/** The database, counting the transactions opened through it. */
function counting(db: Database) {
  const counter = { transactions: 0, db: { ...db } as Database };
  counter.db.tenant = (tenant, fn) => {
    counter.transactions += 1;
    return db.tenant(tenant, fn);
  };
  return counter;
}

describe('attempt recorder', () => {
  it('records 20 results ended at once in two transactions, each with its outbox record', async () => {
    const ids = await claimed(A, 20, 'burst');
    const counter = counting(t.db);
    const recorder = attemptRecorder(counter.db, A);
    const recorded = await Promise.all(ids.map((id) => recorder.record(sent(id))));
    expect(recorded).toEqual(ids.map(() => true));
    // The first result is written at once; the 19 that ended meanwhile go together in the next.
    expect(counter.transactions).toBe(2);
    const states = await rows<{ state: string; provider_ref: string }>(
      A,
      'SELECT state, provider_ref FROM message_deliveries WHERE delivery_id = ANY($1::bigint[]) ORDER BY delivery_id',
      [ids],
    );
    expect(states).toEqual(ids.map((id) => ({ state: 'sent', provider_ref: `ref-${id}` })));
    const outbox = await rows<{ recipient: string }>(
      A,
      `SELECT recipient FROM outbox_messages WHERE subject = ANY($1::text[]) ORDER BY recipient`,
      [ids.map((id) => `s${id}`)],
    );
    expect(outbox.map((o) => o.recipient)).toEqual(ids.map((id) => `p${id}@example.vn`).sort());
  });

  it('records one result at a time when they end apart', async () => {
    const ids = await claimed(A, 3, 'apart');
    const counter = counting(t.db);
    const recorder = attemptRecorder(counter.db, A);
    for (const id of ids) expect(await recorder.record(sent(id))).toBe(true);
    expect(counter.transactions).toBe(3);
  });

  it('records nothing, outbox included, for an attempt that lost its delivery, and keeps the rest', async () => {
    const [lost, kept] = await claimed(A, 2, 'lease');
    const recorder = attemptRecorder(t.db, A);
    // Attempt 1 of `lost` outlived its lease: another dispatcher holds attempt 2 now.
    await rows(A, 'UPDATE message_deliveries SET attempts = 2 WHERE delivery_id = $1', [lost]);
    const failed: EndedAttempt = {
      deliveryId: kept!,
      attempt: 1,
      result: {
        state: 'pending',
        error: 'sms: gateway busy',
        retryAt: new Date(Date.now() + 30_000),
        at: new Date(),
      },
      outbox: null,
    };
    expect(await Promise.all([recorder.record(sent(lost!)), recorder.record(failed)])).toEqual([false, true]);
    const [row] = await rows<{ state: string; attempts: number }>(
      A,
      'SELECT state, attempts FROM message_deliveries WHERE delivery_id = $1',
      [lost],
    );
    expect(row).toEqual({ state: 'sending', attempts: 2 });
    expect(await rows(A, 'SELECT 1 FROM outbox_messages WHERE subject = $1', [`s${lost}`])).toEqual([]);
    const [retry] = await rows<{ state: string; last_error: string }>(
      A,
      'SELECT state, last_error FROM message_deliveries WHERE delivery_id = $1',
      [kept],
    );
    expect(retry).toEqual({ state: 'pending', last_error: 'sms: gateway busy' });
  });

  it("never records another tenant's delivery", async () => {
    const [other] = await claimed(B, 1, 'other');
    expect(await attemptRecorder(t.db, A).record(sent(other!))).toBe(false);
    const [row] = await rows<{ state: string }>(
      B,
      'SELECT state FROM message_deliveries WHERE delivery_id = $1',
      [other],
    );
    expect(row!.state).toBe('sending');
  });

  it('fails every waiting result when the write fails, and records later ones', async () => {
    const ids = await claimed(A, 2, 'broken');
    const recorder = attemptRecorder(t.db, A);
    const bad = {
      ...sent(ids[0]!),
      result: { state: 'sent' as const, providerRef: null, at: new Date(Number.NaN) },
    };
    await expect(recorder.record(bad)).rejects.toThrow();
    expect(await recorder.record(sent(ids[1]!))).toBe(true);
  });
});
