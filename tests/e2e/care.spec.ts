import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { signedIn, submitLogin, useDevice } from './accounts-support';
import { apiData, apiUser, authHeaders, completeProfile } from './booking-support';
import { appReady, expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * The care workspace (spec section 6): a demo doctor of songhong signs in with the patients'
 * sign-in, finds an appointment a patient booked (sharing a health record), reads the record (the
 * patient's access log shows it), completes it with a note the patient then reads; the hospital's
 * staff cancel another; a second doctor cannot open the first doctor's appointment.
 */
const TENANT = 'songhong';
const DEMO_PASSWORD = 'Demo@123';
const api = (path: string) => portal('songkhoe', `/api/v1${path}`);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type User = Record<string, unknown>;

/** Signs a care account in through the API from `device` (as the browser will): { token, cookie }. */
async function careUser(request: APIRequestContext, email: string, device: string): Promise<User> {
  const reply = await request.post(api('/Auth/Login'), {
    headers: { CompanyCode: TENANT, unique: device },
    data: { userName: email, password: DEMO_PASSWORD, deviceType: 0, deviceTokenWeb: '' },
  });
  const data = (await reply.json()).data as User;
  expect(data.token, email).toBeTruthy();
  return { ...data, cookie: device };
}

async function get<T>(request: APIRequestContext, user: User, path: string): Promise<T> {
  const reply = await request.get(api(path), { headers: authHeaders(TENANT, user) });
  const json = await reply.json();
  expect(json.isSuccess, `${path}: ${json.codeMessageRespond}`).toBe(true);
  return json.data as T;
}
async function post<T>(request: APIRequestContext, user: User, path: string, data: unknown): Promise<T> {
  const reply = await request.post(api(path), { headers: authHeaders(TENANT, user), data });
  const json = await reply.json();
  expect(json.isSuccess, `${path}: ${json.codeMessageRespond}`).toBe(true);
  return json.data as T;
}

interface Slot {
  slotId: number;
  startsAt: string;
  hospitalId: number | null;
}

/** A demo doctor (doctor<n>) who sees patients at a hospital at a price and has free slots. */
async function bookableDoctor(request: APIRequestContext) {
  for (let n = 1; n <= 8; n++) {
    const device = randomUUID();
    const user = await careUser(request, `doctor${n}@${TENANT}.example`, device);
    const me = await get<{ doctorId: number }>(request, user, '/Care/Me');
    const price = await apiData<{ finalPrice: number }>(
      request,
      TENANT,
      `/Appointments/CheckPriceOfAppointment?doctorId=${me.doctorId}&serviceTypeId=0`,
    );
    const symptoms = await apiData<{ symptomId: number }[]>(
      request,
      TENANT,
      `/Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=${me.doctorId}`,
    );
    const days = await apiData<{ timeSlots: { slots: Slot[] }[] }[]>(
      request,
      TENANT,
      `/Appointments/GetDoctorScheduleTimingSlots?doctorId=${me.doctorId}&days=14`,
    );
    const slots = days.flatMap((d) => d.timeSlots.flatMap((g) => g.slots)).filter((s) => s.hospitalId);
    if (price.finalPrice > 0 && symptoms.length && slots.length >= 2)
      return { n, device, user, doctorId: me.doctorId, symptomId: symptoms[0]!.symptomId, slots };
  }
  throw new Error('no bookable demo doctor');
}

/** hospital<n>@ of a hospital: n counts the tenant's listed hospitals by id (server/seed/care-accounts.ts). */
async function staffLoginOf(request: APIRequestContext, hospitalId: number): Promise<string> {
  const list = await apiData<{ hospitals: { hospitalId: number }[] }>(
    request,
    TENANT,
    '/Hospitals/GetAllHospitals?PageNumber=1&PageSize=100',
  );
  const ids = list.hospitals.map((h) => h.hospitalId).sort((a, b) => a - b);
  return `hospital${ids.indexOf(hospitalId) + 1}@${TENANT}.example`;
}

/** A patient who consented, with one health record (a PNG), its self patient id and record id. */
async function patientWithRecord(request: APIRequestContext) {
  const user = await apiUser(request, TENANT, `care-${randomUUID().slice(0, 8)}@example.com`);
  const patientId = await completeProfile(request, TENANT, user, 'Đỗ Thị Hoa');
  const consent = await get<{ version: string }>(request, user, '/Users/GetHealthDataConsent');
  await post(request, user, '/Users/GiveHealthDataConsent', { version: consent.version });
  const urls = await post<{ fileUploads: { uploadUrl: string; fileHttpUrl: string }[] }>(
    request,
    user,
    '/Storages/GetUploadUrls',
    { files: [{ fileType: 'image/png', fileName: 'xet-nghiem.png', folderName: 'HealthRecords' }] },
  );
  const target = urls.fileUploads[0]!;
  const put = await request.put(target.uploadUrl, {
    headers: { 'content-type': 'image/png' },
    data: PNG,
  });
  expect(put.ok()).toBe(true);
  const record = await post<{ healthRecordId: number }>(request, user, '/Users/CreateUserHealthRecord', {
    patientId,
    recordName: 'Xét nghiệm máu tháng 3',
    remark: 'Đường huyết lúc đói',
    healthRecordType: 1,
    files: [{ fileHttpUrl: target.fileHttpUrl }],
  });
  return { user, patientId, recordId: record.healthRecordId };
}

async function pageAs(browser: Browser, device: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useDevice(page, device);
  return page;
}

test('a doctor completes a booked appointment; hospital staff cancel one; another doctor cannot open it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const doctor = await bookableDoctor(request);
  const patient = await patientWithRecord(request);
  const book = (slot: Slot, records: number[]) =>
    post<{ appointmentId: number; appointmentNumber: string }>(
      request,
      patient.user,
      '/Appointments/MakeAppointment',
      {
        doctorId: doctor.doctorId,
        slotId: slot.slotId,
        serviceTypeId: 0,
        hospitalId: slot.hospitalId,
        patientId: patient.patientId,
        symptomIds: [doctor.symptomId],
        paymentMethod: 0,
        healthRecordIds: records,
        note: 'Mệt mỏi, khát nước nhiều',
      },
    );
  const first = doctor.slots[0]!;
  const second =
    doctor.slots.find((s) => s.startsAt.slice(0, 10) !== first.startsAt.slice(0, 10)) ?? doctor.slots[1]!;
  const visit = await book(first, [patient.recordId]);
  const other = await book(second, []);
  const todayInHanoi = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const scopeOf = (slot: Slot) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date(slot.startsAt)) ===
    todayInHanoi
      ? 'Hôm nay'
      : 'Sắp tới';

  // The doctor signs in with the ordinary sign-in dialog and finds the workspace link.
  const page = await pageAs(browser, doctor.device);
  await gotoReady(page, portal(TENANT, '/'));
  await submitLogin(page, 'vi', `doctor${doctor.n}@${TENANT}.example`, DEMO_PASSWORD);
  await page.getByRole('banner').getByRole('link', { name: 'Khu làm việc' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Khu làm việc' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Lịch hẹn' })
    .getByRole('link', { name: scopeOf(first) })
    .click();
  const link = page.getByRole('link', { name: `Mở lịch hẹn ${visit.appointmentNumber} của Đỗ Thị Hoa` });
  await expect(link).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The appointment: the shared record is there, and the patient's access log shows the read.
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(visit.appointmentNumber);
  await expect(page.getByText('Xét nghiệm máu tháng 3')).toBeVisible();
  await expect(page.getByText('Mệt mỏi, khát nước nhiều')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const log = await get<{ entries: { actor: { kind: string; label: string }; resource: { id: number } }[] }>(
    request,
    patient.user,
    '/Users/GetDataAccessLog',
  );
  expect(
    log.entries.find((e) => e.actor.kind === 'doctor' && e.resource.id === patient.recordId),
  ).toBeTruthy();

  // Complete with a note; the form checks first (translated), then the server saves it.
  await page.getByRole('button', { name: 'Hoàn thành lịch hẹn' }).click();
  await expect(page.getByText('Vui lòng nhập chẩn đoán.')).toBeVisible();
  await page.getByLabel('Chẩn đoán').fill('Tiền đái tháo đường');
  await page.getByLabel('Ghi chú khám').fill('Đường huyết lúc đói 6,5 mmol/L. Tái khám sau 3 tháng.');
  await page.getByLabel('Lời dặn').fill('Giảm đồ ngọt, đi bộ 30 phút mỗi ngày.');
  await page.getByRole('button', { name: 'Thêm thuốc' }).click();
  await page.getByRole('group', { name: 'Thuốc 1' }).getByLabel('Tên thuốc').fill('Metformin 500 mg');
  await page.getByRole('button', { name: 'Hoàn thành lịch hẹn' }).click();
  await expect(page.getByText('Đã lưu kết quả khám và hoàn thành lịch hẹn.')).toBeVisible();
  await expect(page.getByText('Đã hoàn thành', { exact: true })).toBeVisible();
  const notes = await get<{ diagnosis: string; note: string }[]>(
    request,
    patient.user,
    `/Appointments/GetAllConsulationByAppointment/${visit.appointmentId}`,
  );
  expect(notes[0]).toMatchObject({ diagnosis: 'Tiền đái tháo đường' });

  // The hospital's staff cancel the other appointment.
  const staffEmail = await staffLoginOf(request, second.hospitalId!);
  const staffDevice = randomUUID();
  await careUser(request, staffEmail, staffDevice);
  const staff = await pageAs(browser, staffDevice);
  await gotoReady(staff, portal(TENANT, '/'));
  await submitLogin(staff, 'vi', staffEmail, DEMO_PASSWORD);
  await staff.getByRole('banner').getByRole('link', { name: 'Khu làm việc' }).click();
  await staff
    .getByRole('navigation', { name: 'Lịch hẹn' })
    .getByRole('link', { name: scopeOf(second) })
    .click();
  await staff.getByRole('link', { name: `Mở lịch hẹn ${other.appointmentNumber} của Đỗ Thị Hoa` }).click();
  await staff.getByRole('button', { name: 'Hủy với tư cách bệnh viện' }).click();
  await staff.getByLabel('Lý do hủy').fill('Bác sĩ đi công tác');
  await staff.getByRole('button', { name: 'Xác nhận hủy' }).click();
  await expect(staff.getByText('Đã hủy lịch hẹn.')).toBeVisible();
  await expect(
    staff.getByText('Bệnh viện đã hủy · Lý do hủy: Bác sĩ đi công tác', { exact: true }),
  ).toBeVisible();
  const seen = await get<{ status: number; cancelledBy: string }>(
    request,
    patient.user,
    `/Appointments/GetAppointment/${other.appointmentId}`,
  );
  expect(seen).toMatchObject({ status: 5, cancelledBy: 'hospital' });

  // Another doctor cannot open the first doctor's appointment.
  const otherN = doctor.n === 1 ? 2 : 1;
  const otherDevice = randomUUID();
  await careUser(request, `doctor${otherN}@${TENANT}.example`, otherDevice);
  const intruder = await pageAs(browser, otherDevice);
  await gotoReady(intruder, portal(TENANT, '/'));
  await submitLogin(intruder, 'vi', `doctor${otherN}@${TENANT}.example`, DEMO_PASSWORD);
  await expect(intruder.getByRole('banner').getByRole('link', { name: 'Khu làm việc' })).toBeVisible();
  await intruder.goto(portal(TENANT, `/care/appointments/${visit.appointmentId}`));
  await appReady(intruder);
  await expect(
    intruder.getByRole('main').getByRole('alert').filter({ hasText: 'Cuộc hẹn không tồn tại.' }),
  ).toBeVisible();
});

test('a patient gets no workspace link and /care tells them it is not theirs', async ({ page }) => {
  await signedIn(page, TENANT, `care-patient-${randomUUID().slice(0, 8)}@example.com`);
  await gotoReady(page, portal(TENANT, '/'));
  await expect(page.getByRole('banner').getByRole('button', { name: /^Tài khoản của / })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Khu làm việc' })).toHaveCount(0);
  await gotoReady(page, portal(TENANT, '/care'));
  await expect(page.getByRole('heading', { level: 1, name: 'Khu làm việc' })).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Khu làm việc chỉ dành cho tài khoản bác sĩ và nhân viên bệnh viện.' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
