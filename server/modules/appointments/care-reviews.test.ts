import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { caller, onTenant } from '../accounts/test-support';
import type { Catalogue, TestUser } from './care-fixtures';
import { createCareWorld, NOW } from './care-world';
import { setBookingNow } from './clock';

/**
 * Reviews of the after-care endpoints on a real database: only after Completed and once, the
 * doctor's rating in the same transaction, the user's own list, and refused input.
 */

let t: TestApp;
let cat: Catalogue;
let owner: TestUser; // songkhoe: the caller
let stranger: TestUser; // songkhoe: another user of the same tenant
let ids: Record<string, number>;

beforeAll(async () => {
  setBookingNow(NOW);
  ({ t, cat, owner, stranger, ids } = await createCareWorld());
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const api = (tenant = 'songkhoe', lang = 'vi') => caller(t.app, tenant, lang);
const get = (path: string, user: TestUser = owner) => api().get(path, { token: user.token });
const post = (path: string, body: unknown, user: TestUser = owner) =>
  api().post(path, body, { token: user.token });

describe('reviews', () => {
  it('only after Completed, once, and the doctor rating follows in the same transaction', async () => {
    const notYet = await post('Appointments/AddAppointmentReview', {
      appointmentId: ids.u1,
      rating: 5,
      comment: 'Tốt',
    });
    expect(notYet.status).toBe(409);
    expect(notYet.json.codeMessageRespond).toBe('review_not_allowed');

    const res = await post('Appointments/AddAppointmentReview', {
      appointmentId: ids.p1,
      rating: 5,
      comment: 'Bác sĩ rất tận tâm',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ appointmentId: ids.p1, doctorId: cat.doctorIds[0], rating: 5 });
    const [doctor] = await onTenant<{ rating: string; rating_count: number }>(
      t.db,
      'songkhoe',
      'SELECT rating::text, rating_count FROM doctors WHERE doctor_id = $1',
      [cat.doctorIds[0]],
    );
    expect(doctor).toEqual({ rating: '4.2', rating_count: 5 });
    const [feedback] = await onTenant<{ patient_name: string; user_id: number }>(
      t.db,
      'songkhoe',
      'SELECT patient_name, user_id FROM doctor_feedbacks WHERE appointment_id = $1',
      [ids.p1],
    );
    expect(feedback).toEqual({ patient_name: 'Nguyễn Thị Ánh'.normalize('NFD'), user_id: owner.userId });

    const again = await post('Appointments/AddAppointmentReview', {
      appointmentId: ids.p1,
      rating: 1,
      comment: 'x',
    });
    expect(again.status).toBe(409);
    expect(again.json.codeMessageRespond).toBe('review_exists');

    const detail = await get(`Appointments/GetAppointment/${ids.p1}`);
    expect(detail.json.data).toMatchObject({ reviewed: true, canReview: false });
    const p2 = await get(`Appointments/GetAppointment/${ids.p2}`);
    expect(p2.json.data).toMatchObject({ reviewed: false, canReview: true });

    // The doctor page shows it.
    const page = await api().get(`Doctors/GetDoctorFeedbacks?DoctorId=${cat.doctorIds[0]}`);
    expect(JSON.stringify(page.json.data)).toContain('Bác sĩ rất tận tâm');

    const mine = await get('Appointments/GetUserFeedbacks?PageNumber=1&PageSize=10');
    expect(mine.json.data.feedbacks).toEqual([
      expect.objectContaining({
        appointmentId: ids.p1,
        comment: 'Bác sĩ rất tận tâm',
        doctorName: 'Lê Thị Thu 1',
      }),
    ]);
    expect(mine.json.data.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalRecords: 1 });
    expect((await get('Appointments/GetUserFeedbacks', stranger)).json.data.feedbacks).toEqual([]);
  });

  it.each([
    [{ rating: 0, comment: 'a' }, 'rating_required'],
    [{ rating: 6, comment: 'a' }, 'rating_required'],
    [{ rating: 4.5, comment: 'a' }, 'rating_required'],
    [{ rating: 4, comment: '   ' }, 'comment_required'],
    [{ rating: 4, comment: '' }, 'comment_required'],
    [{ rating: 4 }, null],
  ])('refuses %j with 400', async (body, key) => {
    const res = await post('Appointments/AddAppointmentReview', { appointmentId: ids.p2, ...body });
    expect(res.status).toBe(400);
    if (key) expect(res.json.errors).toContain(key);
  });
});
