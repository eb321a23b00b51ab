import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FEATURE_KEYS, type FeatureKey } from '../../schemas/features';
import { ACCOUNT_LINKS } from '../../schemas/paths';
import { codeFor, enterCode, PASSWORD, smsRecipient, TEXT, uniquePhone } from './accounts-support';
import {
  appointmentNumber,
  BOOK,
  choose,
  approveBookingAtBank,
  doctorOffering,
  expectNoHorizontalScroll,
  pickSlot,
  step,
  type Lang,
  firstSymptom,
} from './booking-support';
import { appReady, expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * The newcomer's path on songhong (every feature), in Vietnamese, then in English: sign up by phone
 * in the header dialog, complete the profile the welcome card asks for, take the home page's offer
 * to a booking paid online through the sandbox bank, cancel it (the money goes back to the
 * wallet), read and download its receipt, then open every account page on a phone.
 */

const WALK = {
  vi: {
    createAccount: 'Tạo tài khoản mới',
    createTitle: 'Tạo tài khoản',
    confirmPassword: 'Nhập lại mật khẩu',
    terms: /Tôi đã đọc và đồng ý/,
    countryCode: 'Mã quốc gia',
    checkPhone: 'Vui lòng kiểm tra mã xác thực trên điện thoại của bạn.',
    created: 'Tạo tài khoản thành công.',
    inviteTitle: 'Hoàn thiện hồ sơ để đặt lịch khám',
    inviteFields: 'Họ và tên, Giới tính, Ngày sinh',
    inviteAction: 'Điền thông tin',
    profileTitle: 'Thông tin cá nhân',
    fullName: 'Họ và tên',
    gender: 'Giới tính',
    dateOfBirth: 'Ngày sinh',
    save: 'Lưu',
    saved: 'Đã lưu thông tin.',
    patientName: 'Lê Thị Thu Hà',
    tenantName: 'Bệnh viện Đa khoa Sông Hồng',
    offers: 'Ưu đãi',
    offerCode: 'Mã',
    allKinds: 'mọi hình thức khám',
    scheduleConsultation: 'Đặt lịch khám',
    doctorListTitle: /bác sĩ/i,
    search: /Tìm bác sĩ/,
    promoCode: 'Mã khuyến mãi',
    applyPromo: 'Áp dụng',
    promoApplied: (code: string) => `Đã áp dụng mã ${code}`,
    finalPrice: 'Thành tiền',
    myAppointments: 'Lịch hẹn của tôi',
    viewDetail: 'Xem chi tiết',
    remark: 'Tôi bận việc đột xuất.',
    refundToWallet: (amount: string) =>
      new RegExp(`Đã hoàn ${amount.replace(/\s/g, '\\s')} vào ví lúc \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\.`),
    refundTitle: 'Hoàn tiền',
    refunded: 'Đã hoàn tiền',
    accountNav: 'Tài khoản',
    menuOpen: /^Menu tài khoản/,
  },
  en: {
    createAccount: 'Create a new account',
    createTitle: 'Create account',
    confirmPassword: 'Confirm password',
    terms: /I have read and accept/,
    countryCode: 'Country code',
    checkPhone: 'Please check your phone for the verification code.',
    created: 'Your account has been created.',
    inviteTitle: 'Complete your profile to book',
    inviteFields: 'Full name, Gender, Date of birth',
    inviteAction: 'Fill in your details',
    profileTitle: 'Personal details',
    fullName: 'Full name',
    gender: 'Gender',
    dateOfBirth: 'Date of birth',
    save: 'Save',
    saved: 'Your details have been saved.',
    patientName: 'Hannah Le',
    tenantName: 'Song Hong General Hospital',
    offers: 'Offers',
    offerCode: 'Code',
    allKinds: 'every kind of visit',
    scheduleConsultation: 'Schedule consultation',
    doctorListTitle: /doctor/i,
    search: /Search doctors/,
    promoCode: 'Promo code',
    applyPromo: 'Apply',
    promoApplied: (code: string) => `Code ${code} applied`,
    finalPrice: 'Total to pay',
    myAppointments: 'My appointments',
    viewDetail: 'View details',
    remark: 'Something urgent came up at work.',
    refundToWallet: (amount: string) =>
      new RegExp(
        `${amount.replace(/\s/g, '\\s')} was refunded to your wallet on \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\.`,
      ),
    refundTitle: 'Refund',
    refunded: 'Refunded',
    accountNav: 'Account',
    menuOpen: /^Account menu/,
  },
} as const;

/** The account menu's labels of both languages (the i18n files), by label key. */
const LABELS = {
  vi: JSON.parse(readFileSync(path.join(import.meta.dirname, '../../src/lib/i18n/vi.json'), 'utf8')),
  en: JSON.parse(readFileSync(path.join(import.meta.dirname, '../../src/lib/i18n/en.json'), 'utf8')),
} as Record<Lang, Record<string, Record<string, string>>>;
const labelOf = (lang: Lang, key: string) => {
  const [group, name] = key.split('.') as [string, string];
  return LABELS[lang][group]![name]!;
};

/** songhong's features (tenants/songhong/tenant.json; a feature not named there is on). */
function songhongFeatures(): Record<FeatureKey, boolean> {
  const file = path.join(import.meta.dirname, '../../tenants/songhong/tenant.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as {
    features?: Partial<Record<FeatureKey, boolean>>;
  };
  return { ...Object.fromEntries(FEATURE_KEYS.map((key) => [key, true])), ...config.features } as Record<
    FeatureKey,
    boolean
  >;
}

/** A dd/dd/dd… Vietnamese mobile typed as people write it: "0912 345 678". */
const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;

/** The amount shown after a <dt> of the page (price lines are dt/dd pairs). */
async function shownAmount(page: Page, term: string): Promise<string> {
  const value = page.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd[1]');
  return (await value.innerText()).trim();
}

test.describe('newcomer walk', () => {
  test.describe.configure({ timeout: 180_000 });

  // One walk in both languages: the newcomer signs up, completes the profile and books in
  // Vietnamese, then switches to English with the header's switch (signed in, on the confirmation
  // page) and cancels, reads the receipt and opens the account pages in English. Each screen once:
  // every page is opened in both languages by every-page.spec.ts.
  test('sign up by phone, complete the profile, book the offer paid online (vi); switch to English, cancel, receipt, account pages on a phone (en)', async ({
    page,
  }) => {
    let lang: Lang = 'vi';
    let walk: (typeof WALK)[Lang] = WALK.vi;
    let book: (typeof BOOK)[Lang] = BOOK.vi;
    const account = TEXT.vi;
    const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 11);

    // Any API refusal on the way is a finding (the walk never enters anything wrong).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/') && response.status() >= 400)
        refused.push(`${response.status()} ${response.url()}`);
    });

    // A brand-new visitor: the portal's default language.
    await gotoReady(page, portal('songhong'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

    // 1. Sign up in the header dialog with a phone number typed with spaces.
    const phone = uniquePhone();
    await page.getByRole('banner').getByRole('button', { name: account.signInButton }).click();
    await page.getByRole('dialog').getByRole('button', { name: walk.createAccount }).click();
    const signUp = page.getByRole('dialog', { name: walk.createTitle });
    await signUp.getByLabel(account.userName).fill(spaced(phone));
    await expect(signUp.getByLabel(walk.countryCode)).toHaveValue('1'); // Vietnam
    await signUp.getByLabel(account.password, { exact: true }).fill(PASSWORD);
    await signUp.getByLabel(walk.confirmPassword).fill(PASSWORD);
    await signUp.getByLabel(walk.terms).check();
    await signUp.getByRole('button', { name: walk.createTitle, exact: true }).click();
    await expect(page.getByText(walk.checkPhone)).toBeVisible();
    await enterCode(page, lang, await codeFor(page.request, 'songhong', smsRecipient(phone)));
    await expect(page.getByText(walk.created)).toBeVisible();
    const national = `+84 ${phone.replace(/^0/, '')}`;
    await expect(page.getByRole('button', { name: account.accountMenu(national) })).toBeVisible();

    // 2. The new account lands on its profile, invited to complete what booking needs.
    await expect(page).toHaveURL(portal('songhong', '/me/profile-settings/'));
    const invite = page.getByRole('region', { name: walk.inviteTitle });
    await expect(invite).toContainText(walk.inviteFields);
    await invite.getByRole('link', { name: walk.inviteAction }).click();
    const profile = page.getByRole('region', { name: walk.profileTitle });
    await expect(profile.getByLabel(walk.fullName)).toBeFocused();
    await profile.getByLabel(walk.fullName).fill(walk.patientName);
    await profile.getByLabel(walk.gender).selectOption('F');
    await profile.getByLabel(walk.dateOfBirth).fill('1993-04-21');
    await profile.getByRole('button', { name: walk.save, exact: true }).click();
    await expect(page.getByText(walk.saved)).toBeVisible();
    await expect(invite).toBeHidden();
    await expect(page.getByRole('button', { name: account.accountMenu(walk.patientName) })).toBeVisible();

    // 3. Home, the offer card, the offer's own page with its code.
    // The header's logo is the way home (its name is the hospital's).
    await page.getByRole('banner').getByRole('link', { name: walk.tenantName, exact: true }).click();
    const offerCard = page
      .getByRole('region', { name: walk.offers })
      .getByRole('listitem')
      .filter({ has: page.getByTestId('offer-rule') })
      .first();
    await expect(offerCard.getByTestId('offer-rule')).toContainText(walk.allKinds);
    const offerTitle = (await offerCard.getByRole('heading').innerText()).trim();
    await offerCard.getByRole('link').click();
    await expect(page).toHaveURL(/\/offer-detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offerTitle);
    const code = (
      await page
        .locator('dt', { hasText: walk.offerCode })
        .locator('xpath=following-sibling::dd[1]//strong')
        .innerText()
    ).trim();
    expect(code).toMatch(/^[A-Z0-9]+$/);

    // The offer holds for every doctor, so its page names none: the header's "book" link leads
    // on to the doctor list, where the newcomer looks the doctor up by name.
    await page.getByRole('banner').getByRole('link', { name: walk.scheduleConsultation }).click();
    await expect(page).toHaveURL(/\/doctor-list/);
    const search = page.getByRole('combobox', { name: walk.search });
    await search.fill(doctor.fullName);
    await search.press('Enter');
    await expect(page).toHaveURL(/\/doctor-list\?searchText=/);
    // Two doctors may share a name, and the title is translated ("BS." / "Dr."): the card of
    // this doctor is the one whose heading links to their page.
    const card = page
      .locator('main article')
      .filter({ has: page.locator(`h2 a[href="/doctor-details/${doctor.doctorId}"]`) });
    await card.getByRole('heading').getByRole('link', { name: doctor.fullName }).click();
    await expect(page).toHaveURL(portal('songhong', `/doctor-details/${doctor.doctorId}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(doctor.fullName);

    // Book a hospital visit for herself (the profile is complete: nothing missing), with the
    // offer's code, paid online through the sandbox bank.
    await page.getByRole('button', { name: book.bookFor(book.service[0]!) }).click();
    await choose(step(page, lang, 'hospital').getByRole('radio').first());
    await pickSlot(step(page, lang, 'slot'), lang);
    const patient = step(page, lang, 'patient');
    await choose(patient.getByRole('radio', { name: book.myself }));
    await expect(patient.getByText(book.missingInfo)).toHaveCount(0);
    // The choice is kept in the URL; the next step's choice waits until it is there.
    await expect(page).toHaveURL(/[?&]patientId=\d+/);
    const symptoms = step(page, lang, 'symptoms');
    await choose(firstSymptom(symptoms));
    await symptoms.getByRole('button', { name: book.continue }).click();
    const price = step(page, lang, 'price');
    await price.getByLabel(walk.promoCode).fill(code);
    await price.getByRole('button', { name: walk.applyPromo, exact: true }).click();
    await expect(price.getByText(walk.promoApplied(code))).toBeVisible();
    await price.getByRole('button', { name: book.continue }).click();
    await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${book.pay[1]}`) }));
    await step(page, lang, 'confirm').getByRole('button', { name: book.confirm }).click();
    const id = await approveBookingAtBank(page, lang);

    // English from here on: the header's switch reloads the confirmation page, still signed in.
    const reload = page.waitForEvent('load');
    await page.getByRole('combobox', { name: /Ngôn ngữ/ }).selectOption('en');
    await reload;
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    lang = 'en';
    walk = WALK.en;
    book = BOOK.en;
    await expect(page.getByRole('heading', { level: 2, name: book.booked })).toBeVisible();
    const number = await appointmentNumber(page, lang);
    const paid = await shownAmount(page, walk.finalPrice);
    expect(paid).toMatch(/\d/);
    const refundSentence = walk.refundToWallet(paid);

    // 4. Cancel from the appointment's own page: reason and the required remark; the result
    // says where the money goes.
    await page.getByRole('link', { name: walk.myAppointments }).click();
    await page
      .getByRole('article', { name: book.list.card(number) })
      .getByRole('link', { name: walk.viewDetail })
      .click();
    await expect(page).toHaveURL(portal('songhong', `/me/appointments-list/${id}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.list.card(number));
    await page.getByRole('button', { name: book.list.cancel }).click();
    const dialog = page.getByRole('dialog', { name: book.list.cancel });
    await dialog.getByLabel(book.list.cancelReason).selectOption({ label: book.list.reason });
    await dialog.getByLabel(book.list.remark).fill(walk.remark);
    await dialog.getByRole('button', { name: book.list.continue }).click();
    await dialog.getByRole('button', { name: book.list.cancelYes }).click();
    await expect(page.getByText(book.list.cancelled)).toContainText(refundSentence);
    await expect(page.getByRole('list', { name: walk.refundTitle })).toContainText(refundSentence);

    // 5. Its receipt: the payment and the refund, then the PDF.
    await page.getByRole('link', { name: book.list.receipt, exact: true }).click();
    await expect(page).toHaveURL(portal('songhong', `/receipt/${id}`));
    await expect(page.getByRole('heading', { level: 1, name: book.receiptTitle })).toBeVisible();
    await expect(page.getByText(paid).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: walk.refundTitle })).toBeVisible();
    await expect(page.getByRole('list', { name: walk.refundTitle })).toContainText(refundSentence);
    await expect(page.getByText(walk.refunded, { exact: true })).toBeVisible(); // payment status
    await expectNoSeriousA11yViolations(page);
    const answered = page.waitForResponse((r) => r.url().includes(`/Receipt/${id}`));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: book.downloadPdf }).click();
    const [reply, download] = [await answered, await downloading];
    expect(reply.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(download.suggestedFilename()).toBe(`receipt-${id}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // 6. On a phone: every page of the account menu starts with its own heading on the first
    // screen and never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const features = songhongFeatures();
    const links = ACCOUNT_LINKS.filter((link) => !link.feature || features[link.feature]);
    const nav = page.getByRole('navigation', { name: walk.accountNav });
    for (const [index, link] of links.entries()) {
      const label = labelOf(lang, link.labelKey);
      // The first page is opened by its address, each next one from the compact account menu.
      if (index === 0) await gotoReady(page, portal('songhong', link.path));
      else {
        await nav.getByText(walk.menuOpen).click();
        await nav.getByRole('link', { name: label, exact: true }).click();
      }
      await expect(page).toHaveURL(portal('songhong', link.path));
      const h1 = page.getByRole('heading', { level: 1 });
      // The page's heading starts with the menu's name for it ("Privacy" -> "Privacy and personal data").
      await expect(h1, link.path).toHaveText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      await expect(h1, link.path).toBeInViewport();
      const box = (await h1.boundingBox())!;
      expect(box.y + box.height, `${link.path}: the h1 is above the fold`).toBeLessThanOrEqual(844);
      await expectNoHorizontalScroll(page, 390);
    }
    expect(refused).toEqual([]);
  });
});
