import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payAtSandbox } from '../../../tests/helpers/sandbox-bank';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { caller, PASSWORD } from '../accounts/test-support';
import { buyerHelpers } from './purchase-test-support';
import { setBookingNow } from '../appointments/index';
import { asOwner, type TestUser } from '../appointments/care-fixtures';
import { createPaymentService } from '../../services/payments/index';
import { enrolInProgram, expireLapsedPurchases } from './index';

/**
 * Buying packages and programs over HTTP on the real app and database (PGlite, and PostgreSQL when
 * DATABASE_URL is set, where the concurrent checkouts really race): the sandbox bank's signed IPN,
 * the wallet through its ledger, renewal and upgrade, lapsed holds, and tenants apart.
 */
let t: TestApp;
let basic: number;
let premium: number;
let iomtPackage: number;
let program: number;
let foreignPackage: number;
const { api, newUser, membership, topUp, balance, packagesOf } = buyerHelpers(() => t);
const freeAppointmentsOf = (user: TestUser) =>
  asOwner(t.db, 'songkhoe', async (sql) => {
    const { rows } = await sql.query<{ left: number }>(
      'SELECT free_appointments_left AS left FROM user_packages WHERE user_id = $1 ORDER BY user_package_id',
      [user.userId],
    );
    return rows.map((r) => r.left);
  });

beforeAll(async () => {
  t = await createTestApp();
  basic = await membership('songkhoe', 'Gói Cơ bản', 300_000, 5, 1);
  premium = await membership('songkhoe', 'Gói Cao cấp', 900_000, 20, 2);
  foreignPackage = await membership('saomai', 'Gói Sao Mai', 100_000, 3, 0);
  [iomtPackage, program] = await asOwner(t.db, 'songkhoe', async (sql) => {
    const iomt = await sql.query<{ id: number }>(
      `INSERT INTO iomt_packages (name_vi, name_en, duration_months, price) VALUES ('Theo dõi huyết áp', 'Blood pressure', 6, 500000)
       RETURNING iomt_package_id AS id`,
    );
    const hp = await sql.query<{ id: number }>(
      `INSERT INTO health_programs (name_vi, name_en, price) VALUES ('Tiểu đường', 'Diabetes', 200000) RETURNING health_program_id AS id`,
    );
    return [iomt.rows[0]!.id, hp.rows[0]!.id];
  });
});
afterAll(() => t?.close());
afterEach(() => setBookingNow(null));

describe('buying a membership package through the bank', () => {
  it('holds the purchase until the signed IPN, then gives the calls and free appointments once', async () => {
    const user = await newUser();
    const started = await api(user).post('Payments/CallDiriectCheckoutRequest', {
      packageId: basic,
      paymentMethod: 1,
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const { purchaseId, paymentUrl, status } = started.json.data;
    expect(status).toBe('pending');
    expect(await packagesOf(user)).toEqual([]);

    const paid = await payAtSandbox(t, 'songkhoe', paymentUrl, 'approve');
    expect(paid.location).toMatch(new RegExp(`^http://127.0.0.1:8080/api/v1/Payments/VnpayReturn\\?`));
    const back = await t.app.inject({
      url: new URL(paid.location).pathname + new URL(paid.location).search,
      headers: tenantHeaders('songkhoe'),
    });
    expect(back.headers.location).toBe(`/membership/result/${purchaseId}?payment=success`);

    const purchase = (await api(user).get(`Payments/GetPurchase/${purchaseId}`)).json.data;
    expect(purchase).toMatchObject({
      status: 'paid',
      effect: 'new',
      amount: 300_000,
      walletAmount: 0,
      bankAmount: 300_000,
    });
    const held = await packagesOf(user);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ programId: basic, callsLeft: 6, status: 'active' });
    expect(purchase.userPackageId).toBe(held[0]!.userPackageId);
    expect(await freeAppointmentsOf(user)).toEqual([1]);
    // The patient is told once, in the app and by the channels of the event.
    const told = await asOwner(t.db, 'songkhoe', (sql) =>
      sql.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1', [user.userId]),
    );
    expect(told.rows).toEqual([{ type: 'PackagePurchased' }]);

    // The login reply names the package the direct calls use.
    const login = await caller(t.app, 'songkhoe').post('Auth/Login', {
      userName: user.email,
      password: PASSWORD,
    });
    expect(login.json.data.userCallDiriectProgramId).toBe(basic);

    // The bank calls again with the same signed IPN: 02, nothing changes.
    const replay = await t.app.inject({
      url: `/api/v1/Payments/VnpayIpn?${new URL(paid.location).search.slice(1)}`,
      headers: tenantHeaders('songkhoe'),
    });
    expect(replay.json()).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    expect(await packagesOf(user)).toHaveLength(1);
    expect((await packagesOf(user))[0]!.callsLeft).toBe(6);
  });

  it('a declined payment fails the purchase and gives the wallet part back', async () => {
    const user = await newUser();
    await topUp(user, 100_000);
    const started = await api(user).post('Payments/CallDiriectCheckoutRequest', {
      packageId: basic,
      paymentMethod: 1,
      useWallet: true,
    });
    expect(started.json.data).toMatchObject({ status: 'pending', walletAmount: 100_000, amount: 300_000 });
    expect(await balance(user)).toBe(0);
    const declined = await payAtSandbox(t, 'songkhoe', started.json.data.paymentUrl, 'decline');
    const back = await t.app.inject({
      url: new URL(declined.location).pathname + new URL(declined.location).search,
      headers: tenantHeaders('songkhoe'),
    });
    expect(back.headers.location).toBe(`/membership/result/${started.json.data.purchaseId}?payment=failed`);
    expect(
      (await api(user).get(`Payments/GetPurchase/${started.json.data.purchaseId}`)).json.data.status,
    ).toBe('failed');
    expect(await balance(user)).toBe(100_000);
    expect(await packagesOf(user)).toEqual([]);
    // The wallet history names the purchase it paid and refunded.
    const history = (await api(user).get('WalletHistories/GetAllWalletHistories')).json.data.walletHistories;
    expect(
      history
        .filter((h: { purchaseId: number | null }) => h.purchaseId === started.json.data.purchaseId)
        .map((h: { amount: number }) => h.amount)
        .sort(),
    ).toEqual([-100_000, 100_000]);
  });

  it('a hold that lapses cancels the purchase and refunds the wallet; a late payment still gives the package', async () => {
    const user = await newUser();
    await topUp(user, 50_000);
    const started = await api(user).post('Payments/CallDiriectCheckoutRequest', {
      packageId: basic,
      paymentMethod: 1,
      useWallet: true,
    });
    const { purchaseId, paymentUrl } = started.json.data;
    const bankPage = new URL(paymentUrl, 'http://x');
    const page = await t.app.inject({
      url: bankPage.pathname + bankPage.search,
      headers: tenantHeaders('songkhoe'),
    });
    expect(page.statusCode).toBe(200);
    const gateway = createPaymentService({ env: t.env, registry: t.registry });
    const later = new Date(Date.now() + 60 * 60_000);
    expect(
      await t.db.tenant('songkhoe', (sql) => expireLapsedPurchases(sql, later, gateway)),
    ).toBeGreaterThanOrEqual(1);
    expect((await api(user).get(`Payments/GetPurchase/${purchaseId}`)).json.data.status).toBe('cancelled');
    expect(await balance(user)).toBe(50_000);
    // The bank had the page open and takes the money after all: the IPN of the cancelled payment.
    const paid = await payAtSandbox(t, 'songkhoe', paymentUrl, 'approve');
    expect(paid.status).toBe(303);
    expect((await api(user).get(`Payments/GetPurchase/${purchaseId}`)).json.data.status).toBe('paid');
    expect(await packagesOf(user)).toHaveLength(1);
  });
});

describe('renewal and upgrade', () => {
  it('the same package renews from its end with its calls added; a dearer one upgrades and carries calls; a cheaper one is refused', async () => {
    const user = await newUser();
    await topUp(user, 2_000_000);
    const buy = (packageId: number) =>
      api(user).post('Payments/CallDiriectCheckoutRequest', { packageId, paymentMethod: 2, useWallet: true });
    expect((await buy(basic)).json.data).toMatchObject({
      status: 'paid',
      paymentUrl: null,
      walletAmount: 300_000,
    });
    const [first] = await packagesOf(user);

    const renewed = await buy(basic);
    expect(renewed.status).toBe(200);
    const renewal = (await api(user).get(`Payments/GetPurchase/${renewed.json.data.purchaseId}`)).json.data;
    expect(renewal.effect).toBe('renewal');
    const [again] = await packagesOf(user);
    expect(again!.userPackageId).toBe(first!.userPackageId);
    expect(again!.callsLeft).toBe(12);
    const months = (a: string, b: string) =>
      (new Date(b).getTime() - new Date(a).getTime()) / (24 * 3600_000);
    expect(months(first!.expiresAt, again!.expiresAt)).toBeGreaterThan(88);
    expect(await freeAppointmentsOf(user)).toEqual([2]);

    const upgraded = await buy(premium);
    expect(
      (await api(user).get(`Payments/GetPurchase/${upgraded.json.data.purchaseId}`)).json.data.effect,
    ).toBe('upgrade');
    const now = await packagesOf(user);
    const active = now.filter((p) => p.status === 'active');
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ programId: premium, callsLeft: 21 + 12 });
    expect(await freeAppointmentsOf(user)).toEqual([0, 4]);

    const down = await buy(basic);
    expect(down.status).toBe(409);
    expect(down.json.codeMessageRespond).toBe('package_downgrade_not_allowed');
    expect(await balance(user)).toBe(2_000_000 - 300_000 * 2 - 900_000);
  });

  it('an IoMT package bought again extends the one held', async () => {
    const user = await newUser();
    await topUp(user, 1_000_000);
    const buy = () =>
      api(user).post('Payments/CallDiriectCheckoutRequest', {
        packageId: iomtPackage,
        packageType: 'iomt',
        paymentMethod: 2,
        useWallet: true,
      });
    expect((await buy()).json.data.status).toBe('paid');
    const [one] = await packagesOf(user);
    expect((await buy()).json.data.status).toBe('paid');
    const after = await packagesOf(user);
    expect(after).toHaveLength(1);
    expect(new Date(after[0]!.expiresAt).getTime()).toBeGreaterThan(
      new Date(one!.expiresAt).getTime() + 150 * 86_400_000,
    );
  });
});

describe('health programs', () => {
  it('bought or enrolled, they appear in the login reply; joining twice is refused', async () => {
    const user = await newUser();
    await topUp(user, 200_000);
    const bought = await api(user).post('Payments/CallDiriectCheckoutRequest', {
      packageId: program,
      packageType: 'healthProgram',
      paymentMethod: 2,
      useWallet: true,
    });
    expect(bought.json.data.status).toBe('paid');
    const login = await caller(t.app, 'songkhoe', 'en').post('Auth/Login', {
      userName: user.email,
      password: PASSWORD,
    });
    expect(login.json.data.listHealthProgram).toEqual([{ id: program, name: 'Diabetes' }]);
    const twice = await api(user).post('Payments/CallDiriectCheckoutRequest', {
      packageId: program,
      packageType: 'healthProgram',
      paymentMethod: 1,
    });
    expect(twice.json.codeMessageRespond).toBe('program_already_joined');

    const other = await newUser();
    const enrolled = await t.db.tenant('songkhoe', (sql) =>
      enrolInProgram(sql, { userId: other.userId, programId: program, by: 'test', now: new Date() }),
    );
    expect(enrolled).toBe(true);
    const otherLogin = await caller(t.app, 'songkhoe').post('Auth/Login', {
      userName: other.email,
      password: PASSWORD,
    });
    expect(otherLogin.json.data.listHealthProgram).toEqual([{ id: program, name: 'Tiểu đường' }]);
    // Another tenant's program is not this tenant's to enrol in.
    const foreign = await t.db.tenant('saomai', (sql) =>
      enrolInProgram(sql, { userId: other.userId, programId: program, by: 'test', now: new Date() }),
    );
    expect(foreign).toBeNull();
  });
});

describe('the wallet under concurrent checkouts', () => {
  it('20 checkouts at once spend the balance at most once each; it never goes below zero', async () => {
    const user = await newUser();
    await topUp(user, 1_000_000);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(user).post('Payments/CallDiriectCheckoutRequest', {
          packageId: program,
          packageType: 'healthProgram',
          paymentMethod: 2,
          useWallet: true,
        }),
      ),
    );
    const ok = replies.filter((r) => r.status === 200);
    // A program is joined once: one checkout pays, the others are refused without spending.
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200))
      expect(r.json.codeMessageRespond).toBe('program_already_joined');
    expect(await balance(user)).toBe(800_000);

    const iomtBuyer = await newUser();
    await topUp(iomtBuyer, 1_600_000);
    const many = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(iomtBuyer).post('Payments/CallDiriectCheckoutRequest', {
          packageId: iomtPackage,
          packageType: 'iomt',
          paymentMethod: 2,
          useWallet: true,
        }),
      ),
    );
    // 1 600 000 pays three packages of 500 000; the fourth finds 100 000 and is refused.
    const paid = many.filter((r) => r.status === 200 && r.json.data.status === 'paid');
    expect(paid).toHaveLength(3);
    for (const r of many.filter((x) => x.status !== 200))
      expect(r.json.codeMessageRespond).toBe('payment_method_not_allowed');
    expect(await balance(iomtBuyer)).toBe(100_000);
  });
});

describe('bad input and isolation', () => {
  it('refuses what is missing or wrong with the spec messages and changes nothing', async () => {
    const user = await newUser();
    await topUp(user, 10_000);
    const cases: [unknown, number, string][] = [
      [{ paymentMethod: 1 }, 400, 'select_package'],
      [{ packageId: basic }, 400, 'select_payment_method'],
      [{ packageId: basic, paymentMethod: 3 }, 400, 'select_payment_method'],
      [{ packageId: basic, paymentMethod: 2 }, 400, 'payment_method_not_allowed'],
      [{ packageId: basic, paymentMethod: 1, packageType: 'gift' }, 400, 'select_package'],
      [{ packageId: 999_999, paymentMethod: 1 }, 404, 'package_not_found'],
      [{ packageId: foreignPackage, paymentMethod: 1 }, 404, 'package_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await api(user).post('Payments/CallDiriectCheckoutRequest', body);
      // A request the schema refuses names the field's message among its errors.
      const said =
        reply.json.codeMessageRespond === 'invalid_request'
          ? reply.json.errors
          : [reply.json.codeMessageRespond];
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(said, JSON.stringify(body)).toContain(code);
    }
    expect(await balance(user)).toBe(10_000);
    const unauthenticated = await caller(t.app, 'songkhoe').post('Payments/CallDiriectCheckoutRequest', {
      packageId: basic,
      paymentMethod: 1,
    });
    expect(unauthenticated.status).toBe(401);
  });

  it("another user's or another tenant's purchase reads as none", async () => {
    const owner = await newUser();
    const started = await api(owner).post('Payments/CallDiriectCheckoutRequest', {
      packageId: basic,
      paymentMethod: 1,
    });
    const id = started.json.data.purchaseId;
    expect((await api(owner).get(`Payments/GetPurchase/${id}`)).status).toBe(200);
    const stranger = await newUser();
    expect((await api(stranger).get(`Payments/GetPurchase/${id}`)).json.codeMessageRespond).toBe(
      'purchase_not_found',
    );
    const abroad = await newUser('saomai');
    const foreign = await api(abroad, 'saomai').get(`Payments/GetPurchase/${id}`);
    expect([foreign.status, foreign.json.codeMessageRespond]).toEqual([404, 'purchase_not_found']);
    // The database itself hides the row from the other tenant.
    const seen = await t.db.tenant('saomai', (sql) =>
      sql.query('SELECT 1 FROM purchases WHERE purchase_id = $1', [id]),
    );
    expect(seen.rows).toHaveLength(0);
  });
});
