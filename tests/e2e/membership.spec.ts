import { expect, test, type Page } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import {
  apiData,
  BOOK,
  choose,
  completeProfile,
  doctorOffering,
  firstSymptom,
  pickSlot,
  step,
  type Lang,
} from './booking-support';
import { appReady, expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * Member packages in a real browser against the real server: a signed-in patient chooses a package
 * and a payment method, pays at the sandbox bank (the signed IPN through the real code), reads the
 * outcome, sees the calls and free appointments held, and spends a free appointment at booking.
 */

const TEXT = {
  vi: {
    title: 'Gói thành viên',
    buy: 'Đăng ký',
    selectPackage: 'Vui lòng chọn gói.',
    selectMethod: 'Vui lòng chọn phương thức thanh toán.',
    bank: 'Thanh toán qua ngân hàng',
    success: 'Đăng ký gói thành công',
    failed: 'Đăng ký gói không thành công',
    held: 'Gói của bạn',
    callsLeft: 'Lượt gọi còn lại',
    freeLeft: 'Lượt khám miễn phí còn lại',
    useFree: /^Dùng 1 lượt khám miễn phí của gói Gói Gia đình/,
    covered: 'Gói thành viên trả cho lần khám này',
  },
  en: {
    title: 'Member packages',
    buy: 'Join',
    selectPackage: 'Please select a package.',
    selectMethod: 'Please select a payment method.',
    bank: 'Pay by bank',
    success: 'Package purchase successful',
    failed: 'Package purchase failed',
    held: 'Your packages',
    callsLeft: 'Calls left',
    freeLeft: 'Free appointments left',
    useFree: /^Use 1 free appointment of Family/,
    covered: 'Your member package pays for this appointment',
  },
} as const;

/** Chooses a package and the bank on /membership and pays (or declines) at the sandbox bank. */
async function buyAtBank(page: Page, lang: Lang, packageName: RegExp, action: 'approve' | 'decline') {
  const text = TEXT[lang];
  const bank = BOOK[lang];
  await choose(page.getByRole('radio', { name: packageName }));
  await choose(page.getByRole('radio', { name: text.bank }));
  await page.getByRole('button', { name: text.buy, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: bank.bankTitle })).toBeVisible();
  await page
    .getByRole('button', { name: action === 'approve' ? bank.approve : bank.decline, exact: true })
    .click();
  await expect(page).toHaveURL(/\/membership\/result\/\d+/);
}

test('vi: buy the Family package at the bank, see its calls, and book a hospital visit with its free appointment', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lang = 'vi';
  const text = TEXT[lang];
  const user = await signedIn(page, 'songhong', uniqueEmail('member'));
  await completeProfile(page.request, 'songhong', user, 'Lê Thị Hoa');

  await gotoReady(page, portal('songhong', '/membership'));
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  // Nothing chosen: the spec's two messages, nothing sent.
  await page.getByRole('button', { name: text.buy, exact: true }).click();
  await expect(page.getByText(text.selectPackage)).toBeVisible();
  await expect(page.getByText(text.selectMethod)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await buyAtBank(page, lang, /^Gói Gia đình/, 'approve');
  await expect(page.getByRole('heading', { level: 1, name: text.success })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await gotoReady(page, portal('songhong', '/membership'));
  const held = page.getByRole('region', { name: text.held });
  await expect(held.getByRole('heading', { name: 'Gói Gia đình' })).toBeVisible();
  await expect(held.getByText('22 / 22')).toBeVisible();
  await expect(held.getByText(text.freeLeft)).toBeVisible();
  await expect(held.getByText('1 / 1')).toBeVisible();

  // The free appointment pays a hospital visit: nothing to pay, "Free" the only method.
  const doctor = await doctorOffering(page.request, 'songhong', [0], 2);
  const bookText = BOOK[lang];
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await page.getByRole('button', { name: bookText.bookFor(bookText.service[0]!) }).click();
  await choose(step(page, lang, 'hospital').getByRole('radio').first());
  await pickSlot(step(page, lang, 'slot'), lang);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Lê Thị Hoa\)/ }));
  const symptoms = step(page, lang, 'symptoms');
  await choose(firstSymptom(symptoms));
  await symptoms.getByRole('button', { name: bookText.continue }).click();
  const price = step(page, lang, 'price');
  await choose(price.getByRole('checkbox', { name: text.useFree }));
  await expect(price.getByText(text.covered)).toBeVisible();
  await price.getByRole('button', { name: bookText.continue }).click();
  await expect(step(page, lang, 'payment').getByRole('radio')).toHaveCount(1);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: bookText.pay[2] }));
  await step(page, lang, 'confirm').getByRole('button', { name: bookText.confirm }).click();
  await expect(page.getByRole('heading', { level: 2, name: bookText.booked })).toBeVisible();

  await gotoReady(page, portal('songhong', '/membership'));
  await expect(page.getByRole('region', { name: text.held }).getByText('0 / 1')).toBeVisible();
});

test('en: a declined payment says so and gives nothing; then the Basic package is bought', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang = 'en';
  const text = TEXT[lang];
  await signedIn(page, 'songhong', uniqueEmail('member-en'));
  await gotoReady(page, portal('songhong', '/membership'));
  const reload = page.waitForEvent('load');
  await page.getByRole('combobox', { name: /Ngôn ngữ/ }).selectOption('en');
  await reload;
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();

  await buyAtBank(page, lang, /^Basic/, 'decline');
  await expect(page.getByRole('heading', { level: 1, name: text.failed })).toBeVisible();
  await gotoReady(page, portal('songhong', '/membership'));
  await expect(page.getByText('You have no member package yet.')).toBeVisible();

  await buyAtBank(page, lang, /^Basic/, 'approve');
  await expect(page.getByRole('heading', { level: 1, name: text.success })).toBeVisible();
  await gotoReady(page, portal('songhong', '/membership'));
  const held = page.getByRole('region', { name: text.held });
  await expect(held.getByRole('heading', { name: 'Basic' })).toBeVisible();
  await expect(held.getByText(text.callsLeft)).toBeVisible();
  await expect(held.getByText('5 of 5')).toBeVisible();
});

test('vi: joining a health program from a doctor page: paid at the bank, then the header programs menu opens its doctor list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedIn(page, 'songhong', uniqueEmail('program'));
  // A doctor who takes part in a program (the demo seed links some).
  type Card = { doctorId: number };
  const list = await apiData<{ doctors: Card[] }>(page.request, 'songhong', '/Doctors/FilterDoctors', {
    pageNumber: 1,
    pageSize: 50,
  });
  let found: { doctorId: number; program: { healthProgramId: number; name: string } } | null = null;
  for (const { doctorId } of list.doctors) {
    const programs = await apiData<{ healthProgramId: number; name: string }[]>(
      page.request,
      'songhong',
      `/Doctors/GetListHealthProgram/${doctorId}`,
    );
    if (programs.length) {
      found = { doctorId, program: programs[0]! };
      break;
    }
  }
  expect(found, 'a doctor with a health program').not.toBeNull();
  const { doctorId, program } = found!;

  await gotoReady(page, portal('songhong', `/doctor-details/${doctorId}`));
  await page.getByRole('button', { name: `Tham gia chương trình ${program.name}` }).click();
  const bank = BOOK.vi;
  await expect(page.getByRole('heading', { level: 1, name: bank.bankTitle })).toBeVisible();
  await page.getByRole('button', { name: bank.approve, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXT.vi.success })).toBeVisible();

  // The header's programs menu (spec section 2) lists it and opens the program's doctor list.
  await page.getByRole('button', { name: 'Chương trình sức khỏe' }).click();
  await page.getByRole('menuitem', { name: program.name }).click();
  await expect(page).toHaveURL(
    new RegExp(`/doctor-list\\?servicetype=4&healthProgramId=${program.healthProgramId}$`),
  );
  await gotoReady(page, portal('songhong', `/doctor-details/${doctorId}`));
  await expect(page.getByText('Bạn đã tham gia chương trình này.').first()).toBeVisible();
});
