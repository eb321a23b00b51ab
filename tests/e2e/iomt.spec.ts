import { expect, test, type Browser } from '@playwright/test';
import { tabTo } from './booking-support';
import { buyIomtThroughSandboxBank, IOMT, iomtDoctorLogins, iomtPatient } from './iomt-support';
import { expectNoSeriousA11yViolations, portal } from './portal';
import { signInExisting } from './video-call-support';

/**
 * Remote health monitoring end to end on songhong (spec sections 1, 2 and 7): a patient holding an
 * IoMT package opens /service-packages, sees the package's doctors and asks them for advice with
 * the keyboard; a doctor of the package answers in the care workspace; the patient reads the
 * answer on the page and in the notification list.
 */
test.describe.configure({ timeout: 120_000 });

async function doctorWorkspace(browser: Browser, login: string, lang: 'vi' | 'en') {
  const context = await browser.newContext();
  await signInExisting(context, 'songhong', login);
  await context.addInitScript((language) => localStorage.setItem('lang', language), lang);
  const page = await context.newPage();
  await page.goto(portal('songhong', '/care'));
  return page;
}

test('a patient buys a package at the bank, asks its doctors for advice; a doctor answers; the patient reads it (vi)', async ({
  browser,
}) => {
  const text = IOMT.vi;
  const name = 'Đỗ Thị Hạnh';
  const question = 'Huyết áp sáng nay 150/95, tôi có cần đi khám không?';
  const reply = 'Chị nghỉ ngơi và đo lại sau 30 phút; nếu vẫn trên 140/90 hãy đặt lịch khám.';
  const patientContext = await browser.newContext();
  await iomtPatient(patientContext, name, 'vi', false);
  const doctorLogins = await iomtDoctorLogins(patientContext);
  expect(doctorLogins.length).toBeGreaterThan(0);

  // The package is bought on the page, through the sandbox bank (its signed IPN settles it).
  const patient = await patientContext.newPage();
  await patient.goto(portal('songhong', '/service-packages'));
  await expect(patient.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await buyIomtThroughSandboxBank(patient, 'vi', 'Theo dõi huyết áp từ xa');
  await patient.goto(portal('songhong', '/service-packages'));
  await expect(patient.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  const doctors = patient.getByRole('region', { name: text.doctors });
  await expect(doctors.getByRole('listitem').first()).toBeVisible();
  await expect(patient.getByRole('region', { name: 'Gói của bạn' }).getByText('Đang dùng')).toBeVisible();
  await expectNoSeriousA11yViolations(patient);

  // Keyboard only: an empty question is refused in place and the focus goes to the field.
  const field = patient.getByLabel(text.message);
  const send = patient.getByRole('button', { name: text.send });
  await tabTo(patient, send);
  await patient.keyboard.press('Enter');
  await expect(patient.getByText(text.required)).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await patient.keyboard.type(question);
  await tabTo(patient, send);
  await patient.keyboard.press('Enter');
  await expect(patient.getByText(text.sent)).toBeVisible();
  const mine = patient.getByRole('region', { name: 'Câu hỏi của bạn' });
  await expect(mine.getByText(question)).toBeVisible();
  await expect(mine.getByText(text.waiting)).toBeVisible();
  await expectNoSeriousA11yViolations(patient);

  // A doctor of the package answers in the workspace.
  const doctor = await doctorWorkspace(browser, doctorLogins[0]!, 'vi');
  const inbox = doctor.getByRole('region', { name: text.inbox });
  await expect(inbox.getByText(question)).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
  await inbox.getByLabel(text.answerTo(name)).fill(reply);
  await inbox
    .getByRole('listitem')
    .filter({ hasText: question })
    .getByRole('button', { name: text.answerSend })
    .click();
  await expect(doctor.getByText(text.answerSent(name))).toBeVisible();
  await expect(inbox.getByText(question)).toHaveCount(0);
  await inbox.getByRole('button', { name: text.answered }).click();
  await expect(inbox.getByText(reply)).toBeVisible();

  // The patient reads the answer on the page and as a notification.
  await patient.reload();
  await expect(mine.getByText(reply)).toBeVisible();
  await expect(mine.getByText(text.answered)).toBeVisible();
  await patient.goto(portal('songhong', '/me/notification-list/'));
  await expect(patient.getByText(/đã trả lời câu hỏi của bạn/).first()).toBeVisible();
});

test('the page in English: title, the package doctors, the packages on sale (en)', async ({ browser }) => {
  const text = IOMT.en;
  const context = await browser.newContext();
  await iomtPatient(context, 'Vu Thi Lan', 'en');
  const page = await context.newPage();
  await page.goto(portal('songhong', '/service-packages'));
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(text.title));
  await expect(page.getByRole('heading', { level: 2, name: text.doctors })).toBeVisible();
  await expect(page.getByRole('region', { name: text.doctors }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy / }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('without a package the doctor list is empty and the page says so (vi)', async ({ browser }) => {
  const context = await browser.newContext();
  await iomtPatient(context, 'Lý Văn Tâm', 'vi', false);
  const page = await context.newPage();
  await page.goto(portal('songhong', '/service-packages'));
  await expect(page.getByRole('heading', { level: 1, name: IOMT.vi.title })).toBeVisible();
  await expect(page.getByText('Bạn chưa có gói theo dõi sức khỏe nào.')).toBeVisible();
  await expect(page.getByText('Khi có gói còn hiệu lực, các bác sĩ của gói sẽ hiện ở đây.')).toBeVisible();
  await expect(page.getByRole('button', { name: IOMT.vi.send })).toHaveCount(0);
});
