import { admin } from './admin';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { AppointmentStatus } from '../../schemas/codes';
import { FEATURE_KEYS, type FeatureKey } from '../../schemas/features';
import { availableRoutes, type RouteEntry } from '../../schemas/routes';
import { ROUTES } from '../../schemas/routes';
import { codeFor, lastMessageId } from './accounts-support';
import { appReady, portal } from './portal';

/**
 * "Every page works and every link leads where it says": a demo patient opens every page of the
 * route table on songhong (every feature, in Vietnamese and English) and saomai (few, Vietnamese). A page
 * fails on the error screen, a failed data block, a page error or console error, a placeholder,
 * or the not-found page; a page whose feature is off must be the not-found page.
 */

type Lang = 'vi' | 'en';
type Code = 'songhong' | 'saomai';

const DEMO_PASSWORD = 'Demo@123';
// One device per tenant: the demo patient trusts it at the first sign-in (or after its code).
const DEVICE: Record<Code, string> = {
  songhong: '5e1f0c2a-0000-4000-8000-0000e0e0a001',
  saomai: '5e1f0c2a-0000-4000-8000-0000e0e0a002',
};

const TEXT = {
  vi: {
    notFound: 'Không tìm thấy trang',
    broken: [/Đã có lỗi xảy ra/, /Không tải được dữ liệu/],
  },
  en: {
    notFound: 'Page not found',
    broken: [/Something went wrong/, /could not be loaded/],
  },
} as const;
/** What a screen that is not built would say, in either language. */
const PLACEHOLDER = /đang được hoàn thiện|sắp ra mắt|being finished|coming soon|under construction/i;

function featuresOf(code: Code): Record<FeatureKey, boolean> {
  const file = path.join(import.meta.dirname, '../../tenants', code, 'tenant.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as {
    features?: Partial<Record<FeatureKey, boolean>>;
  };
  return { ...Object.fromEntries(FEATURE_KEYS.map((key) => [key, true])), ...config.features } as Record<
    FeatureKey,
    boolean
  >;
}

interface Session {
  user: Record<string, unknown>;
  token: string;
}

/** An API URL: Node resolves no *.localhost host, so requests name their tenant by CompanyCode. */
const api = (url: string) => portal('songkhoe', `/api/v1/${url}`);

const headersOf = (code: Code, token?: string) => ({
  CompanyCode: code,
  unique: DEVICE[code],
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

/** Signs the demo patient in through the API from the tenant's test device (its code if asked). */
async function signIn(request: APIRequestContext, code: Code): Promise<Session> {
  const userName = `demo@${code}.example`;
  const before = await lastMessageId(request, code, userName);
  const reply = await request.post(api('Auth/Login'), {
    headers: headersOf(code),
    data: { userName, password: DEMO_PASSWORD, deviceType: 0, deviceTokenWeb: '' },
  });
  let data = (await reply.json()).data as Record<string, unknown>;
  if (!data.token) {
    // Another spec signed the demo patient in first from its own device: confirm this one.
    const otp = await codeFor(request, code, userName, before);
    const verified = await request.post(api('Auth/VerifyOTPReliableDevice'), {
      headers: headersOf(code),
      data: { userName, otp },
    });
    data = (await verified.json()).data as Record<string, unknown>;
  }
  expect(data.token, `demo patient of ${code} signs in`).toBeTruthy();
  return { user: { ...data, cookie: DEVICE[code] }, token: data.token as string };
}

async function apiGet<T>(request: APIRequestContext, code: Code, token: string, url: string): Promise<T> {
  const reply = await request.get(api(url), { headers: headersOf(code, token) });
  expect(reply.status(), url).toBe(200);
  return (await reply.json()).data as T;
}

/** Real ids for the routes with parameters, from the API as the signed-in demo patient. */
async function idsFor(
  request: APIRequestContext,
  code: Code,
  token: string,
  features: Record<FeatureKey, boolean>,
): Promise<Record<string, string>> {
  const doctors = await request.post(api('Doctors/FilterDoctors'), {
    headers: headersOf(code, token),
    data: { pageNumber: 1, pageSize: 20 },
  });
  const doctorIds = ((await doctors.json()).data.doctors as { doctorId: number }[]).map((d) => d.doctorId);
  expect(doctorIds.length).toBeGreaterThan(0);

  const appointments = await apiGet<{
    appointments: {
      appointmentId: number;
      status: number;
      patientId: number;
      hospitalId: number | null;
      serviceTypeId: number;
    }[];
  }>(request, code, token, 'Appointments/GetAllAppointments?type=1&PageNumber=1&PageSize=15');
  expect(appointments.appointments.length, 'the demo patient has past appointments').toBeGreaterThan(0);
  // A completed visit: it has its confirmation, its detail and its receipt.
  const completed = appointments.appointments.find((a) => a.status === AppointmentStatus.Completed);
  expect(completed, 'the demo patient has a completed appointment').toBeTruthy();
  const appointmentId = String(completed!.appointmentId);
  // The call screen opens the pre-call check of one of the patient's video consultations.
  let videoAppointmentId = '1';
  if (features.video) {
    const upcoming = await apiGet<{ appointments: { appointmentId: number; serviceTypeId: number }[] }>(
      request,
      code,
      token,
      'Appointments/GetAllAppointments?type=2&PageNumber=1&PageSize=15',
    );
    const video = [...appointments.appointments, ...upcoming.appointments].find((a) => a.serviceTypeId === 1);
    if (video) videoAppointmentId = String(video.appointmentId);
    else {
      // None in the demo data: the operator's demo command books one open now.
      const booked = admin('demo', 'video-now', code, '--user', `demo@${code}.example`);
      expect(booked.code, booked.output).toBe(0);
      videoAppointmentId = /appointmentId=(\d+)/.exec(booked.output)![1]!;
    }
  }

  // Pages of a feature that is off must be the not-found page whatever the id: 1 stands in.
  let blogId = '1';
  if (features.blog) {
    const blogs = await apiGet<{ blogs: { blogId: number }[] }>(
      request,
      code,
      token,
      'Blogs/GetAllBlogs?PageNumber=1&PageSize=1',
    );
    blogId = String(blogs.blogs[0]!.blogId);
  }
  let offerId = '1';
  if (features.promoCodes) {
    let found = false;
    for (const doctorId of doctorIds) {
      const promos = await apiGet<{ promoCodeId: number }[]>(
        request,
        code,
        token,
        `Doctors/GetDoctorPromocodes?doctorId=${doctorId}`,
      );
      if (promos.length > 0) {
        offerId = String(promos[0]!.promoCodeId);
        found = true;
        break;
      }
    }
    expect(found, 'a doctor with an offer').toBe(true);
  }
  let feeGuaranteeId = '1';
  if (features.hospitalFeeGuarantee) {
    // A request holds health data: the patient consents first, as the request form asks.
    const consent = await apiGet<{ version: string }>(request, code, token, 'Users/GetHealthDataConsent');
    const given = await request.post(api('Users/GiveHealthDataConsent'), {
      headers: headersOf(code, token),
      data: { version: consent.version },
    });
    expect(given.status()).toBe(200);
    const created = await request.post(api('HospitalBillCoverages/CreateHospitalBillCoverage'), {
      headers: headersOf(code, token),
      data: {
        patientId: completed!.patientId,
        hospitalId: completed!.hospitalId,
        insuranceCompany: 'Bảo Việt',
        policyNumber: 'BV-EVERY-PAGE',
        estimatedAmount: 5_000_000,
      },
    });
    expect(created.status()).toBe(200);
    feeGuaranteeId = String((await created.json()).data.feeGuaranteeId);
  }
  // A purchase left at the bank (pending): its outcome page (membership registration success or fail).
  let purchaseId = '1';
  if (features.membership) {
    const packages = await apiGet<{ membershipPackageId: number }[]>(
      request,
      code,
      token,
      'Auth/GetAllCallDiriectProgram',
    );
    const started = await request.post(api('Payments/CallDiriectCheckoutRequest'), {
      headers: headersOf(code, token),
      data: { packageId: packages[packages.length - 1]!.membershipPackageId, paymentMethod: 1 },
    });
    expect(started.status()).toBe(200);
    purchaseId = String((await started.json()).data.purchaseId);
  }
  return {
    id: String(doctorIds[0]),
    purchaseId,
    blogId,
    blogTitle: 'bai-viet',
    appointmentId,
    videoAppointmentId,
    feeGuaranteeId,
    offerId,
  };
}

/** The URL of a route with its parameters filled (`:id` takes the id its page needs). */
function urlOf(entry: RouteEntry, ids: Record<string, string>): string {
  const idFor = (pathPattern: string) => {
    if (pathPattern.startsWith('/doctor-details/')) return ids.id!;
    if (pathPattern.startsWith('/offer-detail/')) return ids.offerId!;
    if (pathPattern.startsWith('/me/fee-guarantee/')) return ids.feeGuaranteeId!;
    if (pathPattern.startsWith('/video-call/')) return ids.videoAppointmentId!;
    return ids.appointmentId!; // appointment-confirmed, receipt, appointment detail
  };
  return entry.path.replace(/:(\w+)\??/g, (_, name: string) =>
    name === 'id' ? idFor(entry.path) : (ids[name] ?? ''),
  );
}

/**
 * How long a page must have no request in flight before its data counts as loaded. Playwright's
 * 'networkidle' waits a fixed 500 ms after the last request, two thirds of this test's time over
 * 176 pages; a request a page chains onto an answer starts within a few milliseconds of it.
 */
const QUIET_MS = 200;

/** A Server-Sent Events request (fetch with `accept: text/event-stream`), open as long as the page. */
const isEventStream = (request: Request) => (request.headers()['accept'] ?? '').includes('text/event-stream');

/** Follows the page's requests: `quiet()` resolves once none has been in flight for QUIET_MS. */
function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    // A live stream (the header's notifications) stays open for the page's life: not data to wait for.
    if (isEventStream(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: () =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS, {
          message: `no request in flight for ${QUIET_MS} ms`,
          intervals: [50],
          timeout: 30_000,
        })
        .toBe(true),
  };
}

/** A browser context signed in as the demo patient, in one language. */
async function contextFor(
  browser: Browser,
  code: Code,
  lang: Lang,
  session: Session,
): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'lang', value: lang, url: portal(code) }]);
  await context.addInitScript(
    ({ user, device, lang: language }) => {
      localStorage.setItem('device_id', device);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('lang', language);
      localStorage.setItem('languageId', language === 'en' ? '1' : '2');
    },
    { user: session.user, device: DEVICE[code], lang },
  );
  return context;
}

/**
 * songhong has every feature: each page in both languages. saomai adds the pages of features that
 * are off (the not-found page) and its own content: in the default language, since its pages in
 * English are songhong's components with songhong's English walk behind them.
 */
const LANGUAGES: Record<Code, readonly Lang[]> = { songhong: ['vi', 'en'], saomai: ['vi'] };

for (const code of ['songhong', 'saomai'] as const) {
  test.describe(`every page of ${code}`, () => {
    // One sign-in per tenant, then both languages one after the other on the same worker.
    test.describe.configure({ mode: 'serial' });
    const features = featuresOf(code);
    let session: Session;
    let ids: Record<string, string>;

    test.beforeAll(async ({ request }) => {
      session = await signIn(request, code);
      ids = await idsFor(request, code, session.token, features);
    });

    for (const lang of LANGUAGES[code]) {
      test(`opens in ${lang}: every page works, pages of features that are off are not found`, async ({
        browser,
      }) => {
        test.setTimeout(240_000);
        const on = new Set(availableRoutes(ROUTES, { features, environment: 'development' }));
        const context = await contextFor(browser, code, lang, session);
        const page = await context.newPage();
        const requests = watchRequests(page);
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
        });

        for (const entry of ROUTES) {
          const url = urlOf(entry, ids);
          const before = problems.length;
          await page.goto(portal(code, url));
          await appReady(page);
          const notFound = page.getByRole('heading', { level: 1, name: TEXT[lang].notFound });
          await expect(page.locator('html'), url).toHaveAttribute('lang', lang);
          if (!on.has(entry)) {
            await expect.soft(notFound, `${url} (feature ${entry.feature} off) is not found`).toBeVisible();
            continue;
          }
          // Loaded: the page itself (no redirect), its heading, and its data.
          await expect
            .soft(page.getByRole('heading', { level: 1 }).first(), `${url} has its heading`)
            .toBeVisible();
          await requests.quiet();
          expect.soft(new URL(page.url()).pathname, `${url} stays`).toBe(url);
          expect.soft(await notFound.count(), `${url} is a page, not the not-found page`).toBe(0);
          const text = await page.locator('body').innerText();
          for (const broken of TEXT[lang].broken)
            expect.soft(text, `${url} shows no error`).not.toMatch(broken);
          expect.soft(text, `${url} is no placeholder`).not.toMatch(PLACEHOLDER);
          expect.soft(problems.slice(before), `${url} logs no error`).toEqual([]);
        }
        await context.close();
      });
    }
  });
}
