import { expect, test, type Page } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';
import { mintProductCodes, promotionProductId, referralSummary } from './promotions-support';

// Gift (product) codes and refer and earn on songhong, in Vietnamese and in English (spec sections
// 4 "promo activation success or fail", 7 "Promos and wallet", ManageReferrals).

const TEXT = {
  vi: {
    title: 'Mã quà tặng',
    field: 'Mã quà tặng',
    activate: 'Kích hoạt',
    success: 'Kích hoạt thành công',
    failure: 'Kích hoạt không thành công',
    used: 'Mã này đã được sử dụng.',
    invalid: 'Mã không hợp lệ. Vui lòng kiểm tra lại mã.',
    blank: 'Vui lòng nhập mã.',
    product: 'Một lần khám miễn phí',
    unspent: 'Chưa sử dụng',
    refer: 'Giới thiệu bạn bè',
    link: 'Đường dẫn giới thiệu',
    copy: 'Sao chép đường dẫn',
  },
  en: {
    title: 'Gift codes',
    field: 'Gift code',
    activate: 'Activate',
    success: 'Code activated',
    failure: 'The code could not be activated',
    used: 'This code has already been used.',
    invalid: 'This code is not valid. Please check it and try again.',
    blank: 'Please enter a code.',
    product: 'One free consultation',
    unspent: 'Not used yet',
    refer: 'Refer and earn',
    link: 'Referral link',
    copy: 'Copy the link',
  },
} as const;

async function useLanguage(page: Page, lang: 'vi' | 'en') {
  await page.addInitScript((language) => {
    localStorage.setItem('lang', language);
    localStorage.setItem('languageId', language === 'en' ? '1' : '2');
  }, lang);
}

for (const lang of ['vi', 'en'] as const) {
  const x = TEXT[lang];

  test(`${lang}: a gift code is activated once and its product shows in the wallet of products`, async ({
    page,
  }) => {
    test.slow(); // two axe runs and the operator command on two shared cores
    await useLanguage(page, lang);
    await signedIn(page, 'songhong', uniqueEmail(`gift-${lang}`));
    const [code] = mintProductCodes('songhong', promotionProductId('songhong'), 1);
    await gotoReady(page, portal('songhong', '/me/promotion-products'));
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
    const field = page.getByLabel(x.field, { exact: true });

    await page.getByRole('button', { name: x.activate, exact: true }).click();
    await expect(page.getByText(x.blank)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(`  ${code!.toLowerCase()} `);
    await page.getByRole('button', { name: x.activate, exact: true }).click();
    const result = page.getByTestId('activation-result');
    await expect(result.getByRole('heading', { name: x.success })).toBeFocused();
    await expect(result).toContainText(x.product);
    const products = page.getByTestId('user-products');
    await expect(products.getByRole('listitem')).toHaveCount(1);
    await expect(products).toContainText(code!);
    await expect(products).toContainText(x.unspent);
    await expectNoSeriousA11yViolations(page);

    // Used again, or a code that does not exist: the reason, in the reader's language.
    await field.fill(code!);
    await field.press('Enter');
    await expect(result.getByRole('heading', { name: x.failure })).toBeVisible();
    await expect(result).toContainText(x.used);
    await field.fill('KHONG-CO-MA-NAY');
    await field.press('Enter');
    await expect(result).toContainText(x.invalid);
    await expect(products.getByRole('listitem')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test(`${lang}: the refer page shows the user's code and link`, async ({ page }) => {
    await useLanguage(page, lang);
    const user = await signedIn(page, 'songhong', uniqueEmail(`refer-${lang}`));
    const summary = await referralSummary(page.request, 'songhong', user);
    await gotoReady(page, portal('songhong', '/refer-and-earn'));
    await expect(page.getByRole('heading', { level: 1, name: x.refer })).toBeVisible();
    await expect(page.getByTestId('referral-code')).toHaveText(summary.referralCode);
    const link = page.getByLabel(x.link);
    await expect(link).toHaveValue(new RegExp(`/\\?invitedby=${summary.referralCode}$`));
    await expect(page.getByRole('button', { name: x.copy })).toBeVisible();
    await expect(page.getByTestId('referral-invited')).toHaveText('0');
    await expectNoSeriousA11yViolations(page);

    // The link opens the create-account dialog for a visitor.
    const visitor = await page.context().browser()!.newPage();
    await visitor.addInitScript((language) => localStorage.setItem('lang', language), lang);
    await gotoReady(visitor, await link.inputValue());
    await expect(visitor.getByRole('dialog')).toBeVisible();
    await visitor.close();
  });
}
