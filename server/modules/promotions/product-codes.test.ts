import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { command as promotionsCommand } from '../../admin/commands/promotions';
import { seedDemoProductCodes } from '../../seed/product-codes';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  get,
  NOW,
  post,
  type Booker,
  type DoctorWorld,
} from '../appointments/booking-fixtures';
import { setBookingNow } from '../appointments/index';
import { spendUserProduct, usableProductsFor } from './index';
import { createPromotionProduct, mintCodes } from './promotion-fixtures';

/**
 * Promo code list, product codes and the wallet of products (schemas/promotions.ts): every
 * endpoint, single use, expiry, isolation between users and tenants, and spending a product.
 */
let t: TestApp;
let w: DoctorWorld;
let anyConsultation: number;
let videoWithDoctor: number;
let membership7: number;
let foreignProduct: number;
beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
  await createDoctor(t, 'songkhoe');
  anyConsultation = await createPromotionProduct(t, 'songhong', {
    kind: 'consultation',
    name: 'Khám miễn phí',
  });
  videoWithDoctor = await createPromotionProduct(t, 'songhong', {
    kind: 'consultation',
    serviceTypeIds: [1],
    doctorId: w.doctorId,
  });
  membership7 = await createPromotionProduct(t, 'songhong', { kind: 'membership', packageId: 7 });
  foreignProduct = await createPromotionProduct(t, 'songkhoe', { kind: 'consultation' });
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const auth = (b: Booker) => ({ authorization: `Bearer ${b.token}` });
/** A paid purchase of membership package 7 by the booker (the purchase a package product pays). */
const purchaseBy = (b: Booker) =>
  asOwner(t, b.tenant, async (sql) =>
    Number(
      (
        await sql.query<{ id: number }>(
          `INSERT INTO purchases (user_id, package_type, package_id, name, amount, status, created_at, settled_at)
           VALUES ($1, 'membership', 7, 'Gói', 100000, 'paid', now(), now()) RETURNING purchase_id AS id`,
          [b.userId],
        )
      ).rows[0]!.id,
    ),
  );
const as = (b: Booker, path: string) => get(t, b.tenant, path, auth(b));
const activate = (b: Booker, code: string) => post(t, b, 'PromoCodes/ActivePromotionProductCode', { code });

describe('PromoCodes/GetAllPromoCodes', () => {
  it("lists the tenant's unexpired codes only, paged, localized", async () => {
    const all = await get(t, 'songhong', 'PromoCodes/GetAllPromoCodes?languageId=1');
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    const codes = all.json.data.promoCodes.map((p: { code: string }) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining([`GIAM20-${w.doctorId}`, `BS-${w.doctorId}`, `FREE-${w.doctorId}`]),
    );
    expect(codes).not.toContain(`HET-${w.doctorId}`);
    expect(all.json.data.pagination).toEqual({ pageNumber: 1, pageSize: 15, totalRecords: codes.length });
    const page2 = await get(t, 'songhong', 'PromoCodes/GetAllPromoCodes?PageNumber=2&PageSize=2');
    expect(page2.json.data.promoCodes).toHaveLength(Math.min(2, codes.length - 2));
    expect(page2.json.data.pagination.totalRecords).toBe(codes.length);
    const other = await get(t, 'songkhoe', 'PromoCodes/GetAllPromoCodes');
    expect(other.json.data.promoCodes.map((p: { code: string }) => p.code)).not.toContain(
      `GIAM20-${w.doctorId}`,
    );
    const bad = await get(t, 'songhong', 'PromoCodes/GetAllPromoCodes?PageSize=0');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual(['invalid_page_size']);
  });
});

describe('PromoCodes/ActivePromotionProductCode', () => {
  it('puts the product in the wallet once; a second activation is product_code_used', async () => {
    const b = await createBooker(t, 'songhong');
    const [code] = await mintCodes(t, 'songhong', anyConsultation);
    const ok = await activate(b, ` ${code!.toLowerCase()} `);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data).toMatchObject({
      code,
      kind: 'consultation',
      name: 'Khám miễn phí',
      spentAt: null,
      activatedAt: NOW.toISOString(),
    });
    const again = await activate(b, code!);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ codeMessageRespond: 'product_code_used', isSuccess: false });
    expect(again.json.message).toBeTruthy();
    const other = await createBooker(t, 'songhong');
    expect((await activate(other, code!)).json.codeMessageRespond).toBe('product_code_used');
  });

  it("refuses unknown, expired and other tenants' codes with their own keys, and a blank code", async () => {
    const b = await createBooker(t, 'songhong');
    const unknown = await activate(b, 'NO-SUCH-CODE');
    expect(unknown.status).toBe(404);
    expect(unknown.json.codeMessageRespond).toBe('product_code_invalid');
    const [expired] = await mintCodes(t, 'songhong', anyConsultation, 1, new Date(NOW.getTime() - 1000));
    const late = await activate(b, expired!);
    expect(late.status).toBe(409);
    expect(late.json.codeMessageRespond).toBe('product_code_expired');
    const [foreign] = await mintCodes(t, 'songkhoe', foreignProduct);
    const elsewhere = await activate(b, foreign!);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.codeMessageRespond).toBe('product_code_invalid');
    // The foreign code is still unused in its own tenant.
    const local = await createBooker(t, 'songkhoe');
    expect((await activate(local, foreign!)).status).toBe(200);
    const blank = await activate(b, '   ');
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual(['product_code_required']);
    const anonymous = await post(t, 'songhong', 'PromoCodes/ActivePromotionProductCode', { code: 'X' });
    expect(anonymous.status).toBe(401);
  });
});

describe('the wallet of products', () => {
  it("lists the caller's products (unspent first), an empty list when none, and one by id for its owner only", async () => {
    const b = await createBooker(t, 'songhong');
    const empty = await as(b, 'PromoCodes/GetListProductCodeInWallet');
    expect(empty.status).toBe(200);
    expect(empty.json.data).toEqual({
      userProducts: [],
      pagination: { pageNumber: 1, pageSize: 15, totalRecords: 0 },
    });

    const [c1] = await mintCodes(t, 'songhong', anyConsultation);
    const [c2] = await mintCodes(t, 'songhong', membership7);
    const first = (await activate(b, c1!)).json.data;
    const second = (await activate(b, c2!)).json.data;
    // The newer product is spent: the older, unspent one comes first.
    const purchaseId = await purchaseBy(b);
    await asOwner(t, 'songhong', (sql) =>
      spendUserProduct(sql, {
        userId: b.userId,
        userProductId: second.userProductId,
        on: { kind: 'purchase', purchaseId, packageType: 'membership', packageId: 7 },
        now: NOW,
      }),
    );
    const list = (await as(b, 'PromoCodes/GetListProductCodeInWallet')).json.data;
    expect(list.userProducts.map((p: { userProductId: number }) => p.userProductId)).toEqual([
      first.userProductId,
      second.userProductId,
    ]);
    expect(list.userProducts[1].spentOn).toBe('purchase');
    expect(list.pagination.totalRecords).toBe(2);
    const detail = await as(b, `PromoCodes/GetDetailPromotionProduct/${first.userProductId}`);
    expect(detail.status).toBe(200);
    expect(detail.json.data.userProductId).toBe(first.userProductId);

    const stranger = await createBooker(t, 'songhong');
    const foreign = await createBooker(t, 'songkhoe');
    for (const who of [stranger, foreign]) {
      const r = await as(who, `PromoCodes/GetDetailPromotionProduct/${first.userProductId}`);
      expect(r.status).toBe(404);
      expect(r.json.codeMessageRespond).toBe('product_not_found');
      expect((await as(who, 'PromoCodes/GetListProductCodeInWallet')).json.data.userProducts).toEqual([]);
    }
    expect((await as(b, 'PromoCodes/GetDetailPromotionProduct/abc')).status).toBe(400);
  });

  it('CheckPromotionProduct answers per consultation or package, and needs one of the two', async () => {
    const b = await createBooker(t, 'songhong');
    const check = async (query: string) => (await as(b, `PromoCodes/CheckPromotionProduct?${query}`)).json;
    expect((await check(`doctorId=${w.doctorId}&serviceTypeId=1`)).data).toEqual({
      isUsable: false,
      userProductIds: [],
    });
    const [video] = await mintCodes(t, 'songhong', videoWithDoctor);
    const [pkg] = await mintCodes(t, 'songhong', membership7);
    const v = (await activate(b, video!)).json.data;
    const m = (await activate(b, pkg!)).json.data;
    expect((await check(`doctorId=${w.doctorId}&serviceTypeId=1`)).data).toEqual({
      isUsable: true,
      userProductIds: [v.userProductId],
    });
    expect((await check(`doctorId=${w.doctorId}&serviceTypeId=0`)).data.isUsable).toBe(false);
    expect((await check(`doctorId=${w.doctorId + 1000}&serviceTypeId=1`)).data.isUsable).toBe(false);
    expect((await check('packageType=membership&packageId=7')).data).toEqual({
      isUsable: true,
      userProductIds: [m.userProductId],
    });
    expect((await check('packageType=iomt&packageId=7')).data.isUsable).toBe(false);
    const neither = await as(b, 'PromoCodes/CheckPromotionProduct?doctorId=3');
    expect(neither.status).toBe(400);
    expect(neither.json.codeMessageRespond).toBe('product_check_target');
    const stranger = await createBooker(t, 'songhong');
    const theirs = await as(stranger, 'PromoCodes/CheckPromotionProduct?packageType=membership&packageId=7');
    expect(theirs.json.data.isUsable).toBe(false);
  });
});

describe('spendUserProduct (for booking and purchases)', () => {
  it('spends an applicable product once, refuses another user, a wrong target and a second spend', async () => {
    const b = await createBooker(t, 'songhong');
    const [video] = await mintCodes(t, 'songhong', videoWithDoctor);
    const product = (await activate(b, video!)).json.data;
    const spend = (userId: number, on: Parameters<typeof spendUserProduct>[1]['on']) =>
      asOwner(t, 'songhong', (sql) =>
        spendUserProduct(sql, { userId, userProductId: product.userProductId, on, now: NOW }),
      ).catch((e: { statusCode?: number; code?: string }) => ({ refused: `${e.statusCode} ${e.code}` }));
    const stranger = await createBooker(t, 'songhong');
    const videoOn = {
      kind: 'appointment' as const,
      appointmentId: 0,
      doctorId: w.doctorId,
      serviceTypeId: 1,
    };
    expect(await spend(stranger.userId, videoOn)).toEqual({ refused: '409 product_not_applicable' });
    expect(await spend(b.userId, { ...videoOn, serviceTypeId: 0 })).toEqual({
      refused: '409 product_not_applicable',
    });
    expect(
      await spend(b.userId, { kind: 'purchase', purchaseId: 5, packageType: 'membership', packageId: 7 }),
    ).toEqual({ refused: '409 product_not_applicable' });
    const slotId = await addSlot(t, w, at(1, '09:00'));
    const booked = await book(t, w, b, slotId);
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    const appointmentId = Number(booked.json.data.appointmentId);
    const spent = await asOwner(t, 'songhong', async (sql) => {
      const usable = await usableProductsFor(sql, {
        userId: b.userId,
        target: { kind: 'appointment', doctorId: w.doctorId, serviceTypeId: 1 },
      });
      expect(usable.map((p) => p.userProductId)).toEqual([product.userProductId]);
      return spendUserProduct(sql, {
        userId: b.userId,
        userProductId: product.userProductId,
        on: { ...videoOn, appointmentId },
        now: NOW,
      });
    });
    expect(spent).toMatchObject({
      userProductId: product.userProductId,
      kind: 'consultation',
      covers: 'consultation',
    });
    expect(await spend(b.userId, videoOn)).toEqual({ refused: '409 product_code_used' });
    const after = (await as(b, `PromoCodes/GetDetailPromotionProduct/${product.userProductId}`)).json.data;
    expect(after).toMatchObject({ spentOn: 'appointment', spentAt: NOW.toISOString(), appointmentId });
  });

  it('spends a package product on its purchase', async () => {
    const b = await createBooker(t, 'songhong');
    const [pkg] = await mintCodes(t, 'songhong', membership7);
    const product = (await activate(b, pkg!)).json.data;
    const purchaseId = await purchaseBy(b);
    const spent = await asOwner(t, 'songhong', (sql) =>
      spendUserProduct(sql, {
        userId: b.userId,
        userProductId: product.userProductId,
        on: { kind: 'purchase', purchaseId, packageType: 'membership', packageId: 7 },
        now: NOW,
      }),
    );
    expect(spent).toEqual({
      userProductId: product.userProductId,
      kind: 'membership',
      covers: 'membership',
      packageId: 7,
      name: { vi: 'Sản phẩm membership', en: 'Sản phẩm membership' },
    });
    const after = (await as(b, `PromoCodes/GetDetailPromotionProduct/${product.userProductId}`)).json.data;
    expect(after).toMatchObject({ spentOn: 'purchase', purchaseId, appointmentId: null });
  });
});

describe('operator command and demo codes', () => {
  it('`promotions codes` mints the asked number of codes; bad input exits 2, an unknown product 1', async () => {
    const lines: string[] = [];
    const run = (args: string[]) => {
      lines.length = 0;
      return promotionsCommand.run({ db: t.db, registry: t.registry, args, print: (l) => lines.push(l) });
    };
    expect(await run(['codes', 'songhong', String(anyConsultation), '3'])).toBe(0);
    const codes = lines.slice(0, 3);
    expect(codes.every((c) => /^KM-[2-9A-HJKMNP-Z]{10}$/.test(c))).toBe(true);
    const b = await createBooker(t, 'songhong');
    // Minted with the real clock: valid after the booking clock's NOW (2030) only if far enough ahead.
    setBookingNow(new Date());
    expect((await activate(b, codes[0]!)).status).toBe(200);
    setBookingNow(NOW);
    expect(await run(['codes', 'songhong', String(anyConsultation), '0'])).toBe(2);
    expect(await run(['codes', 'nosuchtenant', '1', '1'])).toBe(2);
    expect(await run(['codes', 'songhong', String(foreignProduct), '1'])).toBe(1);
    expect(await run(['products', 'songhong'])).toBe(0);
    expect(lines.some((l) => l.startsWith(`${membership7}\tmembership #7`))).toBe(true);
  });

  it('demo codes are added once', async () => {
    const first = await asOwner(t, 'songkhoe', (sql) => seedDemoProductCodes(sql, NOW));
    expect(first).toBeGreaterThanOrEqual(5);
    expect(await asOwner(t, 'songkhoe', (sql) => seedDemoProductCodes(sql, NOW))).toBe(0);
    const b = await createBooker(t, 'songkhoe');
    expect((await activate(b, 'DEMO-KHAM-01')).json.data).toMatchObject({ kind: 'consultation' });
  });
});
