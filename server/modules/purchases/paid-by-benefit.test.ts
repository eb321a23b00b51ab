import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { setBookingNow } from '../appointments/index';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  NOW,
  post,
  PRICES,
  type Booker,
  type DoctorWorld,
} from '../appointments/booking-fixtures';
import { command } from '../../admin/commands/programs';
import { createPromotionProduct, mintCodes } from '../promotions/promotion-fixtures';

/**
 * What pays a whole booking or purchase instead of the patient: a membership package's free
 * appointments (MakeAppointment userPackageId) and a product from the wallet of products
 * (userProductId, at booking and at checkout): spent once, given back by a cancel, refused when
 * used up, expired, not applicable or not the caller's; and the operator's program enrolment.
 */
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

/** A membership package held by the booker around NOW with `free` free appointments. */
async function hold(
  b: Booker,
  free: number,
  expires = new Date(NOW.getTime() + 30 * 86_400_000),
): Promise<number> {
  return asOwner(t, b.tenant, async (sql) => {
    const pkg = await sql.query<{ id: number }>(
      `INSERT INTO membership_packages (name_vi, name_en, number_of_calls, validity_months, call_duration_minutes,
         free_appointments, price) VALUES ('Gói Gia đình', 'Family', 2, 1, 10, $1, 400000) RETURNING membership_package_id AS id`,
      [free],
    );
    const held = await sql.query<{ id: number }>(
      `INSERT INTO user_packages (user_id, membership_package_id, calls_total, calls_left, free_appointments_total,
         free_appointments_left, call_minutes, starts_at, expires_at, source)
       VALUES ($1, $2, 2, 2, $3, $3, 10, $4, $5, 'grant') RETURNING user_package_id AS id`,
      [b.userId, pkg.rows[0]!.id, free, new Date(NOW.getTime() - 86_400_000), expires],
    );
    return held.rows[0]!.id;
  });
}
const freeLeft = (b: Booker, id: number) =>
  asOwner(t, b.tenant, async (sql) =>
    Number(
      (
        await sql.query<{ n: number }>(
          'SELECT free_appointments_left AS n FROM user_packages WHERE user_package_id = $1',
          [id],
        )
      ).rows[0]!.n,
    ),
  );

describe('free appointments of a membership package', () => {
  it('pays the whole price, one per booking, given back by a cancel', async () => {
    const b = await createBooker(t, 'songhong');
    const pkg = await hold(b, 1);
    const made = await book(t, w, b, await addSlot(t, w, at(2, '09:00')), {
      paymentMethod: 2,
      userPackageId: pkg,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data).toMatchObject({
      status: 4,
      finalPrice: 0,
      discount: PRICES.hospital,
      paymentMethod: 2,
    });
    expect(await freeLeft(b, pkg)).toBe(0);

    const again = await book(t, w, b, await addSlot(t, w, at(3, '09:00')), {
      paymentMethod: 2,
      userPackageId: pkg,
    });
    expect([again.status, again.json.codeMessageRespond]).toEqual([409, 'free_appointments_used_up']);

    const cancelled = await post(t, b, 'Appointments/CancelAppintment', {
      appointmentId: made.json.data.appointmentId,
      reason: 'Bận việc',
      remark: 'Xin lỗi',
    });
    expect(cancelled.status).toBe(200);
    expect(await freeLeft(b, pkg)).toBe(1);
  });

  it("refuses another user's package, an expired one, and a paid payment method, changing nothing", async () => {
    const owner = await createBooker(t, 'songhong');
    const pkg = await hold(owner, 2);
    const stranger = await createBooker(t, 'songhong');
    const theirs = await book(t, w, stranger, await addSlot(t, w, at(4, '09:00')), {
      paymentMethod: 2,
      userPackageId: pkg,
    });
    expect([theirs.status, theirs.json.codeMessageRespond]).toEqual([404, 'user_not_join']);
    const cash = await book(t, w, owner, await addSlot(t, w, at(4, '10:00')), {
      paymentMethod: 0,
      userPackageId: pkg,
    });
    expect([cash.status, cash.json.codeMessageRespond]).toEqual([400, 'payment_method_not_allowed']);
    expect(await freeLeft(owner, pkg)).toBe(2);

    const late = await createBooker(t, 'songhong');
    const expired = await hold(late, 1, new Date(NOW.getTime() - 3600_000));
    const tooLate = await book(t, w, late, await addSlot(t, w, at(4, '11:00')), {
      paymentMethod: 2,
      userPackageId: expired,
    });
    expect([tooLate.status, tooLate.json.codeMessageRespond]).toEqual([409, 'package_expired']);

    // Another tenant's booker cannot name this tenant's package (row-level security hides it).
    const abroad = await createBooker(t, 'saomai');
    const foreignDoctor = await createDoctor(t, 'saomai');
    const foreign = await book(t, foreignDoctor, abroad, await addSlot(t, foreignDoctor, at(4, '12:00')), {
      paymentMethod: 2,
      userPackageId: pkg,
    });
    expect([foreign.status, foreign.json.codeMessageRespond]).toEqual([404, 'user_not_join']);
  });
});

/** Activates a fresh code of the product for the booker; returns the user product's id. */
async function activated(b: Booker, productId: number): Promise<number> {
  const [code] = await mintCodes(t, b.tenant, productId);
  const reply = await post(t, b, 'PromoCodes/ActivePromotionProductCode', { code });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return reply.json.data.userProductId;
}
const spent = (b: Booker, userProductId: number) =>
  asOwner(
    t,
    b.tenant,
    async (sql) =>
      (
        await sql.query<{ spent_on: string | null }>(
          'SELECT spent_on FROM user_products WHERE user_product_id = $1',
          [userProductId],
        )
      ).rows[0]!.spent_on,
  );

describe('a product from the wallet of products', () => {
  it('pays a consultation it applies to, once; a cancel gives it back; another kind of visit is refused', async () => {
    const b = await createBooker(t, 'songhong');
    const hospitalOnly = await createPromotionProduct(t, 'songhong', {
      kind: 'consultation',
      serviceTypeIds: [0],
    });
    const product = await activated(b, hospitalOnly);
    const video = await book(t, w, b, await addSlot(t, w, at(5, '09:00')), {
      paymentMethod: 2,
      serviceTypeId: 1,
      userProductId: product,
    });
    expect([video.status, video.json.codeMessageRespond]).toEqual([409, 'product_not_applicable']);
    const made = await book(t, w, b, await addSlot(t, w, at(5, '10:00')), {
      paymentMethod: 2,
      userProductId: product,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data).toMatchObject({ finalPrice: 0, discount: PRICES.hospital });
    expect(await spent(b, product)).toBe('appointment');
    const again = await book(t, w, b, await addSlot(t, w, at(6, '10:00')), {
      paymentMethod: 2,
      userProductId: product,
    });
    expect([again.status, again.json.codeMessageRespond]).toEqual([409, 'product_not_applicable']);
    await post(t, b, 'Appointments/CancelAppintment', {
      appointmentId: made.json.data.appointmentId,
      reason: 'Bận việc',
      remark: 'Xin lỗi',
    });
    expect(await spent(b, product)).toBeNull();
    // Another user cannot spend it.
    const other = await createBooker(t, 'songhong');
    const stolen = await book(t, w, other, await addSlot(t, w, at(6, '11:00')), {
      paymentMethod: 2,
      userProductId: product,
    });
    expect([stolen.status, stolen.json.codeMessageRespond]).toEqual([409, 'product_not_applicable']);
  });

  it('pays a membership package at checkout: given at once, the product spent on the purchase', async () => {
    const b = await createBooker(t, 'songhong');
    const packageId = await asOwner(t, 'songhong', async (sql) =>
      Number(
        (
          await sql.query<{ id: number }>(
            `INSERT INTO membership_packages (name_vi, name_en, number_of_calls, validity_months, call_duration_minutes, price)
             VALUES ('Gói Quà tặng', 'Gift', 3, 1, 10, 500000) RETURNING membership_package_id AS id`,
          )
        ).rows[0]!.id,
      ),
    );
    const gift = await activated(
      b,
      await createPromotionProduct(t, 'songhong', { kind: 'membership', packageId }),
    );
    const wrong = await post(t, b, 'Payments/CallDiriectCheckoutRequest', {
      packageId,
      packageType: 'iomt',
      paymentMethod: 2,
      userProductId: gift,
    });
    expect(wrong.status).toBe(404);
    const bought = await post(t, b, 'Payments/CallDiriectCheckoutRequest', {
      packageId,
      paymentMethod: 2,
      userProductId: gift,
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    expect(bought.json.data).toMatchObject({ status: 'paid', paymentUrl: null, walletAmount: 0 });
    expect(await spent(b, gift)).toBe('purchase');
    const twice = await post(t, b, 'Payments/CallDiriectCheckoutRequest', {
      packageId,
      paymentMethod: 2,
      userProductId: gift,
    });
    expect([twice.status, twice.json.codeMessageRespond]).toEqual([409, 'product_code_used']);
  });
});

describe('npm run admin -- programs enrol', () => {
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await command.run({ db: t.db, registry: t.registry, args, print: (l) => lines.push(l) });
    return { code, out: lines.join('\n') };
  };

  it('enrols a patient once, and says what is wrong otherwise', async () => {
    const email = `enrol-${Date.now()}@example.com`;
    const { programId } = await asOwner(t, 'songhong', async (sql) => {
      await sql.query(
        `INSERT INTO users (email, password_hash, status, full_name) VALUES ($1, 'x', 'active', 'An')`,
        [email],
      );
      const hp = await sql.query<{ id: number }>(
        `INSERT INTO health_programs (name_vi, name_en) VALUES ('Tim mạch', 'Heart') RETURNING health_program_id AS id`,
      );
      return { programId: hp.rows[0]!.id };
    });
    expect(await run('enrol', 'songhong', '--user', email, '--program', String(programId))).toMatchObject({
      code: 0,
      out: expect.stringContaining('enrolled'),
    });
    expect((await run('enrol', 'songhong', '--user', email, '--program', String(programId))).out).toContain(
      'already enrolled',
    );
    expect((await run('enrol', 'saomai', '--user', email, '--program', String(programId))).code).toBe(1);
    expect((await run('enrol', 'songhong', '--user', email, '--program', 'x')).code).toBe(2);
    expect(
      (await run('enrol', 'songhong', '--user', 'nobody@example.com', '--program', String(programId))).code,
    ).toBe(1);
  });
});
