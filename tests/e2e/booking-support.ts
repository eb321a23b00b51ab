import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createAccount, PASSWORD, type Tenant } from './accounts-support';
import { expectNoSeriousA11yViolations, portal } from './portal';

/** The languages the booking tests run in. */
export type Lang = 'vi' | 'en';

/** Texts of the booking flow, the appointments list and the sandbox bank in both languages. */
export const BOOK = {
  vi: {
    bookFor: (type: string) => new RegExp(`^Đặt lịch ${type} với `),
    bookSlot: /^Đặt lịch lúc \d{2}:\d{2} ngày /,
    service: { 0: 'Khám tại bệnh viện', 1: 'Tư vấn video', 2: 'Khám tại nhà' } as Record<number, string>,
    steps: {
      service: 'Hình thức khám',
      hospital: 'Bệnh viện',
      address: 'Địa chỉ',
      slot: 'Ngày và giờ khám',
      patient: 'Người khám',
      symptoms: 'Triệu chứng',
      price: 'Chi phí',
      payment: 'Thanh toán',
      confirm: 'Xác nhận',
    },
    chooseDay: 'Chọn ngày khám',
    chooseTime: /^Chọn giờ khám ngày/,
    morning: 'Buổi sáng',
    free: /\d+ chỗ trống/,
    laterDays: 'Tuần sau',
    myself: /^Tôi \(/,
    missingInfo: /Hồ sơ người khám còn thiếu/,
    completeInfo: 'Cập nhật thông tin',
    selfDialog: 'Thông tin cá nhân của tôi',
    addFamily: 'Thêm thành viên gia đình',
    familyDialog: 'Thêm thành viên',
    fullName: 'Họ và tên',
    male: 'Nam',
    female: 'Nữ',
    dateOfBirth: 'Ngày sinh',
    relation: 'Mối quan hệ',
    save: 'Lưu',
    addAddress: 'Thêm địa chỉ',
    addressDialog: 'Thêm địa chỉ',
    addressLine: 'Số nhà, tên đường',
    province: 'Tỉnh / thành phố',
    ward: 'Xã / phường',
    continue: 'Tiếp tục',
    pay: {
      0: 'Thanh toán khi khám',
      1: 'Thanh toán trực tuyến',
      2: 'Miễn phí',
      3: 'Yêu cầu bảo lãnh viện phí',
    } as Record<number, string>,
    wallet: /Dùng số dư ví/,
    confirm: 'Xác nhận đặt lịch',
    confirmedTitle: 'Xác nhận lịch hẹn',
    booked: 'Đặt lịch thành công',
    failed: 'Thanh toán không thành công',
    paid: 'Đã thanh toán',
    pending: 'Chờ thanh toán',
    bankTitle: 'Cổng thanh toán thử nghiệm',
    approve: 'Thanh toán',
    decline: 'Từ chối',
    viewReceipt: 'Xem biên nhận',
    receiptTitle: 'Biên nhận',
    downloadPdf: 'Tải PDF',
    list: {
      title: 'Lịch hẹn',
      upcoming: 'Sắp tới',
      past: 'Đã qua',
      card: (number: string) => `Lịch hẹn ${number}`,
      cancel: 'Hủy lịch hẹn',
      cancelReason: 'Lý do hủy',
      reason: 'Trùng lịch cá nhân',
      remark: 'Ghi chú',
      continue: 'Tiếp tục',
      cancelYes: 'Xác nhận hủy',
      cancelled: 'Đã hủy lịch hẹn.',
      cancelledStatus: 'Đã hủy',
      reschedule: 'Đổi lịch',
      rescheduleDialog: 'Đổi lịch hẹn',
      rescheduleReason: 'Lý do đổi lịch',
      rescheduleSubmit: 'Xác nhận đổi lịch',
      rescheduled: 'Đã đổi lịch hẹn.',
      receipt: 'Biên lai',
      review: 'Đánh giá',
      reviewDialog: 'Đánh giá bác sĩ',
      stars: (n: number) => `${n} trên 5 sao`,
      comment: 'Nhận xét',
      reviewSubmit: 'Gửi đánh giá',
      reviewThanks: 'Cảm ơn bạn đã đánh giá.',
      completed: 'Đã hoàn thành',
      feedbackTitle: 'Đánh giá của tôi',
      familyTitle: 'Thành viên gia đình',
    },
  },
  en: {
    bookFor: (type: string) => new RegExp(`^Book a ${type} with `),
    bookSlot: /^Book at \d{2}:\d{2} on /,
    service: { 0: 'Hospital visit', 1: 'Video consultation', 2: 'Home visit' } as Record<number, string>,
    steps: {
      service: 'Kind of consultation',
      hospital: 'Hospital',
      address: 'Address',
      slot: 'Day and time',
      patient: 'Patient',
      symptoms: 'Symptoms',
      price: 'Price',
      payment: 'Payment',
      confirm: 'Confirm',
    },
    chooseDay: 'Choose a day',
    chooseTime: /^Choose a time on/,
    morning: 'Morning',
    free: /\d+ free/,
    laterDays: 'Next week',
    myself: /^Myself \(/,
    missingInfo: /The patient details are missing/,
    completeInfo: 'Update the details',
    selfDialog: 'My personal info',
    addFamily: 'Add a family member',
    familyDialog: 'Add family member',
    fullName: 'Full name',
    male: 'Male',
    female: 'Female',
    dateOfBirth: 'Date of birth',
    relation: 'Relation',
    save: 'Save',
    addAddress: 'Add address',
    addressDialog: 'Add address',
    addressLine: 'House number, street',
    province: 'Province / city',
    ward: 'Commune / ward',
    continue: 'Continue',
    pay: {
      0: 'Cash on consultation',
      1: 'Pay online',
      2: 'Free of charge',
      3: 'Request medical fee coverage',
    } as Record<number, string>,
    wallet: /Use my wallet/,
    confirm: 'Confirm booking',
    confirmedTitle: 'Appointment Confirmed',
    booked: 'Your appointment is booked',
    failed: 'The payment did not go through',
    paid: 'Paid',
    pending: 'Pending',
    bankTitle: 'Sandbox payment gateway',
    approve: 'Pay',
    decline: 'Decline',
    viewReceipt: 'View receipt',
    receiptTitle: 'Receipt',
    downloadPdf: 'Download PDF',
    list: {
      title: 'Appointments',
      upcoming: 'Upcoming',
      past: 'Past',
      card: (number: string) => `Appointment ${number}`,
      cancel: 'Cancel appointment',
      cancelReason: 'Reason for cancelling',
      reason: 'Schedule conflict',
      remark: 'Remark',
      continue: 'Continue',
      cancelYes: 'Yes, cancel it',
      cancelled: 'The appointment was cancelled.',
      cancelledStatus: 'Cancelled',
      reschedule: 'Reschedule',
      rescheduleDialog: 'Reschedule appointment',
      rescheduleReason: 'Reason for rescheduling',
      rescheduleSubmit: 'Confirm new time',
      rescheduled: 'The appointment was rescheduled.',
      receipt: 'Receipt',
      review: 'Review',
      reviewDialog: 'Review the doctor',
      stars: (n: number) => `${n} out of 5 stars`,
      comment: 'Comment',
      reviewSubmit: 'Send review',
      reviewThanks: 'Thank you for your review.',
      completed: 'Completed',
      feedbackTitle: 'My feedback',
      familyTitle: 'Family members',
    },
  },
} as const;

const headers = (tenant: Tenant) => ({ CompanyCode: tenant === 'songkhoe' ? '' : tenant });

/** GET/POST an API path of a tenant and return the envelope's data (failing on an error reply). */
export async function apiData<T>(
  request: APIRequestContext,
  tenant: Tenant,
  path: string,
  body?: unknown,
): Promise<T> {
  const url = portal('songkhoe', `/api/v1${path}`);
  const reply =
    body === undefined
      ? await request.get(url, { headers: headers(tenant) })
      : await request.post(url, { headers: headers(tenant), data: body });
  const json = (await reply.json()) as { isSuccess: boolean; data: T; codeMessageRespond: string | null };
  expect(json.isSuccess, `${path}: ${json.codeMessageRespond}`).toBe(true);
  return json.data;
}

/** The headers of a signed-in user's API call (signedIn's answer: token, and cookie = device id). */
export const authHeaders = (tenant: Tenant, user: Record<string, unknown>) => ({
  ...headers(tenant),
  Authorization: `Bearer ${String(user.token)}`,
  unique: String(user.cookie),
});

/** A second user of the tenant, signed in through the API only: { token, cookie } for authHeaders. */
export async function apiUser(
  request: APIRequestContext,
  tenant: Tenant,
  email: string,
): Promise<Record<string, unknown>> {
  const device = randomUUID();
  await createAccount(request, tenant, email, device);
  const reply = await request.post(portal('songkhoe', '/api/v1/Auth/Login'), {
    headers: { ...headers(tenant), unique: device },
    data: { userName: email, password: PASSWORD, deviceType: 0, deviceTokenWeb: '' },
  });
  const data = (await reply.json()).data as Record<string, unknown>;
  expect(data.token).toBeTruthy();
  return { ...data, cookie: device };
}

/**
 * Completes the signed-in user's own patient profile through the API (name, gender, birth date),
 * for tests whose subject is not the "fill it in place" step. Returns the self patient's id.
 */
export async function completeProfile(
  request: APIRequestContext,
  tenant: Tenant,
  user: Record<string, unknown>,
  fullName: string,
): Promise<number> {
  const url = (path: string) => portal('songkhoe', `/api/v1${path}`);
  const list = await request.get(url('/Patients/GetPatients'), { headers: authHeaders(tenant, user) });
  const self = ((await list.json()).data as { patientId: number; isSelf: boolean }[]).find((p) => p.isSelf)!;
  const updated = await request.post(url('/Patients/UpdatePatient'), {
    headers: authHeaders(tenant, user),
    data: { patientId: self.patientId, fullName, gender: 'F', dateOfBirth: '1992-03-15' },
  });
  expect((await updated.json()).isSuccess).toBe(true);
  return self.patientId;
}

/** Presses Tab until `target` has the focus (keyboard only), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Today's date (YYYY-MM-DD) in the hospitals' zone (every demo tenant: Asia/Ho_Chi_Minh). */
export const todayInVietnam = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

interface ScheduleDay {
  date: string;
  timeSlots: { timeSlot: number; slots: { slotId: number; startsAt: string; hospitalId: number | null }[] }[];
}

/** The free slot ids of a doctor over the next `days` days (GetDoctorScheduleTimingSlots). */
export async function freeSlotIds(
  request: APIRequestContext,
  tenant: Tenant,
  doctorId: number,
  days = 14,
): Promise<number[]> {
  const schedule = await apiData<ScheduleDay[]>(
    request,
    tenant,
    `/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctorId}&days=${days}`,
  );
  return schedule.flatMap((day) => day.timeSlots.flatMap((group) => group.slots.map((s) => s.slotId)));
}

export interface Doctor {
  doctorId: number;
  /** Title and full name, as the pages show them. */
  name: string;
  /** The full name alone, as a patient types it into the search box. */
  fullName: string;
}

/**
 * The `index`-th doctor of the tenant that offers every service type of `types` (POST
 * Doctors/FilterDoctors with serviceTypes, each confirmed by CheckPriceOfAppointment with a price
 * to pay) and lists symptoms, by doctor id. The order and the criteria do not change
 * while tests book and review, so tests running in parallel with different indexes never share
 * a doctor and never compete for the same slots.
 */
export async function doctorOffering(
  request: APIRequestContext,
  tenant: Tenant,
  types: number[],
  index: number,
): Promise<Doctor> {
  type Card = { doctorId: number; title: string; fullName: string; prices: { serviceTypeId: number }[] };
  const doctors: Card[] = [];
  for (let pageNumber = 1; pageNumber <= 20; pageNumber++) {
    const found = await apiData<{ doctors: Card[]; pagination: { totalRecords: number } }>(
      request,
      tenant,
      '/Doctors/FilterDoctors',
      { serviceTypes: types, pageSize: 100, pageNumber },
    );
    doctors.push(...found.doctors);
    if (found.doctors.length === 0 || doctors.length >= found.pagination.totalRecords) break;
  }
  doctors.sort((a, b) => a.doctorId - b.doctorId);
  let skipped = 0;
  for (const doctor of doctors) {
    if (!types.every((type) => doctor.prices.some((p) => p.serviceTypeId === type))) continue;
    let priced = true;
    for (const type of types) {
      const price = await apiData<{ finalPrice: number }>(
        request,
        tenant,
        `/Appointments/CheckPriceOfAppointment?doctorId=${doctor.doctorId}&serviceTypeId=${type}`,
      );
      if (!(price.finalPrice > 0)) priced = false;
    }
    if (!priced) continue;
    const symptoms = await apiData<unknown[]>(
      request,
      tenant,
      `/Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=${doctor.doctorId}`,
    );
    if (symptoms.length === 0) continue;
    if (skipped++ < index) continue;
    return {
      doctorId: doctor.doctorId,
      name: [doctor.title, doctor.fullName].filter(Boolean).join(' '),
      fullName: doctor.fullName,
    };
  }
  throw new Error(`no doctor #${index} of ${tenant} offers service types ${types.join(', ')}`);
}

/**
 * Clicks a radio's or checkbox's label, as a person does (the styled choices hide the native
 * input under their text), and waits until the control shows checked. The booking page keeps its
 * choices in the URL (a router transition), so the control turns checked a moment after the
 * click, which `locator.check()` would take for a click that did nothing.
 */
export async function choose(control: Locator) {
  await expect(control).toBeAttached();
  const label = await control.evaluateHandle((el) => (el as HTMLInputElement).labels?.[0] ?? el);
  await label.asElement()!.click();
  await label.dispose();
  await expect(control).toBeChecked();
}

/** One step of the Book Appointment page: the section named "N. Title". */
export function step(page: Page, lang: Lang, id: keyof (typeof BOOK)['vi']['steps']): Locator {
  const title = BOOK[lang].steps[id];
  return page.getByRole('region', { name: new RegExp(`^\\d+\\. ${title}$`) });
}

/** A chosen slot: its day (YYYY-MM-DD, hospital's zone), its start time as shown and its id. */
export interface ChosenSlot {
  date: string;
  time: string;
  slotId: number;
}

/**
 * Picks, in a slot picker (`scope`), the first day after today that has free slots and is not in
 * `avoid`, then its first free time. Moves to the next week when this one has none.
 */
export async function pickSlot(
  scope: Locator,
  lang: Lang,
  avoid: string[] = [],
  how: 'click' | 'keyboard' = 'click',
): Promise<ChosenSlot> {
  const text = BOOK[lang];
  const today = todayInVietnam();
  for (let week = 0; week < 4; week++) {
    const days = scope.getByRole('group', { name: text.chooseDay }).getByRole('radio');
    await expect(days.first()).toBeVisible();
    const count = await days.count();
    for (let i = 0; i < count; i++) {
      const day = days.nth(i);
      const date = (await day.getAttribute('value'))!;
      const label = await day.locator('xpath=..').innerText();
      if (date <= today || avoid.includes(date) || !text.free.test(label)) continue;
      if (how === 'click') await choose(day);
      else {
        await day.focus();
        await day.press('Space');
        await expect(day).toBeChecked();
      }
      const time = scope.getByRole('group', { name: text.chooseTime }).getByRole('radio').first();
      await expect(time).toBeVisible();
      // Morning times are morning on the hospital's clock, whatever the browser's zone.
      const morning = await scope
        .getByRole('group', { name: text.morning, exact: true })
        .getByRole('radio')
        .evaluateAll((inputs) => inputs.map((input) => input.parentElement!.textContent!.trim()));
      for (const shown of morning) expect(shown < '12:00', `morning slot at ${shown}`).toBe(true);
      const slot = {
        date,
        time: (await time.locator('xpath=..').innerText()).trim(),
        slotId: Number(await time.getAttribute('value')),
      };
      if (how === 'click') await choose(time);
      else {
        await time.focus();
        await time.press('Space');
        await expect(time).toBeChecked();
      }
      return slot;
    }
    await scope.getByRole('button', { name: text.laterDays }).click();
  }
  throw new Error('no free slot in the next four weeks');
}

/** dd/MM/yyyy of a YYYY-MM-DD date, as the pages show dates. */
export const shownDate = (date: string) => date.split('-').reverse().join('/');

/** Fills the patient form of an open dialog (rjsf): full name, gender, date of birth, relation. */
export async function fillPatient(
  dialog: Locator,
  lang: Lang,
  patient: { fullName: string; gender: 'M' | 'F'; dateOfBirth: string; relation?: string },
) {
  const text = BOOK[lang];
  await dialog.getByLabel(text.fullName).fill(patient.fullName);
  await choose(dialog.getByRole('radio', { name: patient.gender === 'M' ? text.male : text.female }));
  await dialog.getByLabel(text.dateOfBirth).fill(patient.dateOfBirth);
  if (patient.relation) await dialog.getByLabel(text.relation).selectOption({ label: patient.relation });
  await dialog.getByRole('button', { name: text.save, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Adds an address in place (AddressPicker's dialog): street, then province, then its first ward. */
export async function addAddressInPlace(
  scope: Locator,
  page: Page,
  lang: Lang,
  street: string,
  province: string,
) {
  const text = BOOK[lang];
  await scope.getByRole('button', { name: text.addAddress, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.addressDialog });
  await dialog.getByLabel(text.addressLine).fill(street);
  await dialog.getByLabel(text.province).selectOption({ label: province });
  const ward = dialog.getByLabel(text.ward);
  await expect(ward).toBeEnabled();
  await expect(ward.locator('option').nth(1)).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  const wardName = (await ward.locator('option').nth(1).textContent())!.trim();
  await ward.selectOption({ label: wardName });
  await dialog.getByRole('button', { name: text.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  return wardName;
}

/**
 * The first of the doctor's symptoms in the symptoms step: never the "not sure" box, which is
 * there before the doctor's list has loaded (the first box of the step until then).
 */
export const firstSymptom = (symptoms: Locator) =>
  symptoms.getByRole('checkbox', { name: /^(?!(Không rõ|Not sure)$)/ }).first();

/** The booking page is done with the patient step: symptoms, then the price, each moved on. */
export async function pickSymptomAndPrice(page: Page, lang: Lang) {
  const text = BOOK[lang];
  const symptoms = step(page, lang, 'symptoms');
  await choose(firstSymptom(symptoms));
  await symptoms.getByRole('button', { name: text.continue }).click();
  const price = step(page, lang, 'price');
  await expect(price.getByText(/^(₫\s?\d[\d.,]*|\d[\d.,]*\s?₫)$/).first()).toBeVisible();
  await price.getByRole('button', { name: text.continue }).click();
}

/** On the sandbox bank's page: approve, and land on Appointment Confirmed, booked; its id. */
export async function approveBookingAtBank(page: Page, lang: Lang): Promise<number> {
  const text = BOOK[lang];
  await expect(page.getByRole('heading', { level: 1, name: text.bankTitle })).toBeVisible();
  await page.getByRole('button', { name: text.approve, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.booked })).toBeVisible();
  return confirmedId(page);
}

/** The appointment id of the Appointment Confirmed page the browser is on. */
export function confirmedId(page: Page): number {
  const match = /\/appointment-confirmed\/(\d+)/.exec(page.url());
  expect(match, page.url()).not.toBeNull();
  return Number(match![1]);
}

/** The human-readable appointment number shown on the confirmed page. */
export async function appointmentNumber(page: Page, lang: Lang): Promise<string> {
  const term = lang === 'vi' ? 'Mã lịch hẹn' : 'Appointment number';
  const row = page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  const number = (await row.innerText()).trim();
  expect(number).not.toBe('');
  return number;
}

/** Asserts the page does not scroll sideways at its current width. */
export async function expectNoHorizontalScroll(page: Page, width = 360) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(scrollWidth, 'page wider than the viewport').toBeLessThanOrEqual(width);
}

/**
 * Chooses the doctor's hospital that has the demo schedule: the seed gives a doctor its slots at
 * its hospital with the smallest id (server/seed/slots.ts), while the step lists them by name.
 */
export async function chooseScheduledHospital(page: Page, lang: Lang) {
  const radios = step(page, lang, 'hospital').getByRole('radio');
  await expect(radios.first()).toBeAttached();
  const ids = await radios.evaluateAll((inputs) =>
    inputs.map((input) => Number((input as HTMLInputElement).value)),
  );
  await choose(step(page, lang, 'hospital').locator(`input[value="${Math.min(...ids)}"]`));
}
