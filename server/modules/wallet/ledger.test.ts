import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { command as walletCommand } from '../../admin/commands/wallet';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  post,
  PRICES,
  rows,
  type Booker,
  type DoctorWorld,
} from '../appointments/booking-fixtures';
import { setBookingNow } from '../appointments/index';

/**
 * The wallet ledger (migration 029) under load and under attack: on PostgreSQL (server-postgres
 * project) the fifty requests run in parallel transactions on a pool; on PGlite they queue. After
 * each round the reconciliation command (`npm run admin -- wallet reconcile <tenant>`) must pass,
 * so it runs in CI after these bookings.
 */
let t: TestApp;
let w: DoctorWorld;
let users: Booker[];
const TOPUP = 700_000; // three video consultations (200 000 each) and 100 000 over
const USERS = 10;
const PER_USER = 5;

beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
  users = [];
  for (let i = 0; i < USERS; i++) users.push(await createBooker(t, 'songhong', { wallet: TOPUP }));
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

async function reconcile(tenant: string, args = ['reconcile', tenant]) {
  const lines: string[] = [];
  const code = await walletCommand.run({ db: t.db, registry: t.registry, args, print: (l) => lines.push(l) });
  return { code, lines };
}

/** A video consultation paid entirely from the wallet (payment method 2: nothing left to pay). */
const payByWallet = (b: Booker, slotId: number) =>
  book(t, w, b, slotId, { serviceTypeId: 1, paymentMethod: 2, useWallet: true });

/** The wallet's answer for each user: balance, and what the appointments still hold. */
async function expectBalancesFollowAppointments() {
  const byUser = await rows<{ user_id: number; balance: number; held: number }>(
    t,
    'songhong',
    `SELECT b.user_id, b.balance,
            (SELECT coalesce(sum(a.wallet_amount), 0)::int FROM appointments a
              WHERE a.user_id = b.user_id AND a.active) AS held
       FROM wallet_balances b WHERE b.user_id = ANY($1::int[]) ORDER BY b.user_id`,
    [users.map((u) => u.userId)],
  );
  expect(byUser).toHaveLength(USERS);
  for (const r of byUser) {
    expect(r.balance).toBeGreaterThanOrEqual(0);
    expect(r.balance).toBe(TOPUP - r.held);
  }
}

const REFUSALS = ['wallet_not_eligible', 'payment_method_not_allowed', 'scheduling_failed'];

describe('the wallet ledger under concurrent bookings and refunds', () => {
  it('50 concurrent wallet payments, then 50 concurrent cancellations and bookings: every balance adds up', async () => {
    const started = Date.now();
    // Round 1: each user books five consultations at once (days 2-6); the wallet covers three.
    const slots: { user: Booker; slotId: number }[] = [];
    for (let day = 0; day < PER_USER; day++) {
      for (let u = 0; u < USERS; u++) {
        const hh = String(8 + Math.floor(u / 2)).padStart(2, '0');
        const slotId = await addSlot(t, w, at(2 + day, `${hh}:${u % 2 ? '30' : '00'}`));
        slots.push({ user: users[u]!, slotId });
      }
    }
    const first = await Promise.all(slots.map((s) => payByWallet(s.user, s.slotId)));
    const firstMs = Date.now() - started;
    expect(first).toHaveLength(50);
    const refused = first.filter((r) => r.status !== 200);
    for (const r of refused) expect(REFUSALS, JSON.stringify(r.json)).toContain(r.json.codeMessageRespond);
    const booked = slots.flatMap((s, i) =>
      first[i]!.status === 200 ? [{ user: s.user, id: first[i]!.json.data.appointmentId as number }] : [],
    );
    // No user spent more than the wallet held: at most three paid consultations each.
    for (const u of users) {
      expect(booked.filter((b) => b.user === u).length).toBeLessThanOrEqual(Math.floor(TOPUP / PRICES.video));
    }
    expect(booked.length).toBeGreaterThanOrEqual(USERS);
    await expectBalancesFollowAppointments();
    expect((await reconcile('songhong')).code).toBe(0);

    // Round 2: every booking is cancelled (refund to the wallet) while the same users book again
    // (days 7-8), fifty requests at once in all.
    const again: { user: Booker; slotId: number }[] = [];
    for (let i = 0; again.length < 50 - booked.length; i++) {
      const u = i % USERS;
      const hh = String(8 + Math.floor(u / 2)).padStart(2, '0');
      const day = 7 + Math.floor(i / USERS);
      again.push({ user: users[u]!, slotId: await addSlot(t, w, at(day, `${hh}:${u % 2 ? '30' : '00'}`)) });
    }
    const round2 = Date.now();
    const [cancels, rebooks] = await Promise.all([
      Promise.all(
        booked.map((b) =>
          post(t, b.user, 'Appointments/CancelAppintment', {
            appointmentId: b.id,
            reason: 'Bận việc',
            remark: 'Xin lỗi',
          }),
        ),
      ),
      Promise.all(again.map((s) => payByWallet(s.user, s.slotId))),
    ]);
    const secondMs = Date.now() - round2;
    expect(cancels.length + rebooks.length).toBe(50);
    for (const c of cancels) expect(c.status, JSON.stringify(c.json)).toBe(200);
    for (const r of rebooks.filter((x) => x.status !== 200)) {
      expect(REFUSALS, JSON.stringify(r.json)).toContain(r.json.codeMessageRespond);
    }
    await expectBalancesFollowAppointments();
    // Each cancelled appointment: its payment and its refund cancel out in the ledger.
    const net = await rows<{ n: number }>(
      t,
      'songhong',
      `SELECT count(*)::int AS n FROM (
         SELECT appointment_id FROM wallet_transactions WHERE appointment_id = ANY($1::bigint[])
          GROUP BY appointment_id HAVING sum(amount) <> 0 OR count(*) <> 2) x`,
      [booked.map((b) => b.id)],
    );
    expect(net).toEqual([{ n: 0 }]);

    const { code, lines } = await reconcile('songhong');
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('OK: every balance equals the sum of its entries and none is negative');
    const why = [...refused, ...rebooks.filter((r) => r.status !== 200)].map(
      (r) => r.json.codeMessageRespond,
    );
    console.info(
      `wallet ledger: round 1 ${first.length} bookings in ${firstMs} ms (${booked.length} paid, ${refused.length} refused: ` +
        `${REFUSALS.map((k) => `${k} ${why.filter((x) => x === k).length}`).join(', ')}); ` +
        `round 2 ${cancels.length} cancellations + ${rebooks.length} bookings in ${secondMs} ms ` +
        `(${rebooks.filter((r) => r.status === 200).length} paid)\n${lines.join('\n')}`,
    );
  });
});

describe('the database enforces the ledger', () => {
  it('refuses an overdraft, a changed or removed entry and a direct balance write from the app role', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 50_000 });
    const as = (text: string, params: unknown[]) =>
      t.db
        .tenant('songhong', (sql) => sql.query(text, params))
        .then(
          () => 'ok',
          (e: { code?: string; message?: string }) => e.code ?? e.message,
        );
    expect(
      await as(`INSERT INTO wallet_transactions (user_id, amount, kind) VALUES ($1, -50001, 'payment')`, [
        b.userId,
      ]),
    ).toBe('23514');
    expect(await as('UPDATE wallet_transactions SET amount = 1 WHERE user_id = $1', [b.userId])).toBe(
      '42501',
    );
    expect(await as('DELETE FROM wallet_transactions WHERE user_id = $1', [b.userId])).toBe('42501');
    expect(await as('UPDATE wallet_balances SET balance = 1 WHERE user_id = $1', [b.userId])).toBe('42501');
    expect(await as('DELETE FROM wallet_balances WHERE user_id = $1', [b.userId])).toBe('42501');
    // Even the owner cannot change an entry or write a balance behind the ledger's back.
    const asOwnerCode = (text: string) =>
      asOwner(t, 'songhong', (sql) => sql.query(text, [b.userId])).then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      );
    expect(await asOwnerCode('UPDATE wallet_transactions SET amount = 1 WHERE user_id = $1')).toBe('42501');
    expect(await asOwnerCode('UPDATE wallet_balances SET balance = 1 WHERE user_id = $1')).toBe('42501');
    // Spending exactly the balance is fine, and a credit moves it back.
    expect(
      await as(`INSERT INTO wallet_transactions (user_id, amount, kind) VALUES ($1, -50000, 'payment')`, [
        b.userId,
      ]),
    ).toBe('ok');
    expect(
      await rows(t, 'songhong', 'SELECT balance FROM wallet_balances WHERE user_id = $1', [b.userId]),
    ).toEqual([{ balance: 0 }]);
  });

  it('keeps each tenant to its own wallets: no entry for another tenant’s user, reconcile sees one tenant', async () => {
    const foreign = await createBooker(t, 'songkhoe', { wallet: 30_000 });
    const refused = await t.db
      .tenant('songhong', (sql) =>
        sql.query(`INSERT INTO wallet_transactions (user_id, amount, kind) VALUES ($1, 1000, 'topup')`, [
          foreign.userId,
        ]),
      )
      .then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      );
    expect(refused).toBe('42501');
    const seen = await rows(t, 'songhong', 'SELECT user_id FROM wallet_balances WHERE user_id = $1', [
      foreign.userId,
    ]);
    expect(seen).toEqual([]);
    const songkhoe = await reconcile('songkhoe');
    expect(songkhoe.code).toBe(0);
    expect(songkhoe.lines[0]).toMatch(
      /^wallet reconcile songkhoe: 1 wallets, 1 entries, balances total 30,000 VND$/,
    );
  });

  it('reconcile exits 1 and names the wallet when a balance was broken behind its back (as the owner)', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 40_000 });
    const tamper = (balance: number) =>
      asOwner(t, 'songhong', async (sql) => {
        await sql.query('ALTER TABLE wallet_balances DISABLE TRIGGER wallet_balances_derived');
        await sql.query('UPDATE wallet_balances SET balance = $2 WHERE user_id = $1', [b.userId, balance]);
        await sql.query('ALTER TABLE wallet_balances ENABLE TRIGGER wallet_balances_derived');
      });
    await tamper(45_000);
    const broken = await reconcile('songhong');
    expect(broken.code).toBe(1);
    expect(broken.lines).toContain(
      `  MISMATCH user ${b.userId}: balance 45,000 VND, sum of entries 40,000 VND`,
    );
    expect(broken.lines.at(-1)).toMatch(/^FAILED: 1 of \d+ wallets do not add up$/);
    await tamper(40_000);
    expect((await reconcile('songhong')).code).toBe(0);
  });

  it('lets the foreign keys act: a deleted appointment leaves its entries, a purged account takes its wallet', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 300_000 });
    const made = await payByWallet(b, await addSlot(t, w, at(9, '15:00')));
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = made.json.data.appointmentId as number;
    await asOwner(t, 'songhong', (sql) =>
      sql.query('DELETE FROM appointments WHERE appointment_id = $1', [id]),
    );
    const entries = await rows(
      t,
      'songhong',
      'SELECT amount, appointment_id FROM wallet_transactions WHERE user_id = $1 ORDER BY wallet_transaction_id',
      [b.userId],
    );
    expect(entries).toEqual([
      { amount: 300_000, appointment_id: null },
      { amount: -PRICES.video, appointment_id: null },
    ]);
    await asOwner(t, 'songhong', (sql) => sql.query('DELETE FROM users WHERE user_id = $1', [b.userId]));
    const left = await rows(
      t,
      'songhong',
      `SELECT (SELECT count(*)::int FROM wallet_transactions WHERE user_id = $1) AS entries,
              (SELECT count(*)::int FROM wallet_balances WHERE user_id = $1) AS balances`,
      [b.userId],
    );
    expect(left).toEqual([{ entries: 0, balances: 0 }]);
    expect((await reconcile('songhong')).code).toBe(0);
  });

  it('answers bad usage with exit 2', async () => {
    expect((await reconcile('x', ['reconcile', 'nosuchtenant'])).code).toBe(2);
    expect((await reconcile('x', ['rebalance', 'songhong'])).code).toBe(2);
    expect((await reconcile('x', ['reconcile', 'songhong', 'extra'])).code).toBe(2);
  });
});
