import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/helpers/smtp-server';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { smtpMailer } from '../../services/delivery/index';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  post,
  type Booker,
  type DoctorWorld,
} from '../appointments/booking-fixtures';
import { setBookingNow } from '../appointments/index';
import { channelsFromEnv, dispatchDueMessages } from './index';

/**
 * The promise of the confirmation page, kept: a new patient books with online payment (the
 * sandbox bank), pays, reschedules and cancels through the HTTP API; the in-app list, the dev
 * outbox and a real SMTP server then hold each message in the patient's language with the
 * tenant's name — Vietnamese on songhong, English on saomai.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let mail: ReturnType<typeof smtpMailer>;
const worlds: Record<string, DoctorWorld> = {};
beforeAll(async () => {
  t = await createBookingApp();
  smtp = await startSmtpServer();
  mail = smtpMailer(smtp.url);
  worlds.songhong = await createDoctor(t, 'songhong');
  worlds.saomai = await createDoctor(t, 'saomai');
}, 120_000);
afterAll(async () => {
  setBookingNow(null);
  mail?.close?.();
  await smtp?.close();
  await t?.close();
});

/** The hidden fields of the sandbox bank's form. */
const formOf = (html: string) => {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  return fields;
};

async function journey(code: 'songhong' | 'saomai', lang: 'vi' | 'en') {
  const w = worlds[code]!;
  const b: Booker = await createBooker(t, code);
  await asOwner(t, code, (sql) =>
    sql.query(`UPDATE users SET phone_code = '+84', mobile_number = '912000111' WHERE user_id = $1`, [
      b.userId,
    ]),
  );
  const email = (
    await asOwner(t, code, (sql) =>
      sql.query<{ email: string }>('SELECT email FROM users WHERE user_id = $1', [b.userId]),
    )
  ).rows[0]!.email;
  const h = { 'x-accept-language': lang };

  // Book, paying online: the appointment waits for the payment.
  const first = await addSlot(t, w, at(5, '09:00'));
  const made = await book(t, w, b, first, { paymentMethod: 1 }, h);
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const id = Number(made.json.data.appointmentId);
  const payUrl = new URL(made.json.data.paymentUrl as string, 'http://x');
  // The sandbox bank: its page, then "approve" (the signed IPN runs through the real code).
  const page = await t.app.inject({ url: payUrl.pathname + payUrl.search, headers: tenantHeaders(code) });
  expect(page.statusCode).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Payments/SandboxPay',
    headers: tenantHeaders(code, { 'content-type': 'application/x-www-form-urlencoded' }),
    payload: new URLSearchParams({ ...formOf(page.body), action: 'approve' }).toString(),
  });
  expect(paid.statusCode).toBe(303);

  // Reschedule, then cancel.
  const second = await addSlot(t, w, at(6, '15:00'));
  const moved = await post(
    t,
    b,
    'Appointments/rescheduleAppointment',
    {
      appointmentId: id,
      slotId: second,
      reason: 'Đổi giờ',
      remark: 'Trùng lịch',
    },
    h,
  );
  expect(moved.status, JSON.stringify(moved.json)).toBe(200);
  const cancelled = await post(
    t,
    b,
    'Appointments/CancelAppintment',
    {
      appointmentId: id,
      reason: 'Bận việc',
      remark: 'Xin lỗi',
    },
    h,
  );
  expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);

  // The delivery jobs run (here: directly, as the jobs service would).
  const tenant = t.registry.byCode.get(code)!;
  const report = await dispatchDueMessages(t.db, tenant, {
    ...channelsFromEnv(t.env),
    mail,
  });
  expect(report.failed).toBe(0);

  const inApp = await t.app.inject({
    url: '/api/v1/Notifications/GetAllNotifications?PageSize=20',
    headers: tenantHeaders(code, { authorization: `Bearer ${b.token}`, 'x-accept-language': lang }),
  });
  const notes = inApp.json().data.notifications as { typeNotify: string; title: string; body: string }[];
  const outbox = (
    await asOwner(t, code, (sql) =>
      sql.query<{ channel: string; subject: string; body: string }>(
        `SELECT channel, subject, body FROM outbox_messages WHERE recipient IN ($1, '+84912000111') ORDER BY message_id`,
        [email],
      ),
    )
  ).rows;
  const mails = smtp.messages.filter((m) => JSON.stringify(m.to).includes(email));
  return { id, notes, outbox, mails, name: tenant.config.name[lang] };
}

describe('a payment the bank declines', () => {
  it('tells the patient the appointment is not held, once, even if the bank calls again', async () => {
    const w = worlds.songhong!;
    const b = await createBooker(t, 'songhong');
    const made = await book(t, w, b, await addSlot(t, w, at(7, '10:00')), { paymentMethod: 1 });
    const id = Number(made.json.data.appointmentId);
    const payUrl = new URL(made.json.data.paymentUrl as string, 'http://x');
    const page = await t.app.inject({
      url: payUrl.pathname + payUrl.search,
      headers: tenantHeaders('songhong'),
    });
    const decline = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/Payments/SandboxPay',
        headers: tenantHeaders('songhong', { 'content-type': 'application/x-www-form-urlencoded' }),
        payload: new URLSearchParams({ ...formOf(page.body), action: 'decline' }).toString(),
      });
    expect((await decline()).statusCode).toBe(303);
    await decline();
    const rows = await asOwner(t, 'songhong', (sql) =>
      sql.query<{ event: string; channel: string }>(
        `SELECT event, channel FROM message_deliveries WHERE user_id = $1 ORDER BY channel`,
        [b.userId],
      ),
    );
    expect(rows.rows).toEqual([
      { event: 'payment-failed', channel: 'email' },
      { event: 'payment-failed', channel: 'push' },
    ]);
    const notes = await asOwner(t, 'songhong', (sql) =>
      sql.query<{ title_vi: string }>('SELECT title_vi FROM notifications WHERE appointment_id = $1', [id]),
    );
    expect(notes.rows.map((n) => n.title_vi)).toEqual([
      expect.stringMatching(/^Thanh toán lịch hẹn .* không thành công$/),
    ]);
  });
});

describe('a new patient books, pays online, reschedules and cancels', () => {
  it('on songhong, in Vietnamese with the hospital’s name', async () => {
    const { notes, outbox, mails, name } = await journey('songhong', 'vi');
    expect(notes.map((n) => n.typeNotify).sort()).toEqual(
      ['AppointmentBooked', 'AppointmentCancelled', 'AppointmentRescheduled', 'PaymentReceived'].sort(),
    );
    const title = (type: string) => notes.find((n) => n.typeNotify === type)!.title;
    expect(title('AppointmentBooked')).toMatch(/^Đã xác nhận lịch hẹn /);
    expect(title('PaymentReceived')).toBe('Đã nhận thanh toán 300.000 ₫');
    expect(title('AppointmentRescheduled')).toMatch(/ đã đổi giờ$/);
    expect(title('AppointmentCancelled')).toMatch(/ đã bị huỷ$/);

    const subjects = mails.map((m) => m.subject!).sort();
    expect(subjects).toHaveLength(4);
    for (const s of subjects) expect(s.startsWith(`${name}: `)).toBe(true);
    expect(subjects.some((s) => s.includes('Đã nhận thanh toán 300.000 ₫'))).toBe(true);
    const cancelMail = mails.find((m) => m.subject!.includes('đã bị huỷ'))!;
    expect(cancelMail.text).toContain('theo yêu cầu của bạn');
    expect(cancelMail.text).toMatch(
      /Số tiền 300\.000 ₫ được hoàn (vào ví của bạn|về tài khoản\/thẻ đã thanh toán)\./,
    );
    expect(cancelMail.from?.value[0]?.name).toBe(name);
    const movedMail = mails.find((m) => m.subject!.includes('đã đổi giờ'))!;
    expect(movedMail.text).toMatch(
      /đã chuyển từ 09:00 ngày 09\/03\/2030 sang 15:00 ngày 10\/03\/2030 \(giờ Việt Nam \(GMT\+7\)\)/,
    );

    // The outbox holds the same emails and the short SMS (confirmed, moved, cancelled).
    expect(
      outbox
        .filter((o) => o.channel === 'email')
        .map((o) => o.subject)
        .sort(),
    ).toEqual(subjects);
    const sms = outbox.filter((o) => o.channel === 'sms').map((o) => o.body);
    expect(sms).toHaveLength(3);
    expect(sms.some((s) => /lich hen voi Nguyen Van An luc 09:00 09\/03\/2030 da xac nhan/.test(s))).toBe(
      true,
    );
  });

  it('on saomai, in English with its name', async () => {
    const { notes, mails, outbox, name } = await journey('saomai', 'en');
    expect(notes.map((n) => n.title).join(' | ')).toMatch(/Appointment .* confirmed/);
    expect(notes.some((n) => n.title === 'Payment of 300.000 ₫ received')).toBe(true);
    const subjects = mails.map((m) => m.subject!);
    expect(subjects).toHaveLength(4);
    for (const s of subjects) expect(s.startsWith(`${name}: `)).toBe(true);
    const cancelMail = mails.find((m) => m.subject!.includes('cancelled'))!;
    // saomai has no wallet: the money goes back through the provider.
    expect(cancelMail.text).toContain('300.000 ₫ is refunded to the card or account you paid with.');
    expect(
      outbox
        .filter((o) => o.channel === 'sms')
        .map((o) => o.body)
        .join('\n'),
    ).toMatch(/was cancelled at your request/);
  });
});
