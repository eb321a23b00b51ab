import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { command as messagesCommand } from '../../admin/commands/messages';
import type { MailSender } from '../../services/delivery/index';
import { createJobService } from '../../services/jobs/index';
import { caller, createUser, onTenant, PASSWORD } from '../accounts/test-support';
import { channelsFromEnv, dispatchDueMessages, MAX_ATTEMPTS, type MessageChannels } from '../messages/index';
import { scheduledJobs } from '../scheduled-jobs';
import {
  cancelReminders,
  dispatchDueReminders,
  moveReminders,
  notifyWaitlist,
  scheduleReminders,
} from './index';
import { makeAppointment, makeDoctor, makePatient, makeSlot } from './test-fixtures';

const A = 'songkhoe';
const B = 'songhong';
const HOUR = 3_600_000;

// An SMTP server that refuses every message (its network boundary: the sender's answer).
const smtpDown: MailSender = { sendMail: async () => Promise.reject(new Error('smtp down')) };

describe('reminders, notifications and waitlist', () => {
  let t: TestApp;
  let userA: number;

  let userB: number;
  let tokenA = '';
  let tokenOther = '';
  let tokenB = '';
  let doctor: number;
  let patient: number;

  const login = async (tenant: string, email: string) => {
    const res = await caller(t.app, tenant).post('Auth/Login', {
      userName: email,
      password: PASSWORD,
      deviceType: 0,
      deviceTokenWeb: '',
    });
    expect(res.status).toBe(200);
    return res.json.data.token as string;
  };
  const tenantOf = (code: string) => t.registry.byCode.get(code)!;
  /** The test process's channels: no SMTP, no gateway, so the dev outbox is the record. */
  const dev = () => channelsFromEnv(t.env);

  /** A booked appointment `hoursAhead` from now, with its reminders scheduled like booking does. */
  const book = async (hoursAhead: number, lang?: 'vi' | 'en') => {
    const startsAt = new Date(Date.now() + hoursAhead * HOUR);
    const slot = await makeSlot(t.db, A, doctor, startsAt, true);
    const p = await makePatient(t.db, A, userA, false);
    const appointmentId = await makeAppointment(t.db, A, {
      userId: userA,
      patientId: p,
      doctorId: doctor,
      slotId: slot,
      startsAt,
      localDate: startsAt.toISOString().slice(0, 10),
    });
    const count = await t.db.tenant(A, (sql) =>
      scheduleReminders(sql, tenantOf(A).config, { appointmentId, userId: userA, startsAt, lang }),
    );
    return { appointmentId, startsAt, count };
  };
  const reminders = (appointmentId: number) =>
    onTenant<{
      offset_minutes: number;
      due_at: Date;
      state: string;
      attempts: number;
      last_error: string | null;
    }>(
      t.db,
      A,
      'SELECT offset_minutes, due_at, state, attempts, last_error FROM appointment_reminders WHERE appointment_id = $1 ORDER BY reminder_id',
      [appointmentId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    userA = await createUser(t.db, A, { email: 'remind-a@example.com' });
    await createUser(t.db, A, { email: 'other-a@example.com' });
    userB = await createUser(t.db, B, { email: 'remind-b@example.com' });
    [tokenA, tokenOther, tokenB] = await Promise.all([
      login(A, 'remind-a@example.com'),
      login(A, 'other-a@example.com'),
      login(B, 'remind-b@example.com'),
    ]);
    doctor = await makeDoctor(t.db, A);
    patient = await makePatient(t.db, A, userA);
  }, 120_000);
  afterAll(async () => t?.close());

  it('schedules reminders at the tenant offsets still ahead, moves and cancels them', async () => {
    const far = await book(48, 'en');
    expect(far.count).toBe(2);
    let rows = await reminders(far.appointmentId);
    expect(rows.map((r) => r.offset_minutes).sort()).toEqual([1440, 60].sort());
    for (const r of rows) {
      expect(r.due_at.getTime()).toBe(far.startsAt.getTime() - r.offset_minutes * 60_000);
      expect(r.state).toBe('pending');
    }
    const [lang] = await onTenant<{ preferred_language: string }>(
      t.db,
      A,
      'SELECT preferred_language FROM users WHERE user_id = $1',
      [userA],
    );
    expect(lang!.preferred_language).toBe('en');

    // Only the 1 h reminder is still ahead for an appointment in 5 h.
    const near = await book(5);
    expect(near.count).toBe(1);

    const newStart = new Date(far.startsAt.getTime() + 72 * HOUR);
    await t.db.tenant(A, (sql) => moveReminders(sql, tenantOf(A).config, far.appointmentId, newStart));
    rows = await reminders(far.appointmentId);
    expect(rows.filter((r) => r.state === 'cancelled')).toHaveLength(2);
    const pending = rows.filter((r) => r.state === 'pending');
    expect(pending.map((r) => r.due_at.getTime()).sort()).toEqual(
      [newStart.getTime() - 1440 * 60_000, newStart.getTime() - 60 * 60_000].sort(),
    );

    expect(await t.db.tenant(A, (sql) => cancelReminders(sql, far.appointmentId))).toBe(2);
    rows = await reminders(far.appointmentId);
    expect(rows.every((r) => r.state === 'cancelled')).toBe(true);
  });

  it('dispatches a due reminder once (in-app + email) even with two dispatchers at once', async () => {
    const { appointmentId, startsAt } = await book(3);
    const now = new Date(startsAt.getTime() - 59 * 60_000);
    const reports = await Promise.all([
      dispatchDueReminders(t.db, tenantOf(A), { now }),
      dispatchDueReminders(t.db, tenantOf(A), { now }),
    ]);
    // The reminder became a message event; the message dispatchers send its email.
    await Promise.all([
      dispatchDueMessages(t.db, tenantOf(A), dev(), { now }),
      dispatchDueMessages(t.db, tenantOf(A), dev(), { now }),
    ]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(1);
    const rows = await reminders(appointmentId);
    expect(rows.map((r) => r.state)).toEqual(['sent']);
    const notes = await onTenant<{ type: string; keys_and_values: string; title_en: string }>(
      t.db,
      A,
      'SELECT type, keys_and_values, title_en FROM notifications WHERE appointment_id = $1',
      [appointmentId],
    );
    expect(notes).toHaveLength(1);
    expect(JSON.parse(notes[0]!.keys_and_values)).toMatchObject({
      TypeNotify: 'AppointmentReminder',
      AppointmentId: appointmentId,
    });
    const mails = await onTenant<{ subject: string; body: string }>(
      t.db,
      A,
      `SELECT subject, body FROM outbox_messages WHERE recipient = 'remind-a@example.com' AND subject LIKE '%Reminder%'`,
    );
    expect(mails).toHaveLength(1);
    // In the user's language (en, remembered at booking), branded with the tenant's name.
    expect(mails[0]!.subject.startsWith(`${tenantOf(A).config.name.en}:`)).toBe(true);
    expect(mails[0]!.body).toContain('Nguyễn Văn An');

    // A second run finds nothing due.
    const again = await dispatchDueReminders(t.db, tenantOf(A), { now });
    expect(again.sent).toBe(0);
    expect((await dispatchDueMessages(t.db, tenantOf(A), dev(), { now })).sent).toBe(0);
  });

  it('retries a failed email with backoff, then marks it failed, visible to the operator', async () => {
    const { appointmentId, startsAt } = await book(30);
    let now = new Date(startsAt.getTime() - 23 * HOUR);
    await dispatchDueReminders(t.db, tenantOf(A), { now });
    const broken: MessageChannels = { ...dev(), production: true, mail: smtpDown };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await dispatchDueMessages(t.db, tenantOf(A), broken, { now });
      const [row] = await onTenant<{ attempts: number; state: string; last_error: string }>(
        t.db,
        A,
        `SELECT d.attempts, d.state, d.last_error FROM message_deliveries d
         JOIN notifications n ON n.notification_id = d.notification_id
         WHERE n.appointment_id = $1 AND d.channel = 'email'`,
        [appointmentId],
      );
      expect(row!.attempts).toBe(attempt);
      expect(row!.last_error).toContain('smtp down');
      expect(row!.state).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
      now = new Date(now.getTime() + 2 * HOUR);
    }
    // The in-app part was written once, with the reminder.
    const notes = await onTenant(t.db, A, 'SELECT 1 FROM notifications WHERE appointment_id = $1', [
      appointmentId,
    ]);
    expect(notes).toHaveLength(1);
    const lines: string[] = [];
    const code = await messagesCommand.run({
      db: t.db,
      registry: t.registry,
      args: [A, 'failed'],
      print: (l) => lines.push(l),
    });
    expect(code).toBe(0);
    const failed = lines.filter((l) => l.includes('remind-a@example.com'));
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]).toContain('\tfailed\t');
    expect(failed[0]).toContain(`\t${MAX_ATTEMPTS}\t`);
    expect(failed[0]).toContain('smtp down');
  });

  it('notification endpoints: newest first, unread count, view marks read, delete; own only, tenant-isolated', async () => {
    const api = caller(t.app, A);
    const list = await api.get('Notifications/GetAllNotifications?PageSize=2', { token: tokenA });
    expect(list.status).toBe(200);
    expect(list.json.data.pagination.totalRecords).toBeGreaterThanOrEqual(2);
    expect(list.json.data.notifications).toHaveLength(2);
    const [first, second] = list.json.data.notifications;
    expect(first.createdAt >= second.createdAt).toBe(true);
    const unread = list.json.data.unreadCount as number;
    expect(unread).toBeGreaterThan(0);

    // Another user of the same tenant and a user of another tenant: 404, nothing changes.
    expect(
      (
        await api.get(`Notifications/ViewNotification?notificationId=${first.notificationId}`, {
          token: tokenOther,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await caller(t.app, B).get(`Notifications/ViewNotification?notificationId=${first.notificationId}`, {
          token: tokenB,
        })
      ).status,
    ).toBe(404);
    const del = (tenant: string, token: string, id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/Notifications/DeleteNotification?id=${id}`,
        headers: { companycode: tenant, host: '127.0.0.1:8080', authorization: `Bearer ${token}` },
      });
    expect((await del(A, tokenOther, first.notificationId)).statusCode).toBe(404);
    expect((await del(B, tokenB, first.notificationId)).statusCode).toBe(404);
    expect(
      (await caller(t.app, B).get('Notifications/GetAllNotifications', { token: tokenB })).json.data
        .notifications,
    ).toEqual([]);

    const viewed = await api.get(`Notifications/ViewNotification?notificationId=${first.notificationId}`, {
      token: tokenA,
    });
    expect(viewed.status).toBe(200);
    expect(viewed.json.data.isRead).toBe(true);
    const after = await api.get('Notifications/GetAllNotifications', { token: tokenA });
    expect(after.json.data.unreadCount).toBe(unread - 1);

    expect((await del(A, tokenA, first.notificationId)).statusCode).toBe(200);
    expect((await del(A, tokenA, first.notificationId)).statusCode).toBe(404);
    expect(
      (await api.get('Notifications/ViewNotification?notificationId=abc', { token: tokenA })).status,
    ).toBe(400);
    expect((await api.get('Notifications/GetAllNotifications')).status).toBe(401);
  });

  it('waitlist: join a full day, a freed place tells the first waiting patient, leave; own only, tenant-isolated', async () => {
    const api = caller(t.app, A, 'en');
    const day = new Date(Date.now() + 3 * 24 * HOUR);
    const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(day);
    const slotStart = new Date(`${localDate}T09:00:00+07:00`);
    const slotId = await makeSlot(t.db, A, doctor, slotStart, false);
    const body = { doctorId: doctor, localDate, patientId: patient, serviceTypeId: 1 };

    const open = await api.post('Appointments/JoinWaitlist', body, { token: tokenA });
    expect(open.status).toBe(409);
    expect(open.json.codeMessageRespond).toBe('waitlist_slots_available');
    await t.db.tenant(A, (sql) =>
      sql.query('UPDATE doctor_slots SET booked_count = 1 WHERE slot_id = $1', [slotId]),
    );

    const joined = await api.post('Appointments/JoinWaitlist', body, { token: tokenA });
    expect(joined.status).toBe(200);
    expect(joined.json.data.state).toBe('waiting');
    expect(
      (await api.post('Appointments/JoinWaitlist', body, { token: tokenA })).json.codeMessageRespond,
    ).toBe('waitlist_already_joined');
    // Someone else's patient, another tenant's doctor, a bad date.
    expect((await api.post('Appointments/JoinWaitlist', body, { token: tokenOther })).status).toBe(404);
    expect((await caller(t.app, B).post('Appointments/JoinWaitlist', body, { token: tokenB })).status).toBe(
      404,
    );
    const bad = await api.post(
      'Appointments/JoinWaitlist',
      { ...body, localDate: '2025-13' },
      { token: tokenA },
    );
    expect(bad.status).toBe(400);
    const past = await api.post(
      'Appointments/JoinWaitlist',
      { ...body, localDate: '2020-01-01' },
      { token: tokenA },
    );
    expect(past.json.codeMessageRespond).toBe('waitlist_day_not_open');

    // The place frees up: the waiting patient is told in-app now and by email on the next dispatch.
    const told = await t.db.tenant(A, (sql) =>
      notifyWaitlist(sql, tenantOf(A).config, { doctorId: doctor, localDate, slotId }),
    );
    expect(told).toBe(1);
    const mine = await api.get('Appointments/GetMyWaitlist', { token: tokenA });
    expect(mine.json.data).toHaveLength(1);
    expect(mine.json.data[0].state).toBe('notified');
    const notes = await api.get('Notifications/GetAllNotifications', { token: tokenA });
    expect(notes.json.data.notifications[0].typeNotify).toBe('WaitlistSlotFree');
    await dispatchDueMessages(t.db, tenantOf(A), dev());
    const mails = await onTenant(
      t.db,
      A,
      // In the language the user read the app in when told (vi since the list above was read in vi).
      `SELECT 1 FROM outbox_messages WHERE recipient = 'remind-a@example.com'
         AND (subject LIKE '%place is free%' OR subject LIKE '%chỗ trống%')`,
    );
    expect(mails).toHaveLength(1);

    const entryId = joined.json.data.waitlistId as number;
    const leave = (tenant: string, token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/Appointments/LeaveWaitlist?id=${entryId}`,
        headers: { companycode: tenant, host: '127.0.0.1:8080', authorization: `Bearer ${token}` },
      });
    expect((await leave(A, tokenOther)).statusCode).toBe(404);
    expect((await leave(B, tokenB)).statusCode).toBe(404);
    expect((await caller(t.app, B).get('Appointments/GetMyWaitlist', { token: tokenB })).json.data).toEqual(
      [],
    );
    expect((await leave(A, tokenA)).statusCode).toBe(200);
    expect((await api.get('Appointments/GetMyWaitlist', { token: tokenA })).json.data).toEqual([]);
  });

  it('jobs survive a restart: a job service started later delivers reminders written before it', async () => {
    // Written while no job service runs (as before a restart), due now.
    const { appointmentId } = await book(7);
    await t.db.tenant(A, (sql) =>
      sql.query(
        `UPDATE appointment_reminders SET due_at = now(), next_attempt_at = now() - interval '1 second'
         WHERE appointment_id = $1`,
        [appointmentId],
      ),
    );
    const jobs = createJobService({
      db: t.db,
      pollingIntervalSeconds: 0.5,
      jobs: scheduledJobs({ db: t.db, env: t.env, registry: t.registry, log: { error: () => undefined } }),
    });
    await jobs.start();
    try {
      const started = Date.now();
      while ((await reminders(appointmentId))[0]!.state === 'pending' && Date.now() - started < 20_000) {
        await new Promise((r) => setTimeout(r, 250));
      }
      expect((await reminders(appointmentId)).map((r) => r.state)).toEqual(['sent']);
    } finally {
      await jobs.stop(5000);
    }
    void userB;
  }, 60_000);
});
