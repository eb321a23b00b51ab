import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  get,
  post,
  PRICES,
  type Booker,
  type DoctorWorld,
} from '../appointments/booking-fixtures';
import { setBookingNow } from '../appointments/index';
import { settleAppointmentPayment } from '../appointments/index';

// "Now" is the booking fixtures' NOW: Monday 4 March 2030, 10:00 in Vietnam.
let t: TestApp;
let w: DoctorWorld;
beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const as = (b: Booker, path: string) => get(t, b.tenant, path, { authorization: `Bearer ${b.token}` });
const history = (b: Booker, query = '') => as(b, `WalletHistories/GetAllWalletHistories${query}`);

/** Appends one ledger entry at a given instant (the database moves the balance). */
async function move(b: Booker, amount: number, kind: string, createdAt: string, description = '') {
  await asOwner(t, b.tenant, async (sql) => {
    await sql.query(
      `INSERT INTO wallet_transactions (user_id, amount, kind, description, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [b.userId, amount, kind, description, createdAt],
    );
  });
}

describe('WalletBalances/GetAllWalletBalances', () => {
  it("answers the caller's own balance, with or without their UserId; 0 without a wallet", async () => {
    const b = await createBooker(t, 'songhong', { wallet: 150_000 });
    for (const query of ['', `?UserId=${b.userId}`]) {
      const r = await as(b, `WalletBalances/GetAllWalletBalances${query}`);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data).toEqual({ userId: b.userId, balance: 150_000 });
    }
    const empty = await createBooker(t, 'songhong');
    expect((await as(empty, 'WalletBalances/GetAllWalletBalances')).json.data).toEqual({
      userId: empty.userId,
      balance: 0,
    });
  });

  it("another user's UserId (same tenant or another) answers 404 and leaks nothing", async () => {
    const b = await createBooker(t, 'songhong', { wallet: 10_000 });
    const other = await createBooker(t, 'songhong', { wallet: 99_000 });
    const foreign = await createBooker(t, 'songkhoe', { wallet: 77_000 });
    for (const id of [other.userId, foreign.userId, 2_000_000_000]) {
      const r = await as(b, `WalletBalances/GetAllWalletBalances?UserId=${id}`);
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ isSuccess: false, codeMessageRespond: 'wallet_not_found', data: null });
    }
  });

  it('needs a signed-in user and rejects a bad UserId with 400', async () => {
    const anonymous = await get(t, 'songhong', 'WalletBalances/GetAllWalletBalances');
    expect(anonymous.status).toBe(401);
    const b = await createBooker(t, 'songhong');
    const bad = await as(b, 'WalletBalances/GetAllWalletBalances?UserId=abc');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ codeMessageRespond: 'invalid_request', errors: ['invalid_user_id'] });
  });

  it('answers 404 feature_disabled on a tenant without the wallet (saomai), for both endpoints', async () => {
    const b = await createBooker(t, 'saomai', { wallet: 5_000 });
    for (const path of ['WalletBalances/GetAllWalletBalances', 'WalletHistories/GetAllWalletHistories']) {
      const r = await as(b, path);
      expect(r.status).toBe(404);
      expect(r.json.codeMessageRespond).toBe('feature_disabled');
    }
  });
});

describe('WalletHistories/GetAllWalletHistories', () => {
  it("lists only the caller's transactions, newest first, with the balance", async () => {
    const b = await createBooker(t, 'songhong');
    const other = await createBooker(t, 'songhong');
    const foreign = await createBooker(t, 'songkhoe');
    await move(b, 200_000, 'topup', '2030-03-01T02:00:00Z', 'Nạp tiền');
    await move(b, -50_000, 'adjustment', '2030-03-03T02:00:00Z', 'Điều chỉnh');
    await move(other, 70_000, 'topup', '2030-03-02T02:00:00Z');
    await move(foreign, 80_000, 'referral', '2030-03-02T02:00:00Z');
    const r = await history(b);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({
      walletHistories: [
        {
          walletTransactionId: expect.any(Number),
          amount: -50_000,
          kind: 'adjustment',
          appointmentId: null,
          appointmentNumber: null,
          purchaseId: null,
          description: 'Điều chỉnh',
          createdAt: '2030-03-03T02:00:00.000Z',
        },
        expect.objectContaining({ amount: 200_000, kind: 'topup', createdAt: '2030-03-01T02:00:00.000Z' }),
      ],
      balance: 150_000,
      pagination: { pageNumber: 1, pageSize: 15, totalRecords: 2 },
    });
    // The other tenant's user sees their own row only, never songhong's.
    const theirs = await history(foreign);
    expect(theirs.json.data.walletHistories.map((h: { amount: number }) => h.amount)).toEqual([80_000]);
    expect(theirs.json.data.balance).toBe(80_000);
  });

  it('pages with the envelope pagination (PageNumber, PageSize, totalRecords)', async () => {
    const b = await createBooker(t, 'songhong');
    for (let i = 1; i <= 5; i += 1) await move(b, i * 1_000, 'topup', `2030-03-0${i}T01:00:00Z`);
    const second = await history(b, '?PageNumber=2&PageSize=2');
    expect(second.json.data.walletHistories.map((h: { amount: number }) => h.amount)).toEqual([3_000, 2_000]);
    expect(second.json.data.pagination).toEqual({ pageNumber: 2, pageSize: 2, totalRecords: 5 });
    const last = await history(b, '?PageNumber=3&PageSize=2');
    expect(last.json.data.walletHistories.map((h: { amount: number }) => h.amount)).toEqual([1_000]);
    const beyond = await history(b, '?PageNumber=9&PageSize=2');
    expect(beyond.json.data.walletHistories).toEqual([]);
    expect(beyond.json.data.pagination.totalRecords).toBe(5);
    for (const query of ['?PageSize=0', '?PageSize=101', '?PageNumber=0', '?duration=yesterday']) {
      const bad = await history(b, query);
      expect(bad.status, query).toBe(400);
      expect(bad.json).toMatchObject({ isSuccess: false, codeMessageRespond: 'invalid_request' });
      expect(bad.json.errors?.[0], query).toMatch(/^invalid_(page_size|page_number|duration)$/);
    }
  });

  it("filters by the spec's durations on the day in the tenant's zone (Vietnam)", async () => {
    const b = await createBooker(t, 'songhong');
    // Local days in Vietnam (UTC+7): 4 March 00:30 is 3 March 17:30 UTC.
    await move(b, 1, 'topup', '2030-03-03T17:30:00Z'); // today, just after midnight
    await move(b, 2, 'topup', '2030-03-03T16:30:00Z'); // Sunday 3 March 23:30: last week, this month
    await move(b, 3, 'topup', '2030-02-20T03:00:00Z'); // last month
    await move(b, 4, 'topup', '2030-01-02T03:00:00Z'); // this year
    await move(b, 5, 'topup', '2029-12-31T16:59:00Z'); // 31 Dec 2029 23:59: last year
    const amounts = async (duration: string) =>
      (await history(b, `?duration=${duration}`)).json.data.walletHistories.map(
        (h: { amount: number }) => h.amount,
      );
    expect(await amounts('today')).toEqual([1]);
    expect(await amounts('this_week')).toEqual([1]);
    expect(await amounts('this_month')).toEqual([1, 2]);
    expect(await amounts('last_month')).toEqual([3]);
    expect(await amounts('this_year')).toEqual([1, 2, 3, 4]);
    expect(await amounts('all')).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the refund of a cancelled, paid online booking with its appointment', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 20_000 });
    const slotId = await addSlot(t, w, at(3, '09:00'));
    const made = await book(t, w, b, slotId, { serviceTypeId: 1, paymentMethod: 1, useWallet: true });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const { appointmentId, appointmentNumber } = made.json.data;
    await t.db.tenant('songhong', (sql) =>
      settleAppointmentPayment(sql, t.registry.byCode.get('songhong')!.config, {
        appointmentId,
        paymentId: 0,
        outcome: 'paid',
      }),
    );
    const cancelled = await post(t, b, 'Appointments/CancelAppintment', {
      appointmentId,
      reason: 'Bận việc',
      remark: 'Xin lỗi',
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);

    const r = await history(b);
    expect(r.status).toBe(200);
    expect(r.json.data.balance).toBe(PRICES.video);
    // Newest first: the two refunds (online part, then wallet part; same instant, id order), the
    // payment, then the booker's top-up.
    expect(
      r.json.data.walletHistories.map((h: { amount: number; kind: string; appointmentId: number }) => [
        h.kind,
        h.amount,
        h.appointmentId,
      ]),
    ).toEqual([
      ['refund', PRICES.video - 20_000, appointmentId],
      ['refund', 20_000, appointmentId],
      ['payment', -20_000, appointmentId],
      ['topup', 20_000, null],
    ]);
    for (const h of r.json.data.walletHistories.slice(0, 3))
      expect(h.appointmentNumber).toBe(appointmentNumber);
    const balance = await as(b, 'WalletBalances/GetAllWalletBalances');
    expect(balance.json.data.balance).toBe(PRICES.video);
  });
});
