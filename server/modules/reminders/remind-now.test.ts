import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerInTenant } from '../../db/database';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { onTenant } from '../accounts/test-support';
import { addAppointment, createCatalogue, createPatientUser } from '../appointments/care-fixtures';
import { remindNow } from './index';

/** `demo remind`: the in-app reminder of a user's next appointment, written now. */
let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const remind = (tenant: string, login: string) =>
  ownerInTenant(t.db, tenant, (sql) =>
    remindNow(sql, t.registry.byCode.get(tenant)!.config, login, new Date()),
  );

describe('remindNow', () => {
  it("writes the dispatcher's reminder of the user's next appointment, in both languages", async () => {
    const cat = await createCatalogue(t.db, 'songkhoe', 1);
    const user = await createPatientUser(t.app, t.db, 'songkhoe', 'remind-now@example.com');
    const later = await addAppointment(t.db, 'songkhoe', user, {
      doctorId: cat.doctorIds[0]!,
      hospitalId: cat.hospitalId,
      startsAt: new Date(Date.now() + 48 * HOUR),
    });
    const next = await addAppointment(t.db, 'songkhoe', user, {
      doctorId: cat.doctorIds[0]!,
      hospitalId: cat.hospitalId,
      startsAt: new Date(Date.now() + 3 * HOUR),
    });
    const result = await remind('songkhoe', 'Remind-Now@example.com');
    expect(result).toMatchObject({ appointmentId: next });
    expect(later).not.toBe(next);
    const rows = await onTenant<{
      type: string;
      title_vi: string;
      title_en: string;
      appointment_id: string | number;
    }>(
      t.db,
      'songkhoe',
      'SELECT type, title_vi, title_en, appointment_id FROM notifications WHERE user_id = $1',
      [user.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe('AppointmentReminder');
    expect(Number(rows[0]!.appointment_id)).toBe(next);
    expect(rows[0]!.title_vi).toMatch(/^Nhắc lịch hẹn /);
    expect(rows[0]!.title_en).toMatch(/^Reminder: appointment /);
  });

  it('refuses a user without an upcoming appointment, an unknown login and another tenant’s user', async () => {
    await createPatientUser(t.app, t.db, 'songkhoe', 'remind-idle@example.com');
    expect(await remind('songkhoe', 'remind-idle@example.com')).toEqual({
      problem: 'remind-idle@example.com has no upcoming appointment',
    });
    expect(await remind('songkhoe', 'nobody@example.com')).toHaveProperty('problem');
    expect(await remind('songhong', 'remind-now@example.com')).toHaveProperty('problem');
  });
});
