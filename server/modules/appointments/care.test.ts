import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { caller, onTenant } from '../accounts/test-support';
import { addAppointment, asOwner, type Catalogue, type TestUser } from './care-fixtures';
import { at, createCareWorld, HOUR, NOW } from './care-world';
import { setBookingNow } from './clock';

/**
 * After-care endpoints on a real database: ownership and tenant isolation per endpoint, lists,
 * filters and paging, the join-time check, and bad input (never a 5xx). Reviews (care-reviews.test.ts), invoices and
 * receipts (care-receipts.test.ts) and attachments (care-attachments.test.ts) have their own files
 * over the same world (care-world.ts).
 */

let t: TestApp;
let cat: Catalogue;
let owner: TestUser; // songkhoe: the caller
let foreigner: TestUser; // songhong: a user of another tenant
let ids: Record<string, number>;

beforeAll(async () => {
  setBookingNow(NOW);
  ({ t, cat, owner, foreigner, ids } = await createCareWorld());
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
const numbers = (list: { appointmentId: number }[]) => list.map((a) => a.appointmentId);

describe('ownership and tenant isolation', () => {
  /** Every endpoint that takes an appointment id, as a request for a given id. */
  const endpoints: [
    string,
    (id: number) => Promise<{ status: number; json: { codeMessageRespond: string | null } }>,
  ][] = [
    ['GetAppointment', (id) => get(`Appointments/GetAppointment/${id}`)],
    ['CheckTimeAppointment', (id) => post('Appointments/CheckTimeAppointment', { appointmentId: id })],
    ['GetAttachments', (id) => get(`Appointments/GetAttachments?appointmentId=${id}`)],
    [
      'AddAttachments',
      (id) =>
        post('Appointments/AddAttachments', {
          appointmentId: id,
          files: [{ fileHttpUrl: 'http://127.0.0.1:8080/api/v1/Storages/Files/songkhoe/Attachments/x.png' }],
        }),
    ],
    ['GetAllConsulationByAppointment', (id) => get(`Appointments/GetAllConsulationByAppointment/${id}`)],
    [
      'AddAppointmentReview',
      (id) => post('Appointments/AddAppointmentReview', { appointmentId: id, rating: 5, comment: 'Tốt' }),
    ],
    [
      'ReleaseAppointmentInvoice',
      (id) => post('Appointments/ReleaseAppointmentInvoice/release-invoice', { appointmentId: id }),
    ],
    ['Receipt', (id) => get(`Appointments/Receipt/${id}`)],
  ];

  it.each(endpoints)(
    "%s answers 404 appointment_error for another user's and another tenant's id",
    async (_name, call) => {
      for (const id of [ids.stranger!, ids.foreign!, 987_654_321]) {
        const res = await call(id);
        expect(res.status, `${_name} ${id}`).toBe(404);
        expect(res.json.codeMessageRespond).toBe('appointment_error');
      }
    },
  );

  it('changes nothing of another user: no review, no invoice, no attachment', async () => {
    const rows = await onTenant<{ invoice_number: string | null; reviews: number; files: number }>(
      t.db,
      'songkhoe',
      `SELECT invoice_number,
              (SELECT count(*)::int FROM doctor_feedbacks f WHERE f.appointment_id = a.appointment_id) AS reviews,
              (SELECT count(*)::int FROM appointment_attachments x WHERE x.appointment_id = a.appointment_id) AS files
         FROM appointments a WHERE appointment_id = $1`,
      [ids.stranger],
    );
    expect(rows[0]).toEqual({ invoice_number: null, reviews: 0, files: 0 });
  });

  it("lists never show another user's or tenant's appointments", async () => {
    for (const path of [
      'Appointments/GetAllAppointments?type=1',
      'Appointments/GetAllAppointments?type=2',
      'Appointments/GetListPassAppointment/list-pass-appointment',
    ]) {
      const res = await get(path);
      expect(numbers(res.json.data.appointments)).not.toContain(ids.stranger);
      expect(numbers(res.json.data.appointments)).not.toContain(ids.foreign);
    }
    const theirs = await get('Appointments/GetAllAppointments?type=1', foreigner, 'songhong');
    expect(numbers(theirs.json.data.appointments)).toEqual([ids.foreign]);
  });

  it("a token of one tenant is refused on the other's", async () => {
    const res = await api('songhong').get(`Appointments/GetAppointment/${ids.foreign}`, {
      token: owner.token,
    });
    expect(res.status).toBe(401);
  });

  it('every route needs a signed-in user', async () => {
    expect((await api().get('Appointments/GetAllAppointments')).status).toBe(401);
    expect((await api().get(`Appointments/Receipt/${ids.p1}`)).status).toBe(401);
    expect((await api().post('Appointments/CheckTimeAppointment', { appointmentId: ids.p1 })).status).toBe(
      401,
    );
  });
});

describe('lists, filters and paging', () => {
  const list = async (query: string) => (await get(`Appointments/GetAllAppointments?${query}`)).json.data;

  it('Upcoming: active and not ended, soonest first; Past: the rest, newest first', async () => {
    expect(numbers((await list('type=2')).appointments)).toEqual([ids.u1, ids.u2, ids.u3]);
    expect(numbers((await list('')).appointments)).toEqual([ids.u1, ids.u2, ids.u3]);
    expect(numbers((await list('type=1')).appointments)).toEqual([ids.p1, ids.p2, ids.p3, ids.p4, ids.p5]);
  });

  it.each([
    ['today', 1, ['p1']],
    ['this_week', 1, ['p1', 'p2']],
    ['this_month', 1, ['p1', 'p2', 'p3']],
    ['last_month', 1, ['p4']],
    ['this_year', 1, ['p1', 'p2', 'p3', 'p4']],
    ['all', 1, ['p1', 'p2', 'p3', 'p4', 'p5']],
    ['today', 2, ['u1']],
    ['this_week', 2, ['u1']],
    ['this_month', 2, ['u1', 'u2']],
  ] as const)('duration %s (type %i) in the tenant zone', async (duration, type, expected) => {
    const data = await list(`type=${type}&duration=${duration}`);
    expect(numbers(data.appointments)).toEqual(expected.map((k) => ids[k]));
    expect(data.pagination.totalRecords).toBe(expected.length);
  });

  it('pages with the total count', async () => {
    const page2 = await list('type=1&PageNumber=2&PageSize=2');
    expect(numbers(page2.appointments)).toEqual([ids.p3, ids.p4]);
    expect(page2.pagination).toEqual({ pageNumber: 2, pageSize: 2, totalRecords: 5 });
    const beyond = await list('type=1&PageNumber=9&PageSize=2');
    expect(beyond.appointments).toEqual([]);
    expect(beyond.pagination.totalRecords).toBe(5);
  });

  it('list-pass-appointment: completed ones, newest first, page size 5', async () => {
    const res = await get('Appointments/GetListPassAppointment/list-pass-appointment?languageId=2');
    expect(numbers(res.json.data.appointments)).toEqual([ids.p1, ids.p2, ids.p4, ids.p5]);
    expect(res.json.data.pagination.pageSize).toBe(5);
  });

  it('a summary carries names, place, local day and slot in the tenant zone, and what may be done', async () => {
    const [u1] = (await list('type=2&duration=today')).appointments;
    expect(u1).toMatchObject({
      doctorName: 'Lê Thị Thu 1',
      doctorTitle: 'BS.',
      specialityName: 'Tai Mũi Họng',
      hospitalName: 'Bệnh viện Thử Nghiệm',
      localDate: '2026-03-18',
      timeZone: 'Asia/Ho_Chi_Minh',
      timeSlot: 1,
      queueNumber: 4,
      finalPrice: 300_000,
      canCancel: true, // 3 h ahead, limit 2 h
      canReschedule: false, // limit 4 h
      canReview: false,
      reviewed: false,
    });
    const en = await caller(t.app, 'songkhoe', 'en').get('Appointments/GetAllAppointments?type=2', {
      token: owner.token,
    });
    expect(en.json.data.appointments[0]).toMatchObject({ doctorTitle: 'Dr.', specialityName: 'ENT' });
  });

  it('detail: symptoms, prices, cancellation, and 404 for an unknown id', async () => {
    const res = await get(`Appointments/GetAppointment/${ids.p3}?timeZoneOffset=420&languageId=2`);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      appointmentId: ids.p3,
      status: 5,
      cancelledBy: 'doctor',
      cancelReason: 'Bác sĩ bận',
      canCancel: false,
      canReview: false,
      price: 350_000,
      symptoms: [],
      reschedules: [],
    });
  });
});

describe('home visit address', () => {
  it('shows the current ward and province, or the old three levels of a legacy address', async () => {
    const [current, legacy] = await asOwner(t.db, 'songkhoe', async (sql) => {
      const a = await sql.query<{ address_id: number }>(
        `INSERT INTO user_addresses (user_id, address_line, province_code, ward_code) VALUES ($1, '12 Phố Kim Mã', '01', '00004')
         RETURNING address_id`,
        [owner.userId],
      );
      const b = await sql.query<{ address_id: number }>(
        `INSERT INTO user_addresses (user_id, address_line, legacy_ward, legacy_district, legacy_province)
         VALUES ($1, '5 Ngõ Huế', 'Phường Phố Huế', 'Quận Hai Bà Trưng', 'Thành phố Hà Nội') RETURNING address_id`,
        [owner.userId],
      );
      return [a.rows[0]!.address_id, b.rows[0]!.address_id];
    });
    const home = { serviceTypeId: 2, doctorId: cat.doctorIds[6]! };
    const first = await addAppointment(t.db, 'songkhoe', owner, {
      ...home,
      addressId: current,
      startsAt: at('2026-03-27T02:00:00Z'),
    });
    const second = await addAppointment(t.db, 'songkhoe', owner, {
      ...home,
      addressId: legacy,
      startsAt: at('2026-03-29T02:00:00Z'),
    });
    expect((await get(`Appointments/GetAppointment/${first}`)).json.data).toMatchObject({
      hospitalName: null,
      addressText: '12 Phố Kim Mã, Phường Ba Đình, Thành phố Hà Nội',
    });
    expect((await get(`Appointments/GetAppointment/${second}`)).json.data.addressText).toBe(
      '5 Ngõ Huế, Phường Phố Huế, Quận Hai Bà Trưng, Thành phố Hà Nội',
    );
  });
});

describe('CheckTimeAppointment', () => {
  const state = async (fields: Parameters<typeof addAppointment>[3]) => {
    const id = await addAppointment(t.db, 'songkhoe', owner, fields);
    const res = await post('Appointments/CheckTimeAppointment', { appointmentId: id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.state as string;
  };
  const d = () => cat.doctorIds;

  it('follows the join window (10 minutes before the start to the end) and the status', async () => {
    const video = { serviceTypeId: 1 };
    expect(await state({ ...video, doctorId: d()[2]!, startsAt: new Date(NOW.getTime() + HOUR) })).toBe(
      'not_yet_scheduled',
    );
    expect(await state({ ...video, doctorId: d()[3]!, startsAt: new Date(NOW.getTime() + 5 * 60_000) })).toBe(
      'ok',
    );
    expect(await state({ ...video, doctorId: d()[4]!, startsAt: new Date(NOW.getTime() - 5 * 60_000) })).toBe(
      'ok',
    );
    expect(await state({ ...video, doctorId: d()[5]!, startsAt: new Date(NOW.getTime() - 2 * HOUR) })).toBe(
      'time_expired',
    );
    expect(await state({ doctorId: d()[6]!, startsAt: new Date(NOW.getTime() - 3 * HOUR) })).toBe(
      'appointment_ended',
    );
    expect(
      await state({ doctorId: d()[2]!, startsAt: at('2026-03-10T02:00:00Z'), status: 10, paymentStatus: 2 }),
    ).toBe('appointment_ended');
    expect(await state({ doctorId: d()[2]!, startsAt: at('2026-03-19T02:00:00Z'), status: 5 })).toBe(
      'booking_closed',
    );
    expect(await state({ doctorId: d()[2]!, startsAt: at('2026-03-19T03:00:00Z'), status: 2 })).toBe(
      'booking_closed',
    );
    expect(
      await state({
        doctorId: d()[3]!,
        startsAt: at('2026-03-19T04:00:00Z'),
        status: 1,
        paymentMethod: 1,
        holdExpiresAt: new Date(NOW.getTime() - 60_000),
      }),
    ).toBe('booking_closed');
    expect(
      await state({
        doctorId: d()[4]!,
        startsAt: at('2026-03-19T05:00:00Z'),
        status: 1,
        paymentMethod: 1,
        holdExpiresAt: new Date(NOW.getTime() + 5 * 60_000),
      }),
    ).toBe('not_yet_scheduled');
  });

  it('answers the window', async () => {
    const res = await post('Appointments/CheckTimeAppointment', { appointmentId: ids.u1 });
    expect(res.json.data).toEqual({
      appointmentId: ids.u1,
      state: 'not_yet_scheduled',
      startsAt: '2026-03-18T08:00:00.000Z',
      endsAt: '2026-03-18T08:30:00.000Z',
      joinOpensAt: '2026-03-18T07:50:00.000Z',
    });
  });
});

describe('consultations', () => {
  it('lists notes and prescription items of the appointment', async () => {
    const res = await get(`Appointments/GetAllConsulationByAppointment/${ids.p1}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({
        appointmentId: ids.p1,
        doctorName: 'Lê Thị Thu 1',
        diagnosis: 'Viêm họng cấp',
        note: 'Theo dõi thêm 5 ngày.',
        prescription: [
          { name: 'Paracetamol 500 mg', dosage: '1 viên', frequency: '3 lần/ngày', days: 5, note: '' },
        ],
      }),
    ]);
    expect((await get(`Appointments/GetAllConsulationByAppointment/${ids.p2}`)).json.data).toEqual([]);
  });
});

describe('bad input answers 400, never 5xx', () => {
  it.each([
    ['GET', 'Appointments/GetAppointment/abc', undefined],
    ['GET', 'Appointments/GetAppointment/0', undefined],
    ['GET', 'Appointments/GetAppointment/99999999999999999999', undefined],
    ['GET', 'Appointments/GetAllAppointments?type=3', undefined],
    ['GET', 'Appointments/GetAllAppointments?duration=yesterday', undefined],
    ['GET', 'Appointments/GetAllAppointments?PageSize=0', undefined],
    ['GET', 'Appointments/GetListPassAppointment/list-pass-appointment?PageNumber=x', undefined],
    ['GET', 'Appointments/GetAttachments', undefined],
    ['GET', 'Appointments/GetAttachments?appointmentId=-1', undefined],
    ['GET', 'Appointments/GetAllConsulationByAppointment/1.5', undefined],
    ['GET', 'Appointments/Receipt/abc', undefined],
    ['GET', 'Appointments/Receipt/1.txt', undefined],
    ['GET', 'Appointments/Attachments/x/file', undefined],
    ['GET', 'Appointments/GetUserFeedbacks?PageSize=1000', undefined],
    ['POST', 'Appointments/CheckTimeAppointment', {}],
    ['POST', 'Appointments/CheckTimeAppointment', { appointmentId: '1' }],
    ['POST', 'Appointments/AddAttachments', { appointmentId: 1, files: [] }],
    ['POST', 'Appointments/AddAttachments', { appointmentId: 1, files: [{ fileHttpUrl: 5 }] }],
    ['POST', 'Appointments/AddAppointmentReview', { appointmentId: 'x', rating: 5, comment: 'a' }],
    ['POST', 'Appointments/ReleaseAppointmentInvoice/release-invoice', { appointmentId: null }],
  ] as const)('%s %s', async (method, path, body) => {
    const res = method === 'GET' ? await get(path) : await post(path, body as unknown);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.isSuccess).toBe(false);
  });

  it('a malformed attachment URL is a 400 attachment_file_error', async () => {
    const res = await post('Appointments/AddAttachments', {
      appointmentId: ids.u1,
      files: [{ fileHttpUrl: 'javascript:alert(1)' }],
    });
    expect(res.status).toBe(400);
    expect(res.json.codeMessageRespond).toBe('attachment_file_error');
  });
});
