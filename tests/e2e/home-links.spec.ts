import { expect, test, type Page } from '@playwright/test';
import { appReady, expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// "Every page works and every link leads where it says": each home and footer link of a new
// patient's first visit opens what its label promises, and a portal shows nothing about a
// feature it has off.

type Doctor = {
  specialities: { name: string }[];
  hospitals: { hospitalId: number; name: string }[];
  prices: { serviceTypeId: number }[];
};

/** Clicks a link and returns the doctors the list then asks the server for (the real answer). */
async function doctorsAfterClick(page: Page, click: () => Promise<void>): Promise<Doctor[]> {
  const answer = page.waitForResponse((r) => r.url().includes('/Doctors/FilterDoctors'));
  await click();
  const body = await (await answer).json();
  return body.data.doctors as Doctor[];
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('songhong: home offer, banner, promotion and hospital links open what they say', async ({ page }) => {
  test.setTimeout(240_000);
  const home = portal('songhong', '/');
  await gotoReady(page, home);
  const offers = section(page, 'Ưu đãi');

  // The welcome offer: its rule with the cap, then its own detail page saying the same.
  const offerCard = offers
    .getByRole('listitem')
    .filter({ has: page.getByTestId('offer-rule') })
    .first();
  const rule = (await offerCard.getByTestId('offer-rule').innerText()).trim();
  expect(rule).toMatch(/^Giảm 20%, tối đa 100\.000\s₫ · áp dụng cho: mọi hình thức khám · đến hết ngày /);
  const offerTitle = (await offerCard.getByRole('heading').innerText()).trim();
  await offerCard.getByRole('link').click();
  await expect(page).toHaveURL(/\/offer-detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(offerTitle);
  await expect(page.getByTestId('offer-rule')).toHaveText(rule);
  await expect(page.getByText('CHAOMUNG20', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // "Tư vấn video cùng bác sĩ": only doctors who offer video, the filter ticked.
  await gotoReady(page, home);
  const video = await doctorsAfterClick(page, () =>
    section(page, 'Tin nổi bật').getByRole('link', { name: 'Tư vấn video cùng bác sĩ' }).click(),
  );
  await expect(page).toHaveURL(/serviceTypes=1/);
  expect(video.length).toBeGreaterThan(0);
  for (const doctor of video) expect(doctor.prices.map((p) => p.serviceTypeId)).toContain(1);
  await expect(page.getByRole('checkbox', { name: 'Tư vấn video', exact: true })).toBeChecked();

  // "Tầm soát tim mạch": cardiologists only, the speciality ticked.
  await gotoReady(page, home);
  const heart = await doctorsAfterClick(page, () =>
    offers.getByRole('link', { name: 'Tầm soát tim mạch' }).click(),
  );
  expect(heart.length).toBeGreaterThan(0);
  for (const doctor of heart) expect(doctor.specialities.map((s) => s.name)).toContain('Tim mạch');
  await expect(page.getByRole('checkbox', { name: 'Tim mạch', exact: true })).toBeChecked();

  // "Khám sức khỏe tổng quát": the doctors of that health program.
  await gotoReady(page, home);
  const check = await doctorsAfterClick(page, () =>
    offers.getByRole('link', { name: 'Khám sức khỏe tổng quát' }).click(),
  );
  await expect(page).toHaveURL(/servicetype=4&healthProgramId=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bác sĩ của chương trình sức khỏe');
  expect(check.length).toBeGreaterThan(0);

  // A hospital card: that hospital's own doctors, the hospital ticked.
  await gotoReady(page, home);
  const hospitalLink = section(page, 'Bệnh viện hàng đầu').getByRole('listitem').first().getByRole('link');
  const hospitalName = (await hospitalLink.getByRole('heading').innerText()).trim();
  const atHospital = await doctorsAfterClick(page, () => hospitalLink.click());
  await expect(page).toHaveURL(/\/doctor-list\?hospitals=\d+$/);
  expect(atHospital.length).toBeGreaterThan(0);
  for (const doctor of atHospital) expect(doctor.hospitals.map((h) => h.name)).toContain(hospitalName);
  await expect(page.getByRole('checkbox', { name: hospitalName, exact: true })).toBeChecked();
});

test('songhong: every footer link opens a real page, the price list shows prices from the database', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await gotoReady(page, portal('songhong', '/'));
  const footer = page.getByRole('contentinfo');
  const links = await footer
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((all) => all.map((a) => ({ name: a.textContent!.trim(), href: a.getAttribute('href')! })))
    // The portal's own pages (social links leave the site).
    .then((all) => all.filter((link) => link.href.startsWith('/')));
  expect(links.map((l) => l.name)).toContain('Bảng giá dịch vụ');
  for (const link of links) {
    await gotoReady(page, portal('songhong', '/'));
    await page.getByRole('contentinfo').getByRole('link', { name: link.name, exact: true }).click();
    await expect(page, link.name).toHaveURL(new RegExp(link.href.replace(/[?.]/g, '\\$&')));
    await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' }), link.name).toHaveCount(0);
  }

  await gotoReady(page, portal('songhong', '/'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Bảng giá dịch vụ' }).click();
  await expect(page).toHaveURL(/\/service-prices$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bảng giá dịch vụ');
  const table = page.getByRole('table').first();
  await expect(table.getByRole('columnheader', { name: 'Tư vấn video' })).toBeVisible();
  await expect(table.getByRole('cell').filter({ hasText: '₫' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Server-rendered in both languages, with the prices in the HTML itself.
  for (const [url, heading] of [
    ['/service-prices', 'Bảng giá dịch vụ'],
    ['/service-prices?lang=en', 'Service prices'],
  ] as const) {
    // Fetched by the page itself: only the browser resolves songhong.localhost.
    const html = await page.evaluate(async (path) => (await fetch(path)).text(), url);
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toMatch(/\d{3}\.000\s₫|₫\d{1,3},\d{3}/);
  }
  const sitemap = await page.evaluate(async () => (await fetch('/sitemap.xml')).text());
  expect(sitemap).toContain('/service-prices</loc>');
});

test('saomai: home and footer show only what the clinic offers, each link opening its page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await gotoReady(page, portal('saomai', '/'));
  const main = page.getByRole('main');
  await expect(section(page, 'What our patients say').getByRole('listitem').first()).toBeVisible();
  await expect(main).not.toContainText(/video|membership|home visit|wallet/i);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Call a doctor' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Call a doctor' })).toHaveCount(0);

  const links = await page
    .getByRole('contentinfo')
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((all) =>
      all.filter((a) => a.getAttribute('href')!.startsWith('/')).map((a) => a.textContent!.trim()),
    );
  expect(links).toContain('Service prices');
  for (const name of links) {
    await gotoReady(page, portal('saomai', '/'));
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await appReady(page);
    await expect(page.getByRole('heading', { name: 'Page not found' }), name).toHaveCount(0);
  }
  await gotoReady(page, portal('saomai', '/service-prices'));
  await expect(page.getByRole('columnheader', { name: 'Video consultation' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Hospital visit' }).first()).toBeVisible();
  await gotoReady(page, portal('saomai', '/refer-and-earn'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
