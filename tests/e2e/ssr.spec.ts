import { expect, test, type APIRequestContext } from '@playwright/test';
import { portal } from './portal';

/*
 * Search and public pages: the public pages come from the server with their content, their data and their head
 * (canonical, hreflang, JSON-LD), read here without running any JavaScript (the `request`
 * fixture); protected pages stay the loading shell; every URL of the sitemap answers 200; and a
 * server-rendered page hydrates in the browser without errors and without asking its data again.
 */

const TENANT = 'songkhoe';
const origin = new URL(portal(TENANT)).origin;

interface Envelope<T> {
  isSuccess: boolean;
  data: T;
}

/** An API answer for the demo portal, as the web app asks it (Vietnamese, the default). */
async function api<T>(request: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const reply = await request.fetch(portal(TENANT, `/api/v1/${path}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { companycode: TENANT, 'x-accept-language': 'vi', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { data: body }),
  });
  const json = (await reply.json()) as Envelope<T>;
  expect(json.isSuccess, `${path}: ${JSON.stringify(json).slice(0, 200)}`).toBe(true);
  return json.data;
}

/** Text as it appears in HTML (React escapes &, <, > and quotes in text). */
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What #root holds. */
const rootOf = (page: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(page)?.[1] ?? '';

/** JSON-LD blocks of the head, parsed. */
function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const typesOf = (blocks: Record<string, unknown>[]) => blocks.map((block) => block['@type']);

/** Fetches a page without JavaScript and checks what every server-rendered public page has. */
async function serverPage(request: APIRequestContext, path: string) {
  const reply = await request.get(portal(TENANT, path));
  expect(reply.status(), path).toBe(200);
  const page = await reply.text();
  const root = rootOf(page);
  // The page itself, not the loading shell, and its data for the browser to hydrate with.
  expect(root, path).not.toContain('sk-shell');
  expect(root, path).toContain('<main id="main-content"');
  expect(page, path).toMatch(/<script type="application\/json" id="sk-state">\{/);
  // No inline script (the CSP allows none): only data blocks and the module entry.
  for (const tag of page.match(/<script\b[^>]*>/g) ?? [])
    expect(tag, path).toMatch(/type="application\/(json|ld\+json)"|type="module"[^>]*src=/);
  // Canonical on the portal's own host, hreflang for vi, en and x-default.
  const canonical = /<link rel="canonical" href="([^"]+)">/.exec(page)?.[1];
  expect(canonical, path).toBeDefined();
  expect(canonical!.startsWith(origin), path).toBe(true);
  for (const lang of ['vi', 'en', 'x-default'])
    expect(page, `${path} hreflang ${lang}`).toMatch(
      new RegExp(`<link rel="alternate" hreflang="${lang}" href="${origin}/`),
    );
  return { page, root, ld: jsonLd(page) };
}

test('public pages come from the server with their content, head and data (no JavaScript)', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const [doctors, specialities, symptoms, hospitals, blogs, promotionals, packages, faqs] = await Promise.all(
    [
      api<{ doctors: { doctorId: number; fullName: string }[] }>(request, 'Doctors/FilterDoctors', {
        pageNumber: 1,
        pageSize: 3,
        orderBy: 'DESC',
      }),
      api<{ specialityId: number; name: string }[]>(request, 'Specialities'),
      api<{ name: string }[]>(request, 'Symptoms/GetAllSymptoms'),
      api<{ hospitals: { name: string }[] }>(request, 'Hospitals/GetAllHospitals?PageNumber=1&PageSize=3'),
      api<{ blogs: { blogId: number; title: string }[] }>(
        request,
        'Blogs/GetAllBlogs?PageNumber=1&PageSize=3',
      ),
      api<{ title: string }[]>(request, 'Promotionals'),
      api<{ name: string }[]>(request, 'Auth/GetAllCallDiriectProgram'),
      api<{ title: string; bodyHtml: string }>(request, 'Contents/GetContent?ContentId=3&LanguageId=2'),
    ],
  );
  const doctor = doctors.doctors[0]!;
  const blog = blogs.blogs[0]!;

  const home = await serverPage(request, '/');
  expect(home.root).toContain(html(promotionals[0]!.title));
  expect(typesOf(home.ld)).toContain('MedicalOrganization');

  const list = await serverPage(request, '/doctor-list');
  for (const { fullName } of doctors.doctors) expect(list.root).toContain(html(fullName));

  // With its query: the speciality's doctors, as the browser would list them.
  const speciality = specialities.find((s) => s.name) ?? specialities[0]!;
  const filtered = await api<{ doctors: { fullName: string }[] }>(request, 'Doctors/FilterDoctors', {
    pageNumber: 1,
    pageSize: 3,
    orderBy: 'DESC',
    specialities: [speciality.specialityId],
  });
  const byQuery = await serverPage(request, `/doctor-list?specialityId=${speciality.specialityId}`);
  for (const { fullName } of filtered.doctors) expect(byQuery.root).toContain(html(fullName));

  const detail = await serverPage(request, `/doctor-details/${doctor.doctorId}`);
  expect(detail.root).toMatch(new RegExp(`<h1[^>]*>[^<]*${html(doctor.fullName)}`));
  expect(typesOf(detail.ld)).toEqual(expect.arrayContaining(['Physician', 'BreadcrumbList']));
  expect(detail.page).toContain(`<link rel="canonical" href="${origin}/doctor-details/${doctor.doctorId}">`);

  expect((await serverPage(request, '/speciality-list')).root).toContain(html(specialities[0]!.name));
  expect((await serverPage(request, '/symptoms-list')).root).toContain(html(symptoms[0]!.name));
  expect((await serverPage(request, '/hospital-list')).root).toContain(html(hospitals.hospitals[0]!.name));

  const blogList = await serverPage(request, '/blog/');
  for (const { title } of blogs.blogs) expect(blogList.root).toContain(html(title));
  const post = await serverPage(request, `/blog/blog-detail/${blog.blogId}/`);
  expect(post.root).toContain(`<h1 id="blog-title">${html(blog.title)}</h1>`);
  expect(typesOf(post.ld)).toContain('Article');
  // The mobile embed: the post without the site's header.
  const mobile = await request.get(portal(TENANT, `/blog/blog-detail-mobile/${blog.blogId}/post`));
  expect(mobile.status()).toBe(200);
  const mobileRoot = rootOf(await mobile.text());
  expect(mobileRoot).toContain(`<h1 id="blog-title">${html(blog.title)}</h1>`);
  expect(mobileRoot).not.toContain('<header');

  const faq = await serverPage(request, '/info/faqs');
  expect(faq.root).toContain(`<h1>${html(faqs.title)}</h1>`);
  expect(faq.root).toContain(faqs.bodyHtml.slice(0, 60));
  for (const path of ['/info/terms-and-service', '/info/privacy-policy', '/info/about-us'])
    await serverPage(request, path);

  const membership = await serverPage(request, '/membership');
  for (const { name } of packages) expect(membership.root).toContain(html(name));

  // An offer of this portal: promo ids are shared by all portals, so look for one of its own.
  let offer: { id: number; title: string } | null = null;
  for (let first = 1; first <= 60 && !offer; first += 10) {
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request.get(portal(TENANT, `/api/v1/PromoCodes/GetPromoDetails/${first + i}`), {
          headers: { companycode: TENANT },
        }),
      ),
    );
    for (const [i, reply] of replies.entries()) {
      const json = (await reply.json()) as Envelope<{ title: string } | null>;
      if (!offer && json.isSuccess && json.data) offer = { id: first + i, title: json.data.title };
    }
  }
  expect(offer, 'a promo code of the demo portal').not.toBeNull();
  expect((await serverPage(request, `/offer-detail/${offer!.id}`)).root).toContain(html(offer!.title));

  const refer = await serverPage(request, '/refer-and-earn');
  expect(refer.root).toMatch(/<h1[^>]*>/);
});

test('the language comes from ?lang=, else the lang cookie, else the portal default', async ({ request }) => {
  const english = await request.get(portal(TENANT, '/speciality-list?lang=en'));
  const page = await english.text();
  expect(page).toContain('<html lang="en"');
  expect(rootOf(page)).toContain('Specialities');
  expect(page).toContain('"language":"en"');

  const byCookie = await request.get(portal(TENANT, '/speciality-list'), { headers: { cookie: 'lang=en' } });
  expect(await byCookie.text()).toContain('<html lang="en"');

  const plain = await request.get(portal(TENANT, '/speciality-list'));
  expect(await plain.text()).toContain('<html lang="vi"');
});

test('protected pages stay the loading shell; unknown pages are 404', async ({ request }) => {
  for (const path of ['/me/appointments-list/', '/me/profile-settings/']) {
    const reply = await request.get(portal(TENANT, path));
    expect(reply.status(), path).toBe(200);
    const page = await reply.text();
    expect(rootOf(page), path).toContain('<main class="sk-shell" aria-busy="true">');
    expect(page, path).not.toContain('id="sk-state"');
    expect(page, path).toContain('id="sk-boot"');
  }
  const missing = await request.get(portal(TENANT, '/no-such-page'));
  expect(missing.status()).toBe(404);
});

test('every URL of the sitemap answers 200', async ({ request }) => {
  test.setTimeout(180_000);
  const reply = await request.get(portal(TENANT, '/sitemap.xml'));
  expect(reply.status()).toBe(200);
  let xml = await reply.text();
  // A sitemap index past 50 000 URLs: read its parts.
  if (xml.includes('<sitemapindex')) {
    const parts = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    xml = (await Promise.all(parts.map(async (part) => (await request.get(part)).text()))).join('\n');
  }
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  expect(urls.length).toBeGreaterThan(10);
  expect(urls.every((url) => url.startsWith(origin))).toBe(true);
  const failed: string[] = [];
  for (let start = 0; start < urls.length; start += 8) {
    const batch = urls.slice(start, start + 8);
    const statuses = await Promise.all(batch.map(async (url) => (await request.get(url)).status()));
    statuses.forEach((status, i) => status !== 200 && failed.push(`${batch[i]} ${status}`));
  }
  expect(failed).toEqual([]);
});

// The visitor's clock differs from the server's: dates and times of the page are the hospital's on
// both sides (a date formatted in the browser's zone would not match the server's HTML).
test.describe("in a visitor time zone other than the server's", () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a server-rendered page hydrates without errors and without asking its data again', async ({
    page,
    request,
  }) => {
    const { doctors } = await api<{ doctors: { doctorId: number; fullName: string }[] }>(
      request,
      'Doctors/FilterDoctors',
      { pageNumber: 1, pageSize: 1, orderBy: 'DESC' },
    );
    const doctor = doctors[0]!;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const requests: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      // Images (avatars, logo) come from /api/v1 too; data requests are what must not repeat.
      if (url.pathname.startsWith('/api/v1/') && req.resourceType() !== 'image') requests.push(url.pathname);
    });

    // On a wide screen the doctor list's filter fields appear after hydration with the lists they
    // need (a phone loads them only when the visitor opens the filters): new data, not data again.
    const filterLists = /^\/api\/v1\/(Cities|Languages|Hospitals\/GetHospitalNames|Specialities|Symptoms)/;
    for (const path of [`/doctor-details/${doctor.doctorId}`, '/doctor-list', '/', '/blog/', '/info/faqs']) {
      requests.length = 0;
      await page.goto(portal(TENANT, path), { waitUntil: 'networkidle' });
      expect(
        requests.filter((request) => path !== '/doctor-list' || !filterLists.test(request)),
        path,
      ).toEqual([]);
      // Hydrated: React handles the header's sign-in button (it opens the dialog).
      await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập / Đăng ký' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    }
    await page.goto(portal(TENANT, `/doctor-details/${doctor.doctorId}`), { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(doctor.fullName);
    expect(problems).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search forms of server-rendered pages work before the app runs', async ({ page }) => {
    // A listing's own search: the browser submits ?q= and the server renders the matches.
    await page.goto(portal('songhong', '/speciality-list'));
    await page.getByRole('searchbox', { name: 'Tìm chuyên khoa' }).fill('tim mach');
    await page.getByRole('searchbox', { name: 'Tìm chuyên khoa' }).press('Enter');
    await expect(page).toHaveURL(/\/speciality-list\?q=tim\+mach$/);
    await expect(page.locator('main h2')).toHaveText(['Tim mạch']);
    // The header search opens the doctor list with the text.
    await page.getByRole('combobox', { name: 'Tìm bác sĩ' }).fill('Nguyễn');
    await page.getByRole('combobox', { name: 'Tìm bác sĩ' }).press('Enter');
    await expect(page).toHaveURL(/\/doctor-list\?searchText=Nguy/);
    await expect(page.locator('main article').first()).toContainText('Nguyễn');
  });
});
