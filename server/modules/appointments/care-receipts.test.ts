import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { caller } from '../accounts/test-support';
import { type TestUser } from './care-fixtures';
import { createCareWorld, NOW } from './care-world';
import { setBookingNow } from './clock';
import { setReceiptFontDir } from './receipt-pdf';

/**
 * Invoices and PDF receipts of the after-care endpoints on a real database: one invoice number
 * per appointment, refusals, and the receipt's text read back through pdf.js.
 */

let t: TestApp;
let owner: TestUser;
let ids: Record<string, number>;

beforeAll(async () => {
  setBookingNow(NOW);
  ({ t, owner, ids } = await createCareWorld());
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const api = (tenant = 'songkhoe', lang = 'vi') => caller(t.app, tenant, lang);
const get = (path: string, user: TestUser = owner, tenant = 'songkhoe') =>
  api(tenant).get(path, { token: user.token });
const post = (path: string, body: unknown, user: TestUser = owner, tenant = 'songkhoe') =>
  api(tenant).post(path, body, { token: user.token });

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

describe('invoices and receipts', () => {
  it('releases an invoice once: the same number every time', async () => {
    const first = await post('Appointments/ReleaseAppointmentInvoice/release-invoice', {
      appointmentId: ids.u1,
    });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data.invoiceNumber).toMatch(/^HD-2026-/);
    expect(first.json.data.receiptUrl).toMatch(new RegExp(`/api/v1/Appointments/Receipt/${ids.u1}$`));
    const second = await post('Appointments/ReleaseAppointmentInvoice/release-invoice', {
      appointmentId: ids.u1,
    });
    expect(second.json.data).toEqual(first.json.data);
    const detail = await get(`Appointments/GetAppointment/${ids.u1}`);
    expect(detail.json.data.invoiceNumber).toBe(first.json.data.invoiceNumber);
  });

  it('refuses an invoice for a cancelled or free appointment', async () => {
    for (const id of [ids.p3, ids.u3]) {
      const res = await post('Appointments/ReleaseAppointmentInvoice/release-invoice', { appointmentId: id });
      expect(res.status).toBe(409);
      expect(res.json.codeMessageRespond).toBe('invoice_not_allowed');
    }
  });

  it('the receipt is a PDF with the tenant, Vietnamese names (NFC), times in the tenant zone and VND', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Appointments/Receipt/${ids.u1}.pdf`,
      headers: { ...tenantHeaders('songkhoe'), authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="receipt-[A-Za-z0-9_-]+\.pdf"$/,
    );
    const text = await pdfText(res.rawPayload);
    const detail = (await get(`Appointments/GetAppointment/${ids.u1}`)).json.data;
    for (const expected of [
      'Sống Khỏe',
      'BIÊN NHẬN LỊCH KHÁM',
      'Nguyễn Thị Ánh', // stored decomposed (NFD), printed precomposed
      'Lê Thị Thu 1',
      'Bệnh viện Thử Nghiệm',
      'Khám tại bệnh viện',
      detail.appointmentNumber,
      detail.invoiceNumber,
      '18/03/2026 15:00–15:30, giờ Việt Nam (GMT+7)',
      '350.000 ₫',
      '50.000 ₫',
      '300.000 ₫',
      'Thanh toán khi khám',
      'Chờ thanh toán',
      'Số thứ tự',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('\u0300'); // no loose combining marks
  });

  it('in English on request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Appointments/Receipt/${ids.p2}?languageId=1`,
      headers: { ...tenantHeaders('songkhoe'), authorization: `Bearer ${owner.token}` },
    });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('APPOINTMENT RECEIPT');
    expect(text).toContain('Video consultation');
    expect(text).toContain('Not released yet');
  });

  it('answers 503 receipt_unavailable when the fonts are missing', async () => {
    setReceiptFontDir('/nonexistent/fonts');
    try {
      const res = await get(`Appointments/Receipt/${ids.u1}`);
      expect(res.status).toBe(503);
      expect(res.json.codeMessageRespond).toBe('receipt_unavailable');
    } finally {
      setReceiptFontDir(null);
    }
  });
});
