import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import {
  addAddress,
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
} from './booking-fixtures';
import { setBookingNow } from './clock';
import { settleAppointmentPayment } from './index';

/**
 * Receipts of paid-then-refunded bookings (the cancel answer, the appointment and the PDF say where
 * the money went, how much and when) and the PDF's wording: the zone as people say it, and advice
 * that fits the kind of visit. Real database, real cancel, the sandbox provider for bank refunds.
 */

let t: TestApp;
let songhong: DoctorWorld;
let saomai: DoctorWorld;
beforeAll(async () => {
  t = await createBookingApp();
  songhong = await createDoctor(t, 'songhong');
  saomai = await createDoctor(t, 'saomai');
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

/** The text of every page of a PDF, through pdf.js. */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

async function receipt(b: Booker, id: number, languageId = 2) {
  const res = await t.app.inject({
    url: `/api/v1/Appointments/Receipt/${id}?languageId=${languageId}`,
    headers: tenantHeaders(b.tenant, { authorization: `Bearer ${b.token}` }),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return pdfText(res.rawPayload);
}

/** An online booking paid at the provider: its payment row completed (as the IPN does) and settled. */
async function paidOnline(w: DoctorWorld, b: Booker, slotDay: number, extra: Record<string, unknown> = {}) {
  const slotId = await addSlot(t, w, at(slotDay, '09:00'));
  const made = await book(t, w, b, slotId, { paymentMethod: 1, ...extra });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const id = Number(made.json.data.appointmentId);
  await asOwner(t, w.tenant, (sql) =>
    sql.query(`UPDATE payments SET status = 2, provider_txn_no = '14000001' WHERE appointment_id = $1`, [id]),
  );
  await t.db.tenant(w.tenant, (sql) =>
    settleAppointmentPayment(sql, t.registry.byCode.get(w.tenant)!.config, {
      appointmentId: id,
      paymentId: 0,
      outcome: 'paid',
    }),
  );
  return id;
}

const cancel = (b: Booker, appointmentId: number) =>
  post(t, b, 'Appointments/CancelAppintment', { appointmentId, reason: 'Bận việc', remark: 'Xin lỗi' });

const dayMonth = /^\d{4}-\d{2}-\d{2}T/;

describe('a paid-then-refunded booking', () => {
  it('to the wallet (songhong): the cancel answer, the appointment and the PDF say how much and when', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 20_000 });
    const id = await paidOnline(songhong, b, 4, { serviceTypeId: 1, useWallet: true });
    const cancelled = await cancel(b, id);
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json.data).toMatchObject({ status: 5, paymentStatus: 5 });
    // The wallet part and the online part both went back to the wallet: one line, the sum.
    expect(cancelled.json.data.refunds).toEqual([
      { to: 'wallet', amount: PRICES.video, at: expect.stringMatching(dayMonth) },
    ]);
    const detail = await get(t, 'songhong', `Appointments/GetAppointment/${id}`, {
      authorization: `Bearer ${b.token}`,
    });
    expect(detail.json.data.refunds).toEqual(cancelled.json.data.refunds);

    const text = await receipt(b, id);
    expect(text).toContain('Đã hoàn tiền'); // payment status
    expect(text).toContain('Đã hoàn vào ví');
    expect(text).toContain('200.000 ₫ ·');
    expect(text).toContain('20.000 ₫'); // the wallet part of the payment
    expect(text).not.toContain('Asia/Ho_Chi_Minh');
    expect(text).not.toContain('Vui lòng mang theo'); // no visit advice for a cancelled booking
    const en = await receipt(b, id, 1);
    expect(en).toContain('Refunded to your wallet');
    expect(en).toContain('Vietnam time (GMT+7)');
  });

  it('to the bank (saomai has no wallet): through the provider, and the PDF says so', async () => {
    const b = await createBooker(t, 'saomai');
    const id = await paidOnline(saomai, b, 5);
    const cancelled = await cancel(b, id);
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json.data.refunds).toEqual([
      { to: 'bank', amount: PRICES.hospital, at: expect.stringMatching(dayMonth) },
    ]);
    const text = await receipt(b, id);
    expect(text).toContain('Đã hoàn về tài khoản ngân hàng / thẻ đã thanh toán');
    expect(text).toContain('300.000 ₫ ·');
    expect(text).toContain('Thời gian tiền về tài khoản tùy theo ngân hàng');
  });

  it('a booking never paid has no refunds', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, songhong, at(6, '09:00'));
    const made = await book(t, songhong, b, slotId);
    const cancelled = await cancel(b, Number(made.json.data.appointmentId));
    expect(cancelled.json.data.refunds).toEqual([]);
  });
});

describe('the PDF wording', () => {
  it('names the zone as people say it and gives advice that fits the kind of visit', async () => {
    const b = await createBooker(t, 'songhong');
    const addressId = await addAddress(t, b);
    const home = await book(t, songhong, b, await addSlot(t, songhong, at(7, '09:00')), {
      serviceTypeId: 2,
      addressId,
    });
    expect(home.status, JSON.stringify(home.json)).toBe(200);
    const homeText = await receipt(b, Number(home.json.data.appointmentId));
    expect(homeText).toMatch(/\d{2}\/\d{2}\/\d{4} 09:00–09:30, giờ Việt Nam \(GMT\+7\)/);
    expect(homeText).toContain('Bác sĩ sẽ đến địa chỉ đã đăng ký');
    expect(homeText).not.toContain('khi đến khám');

    const video = await book(t, songhong, b, await addSlot(t, songhong, at(8, '09:00')), {
      serviceTypeId: 1,
    });
    const videoText = await receipt(b, Number(video.json.data.appointmentId));
    expect(videoText).toContain('cuộc gọi video');
    expect(videoText).not.toContain('khi đến khám');

    const visit = await book(t, songhong, b, await addSlot(t, songhong, at(9, '09:00')));
    const visitText = await receipt(b, Number(visit.json.data.appointmentId));
    expect(visitText).toContain('Vui lòng mang theo biên nhận này khi đến khám.');
    const visitEn = await receipt(b, Number(visit.json.data.appointmentId), 1);
    expect(visitEn).toContain('Please bring this receipt to your appointment.');
  });
});
