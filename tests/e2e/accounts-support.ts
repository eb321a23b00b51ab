import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { portal } from './portal';

/** A demo tenant of the accounts tests and its language. */
export type Tenant = 'songkhoe' | 'songhong' | 'saomai';

let counter = 0;
/** A unique email for one test (tests run in parallel against one server). */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.floor(Math.random() * 1e6)}@e2e.example`;

/** A unique Vietnamese mobile number (10 digits with the leading 0). */
export const uniquePhone = () =>
  `09${String(Date.now() % 1e6).padStart(6, '0')}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

/** The outbox recipient of a Vietnamese mobile number: +84 and the number without its leading 0. */
export const smsRecipient = (phone: string) => `+84${phone.replace(/^0/, '')}`;

export const PASSWORD = 'Abc@1234';

const api = (tenant: Tenant) => ({ CompanyCode: tenant === 'songkhoe' ? '' : tenant });

/** The newest one-time code sent to `to` (email or +84 phone), waiting for a new one after `after`. */
export async function codeFor(
  request: APIRequestContext,
  tenant: Tenant,
  to: string,
  after = 0,
): Promise<string> {
  let found: { messageId: number; code: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const reply = await request.get(
          portal('songkhoe', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`),
          {
            headers: api(tenant),
          },
        );
        const messages = ((await reply.json()).data ?? []) as { messageId: number; code: string | null }[];
        found = messages
          .filter((message) => message.code && message.messageId > after)
          .sort((a, b) => b.messageId - a.messageId)[0];
        return !!found;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!.code!;
}

/** The id of the newest message to `to` (0 when none): codes after it are new. */
export async function lastMessageId(request: APIRequestContext, tenant: Tenant, to: string): Promise<number> {
  const reply = await request.get(portal('songkhoe', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`), {
    headers: api(tenant),
  });
  const messages = ((await reply.json()).data ?? []) as { messageId: number }[];
  return Math.max(0, ...messages.map((message) => message.messageId));
}

/**
 * Creates and activates an account through the API from device `deviceId` (that device is then
 * trusted). Returns the new user's id.
 */
export async function createAccount(
  request: APIRequestContext,
  tenant: Tenant,
  name: string,
  deviceId: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const headers = { ...api(tenant), unique: deviceId };
  const phone = /^\d+$/.test(name);
  const created = await request.post(portal('songkhoe', '/api/v1/Users/CreateUserWithOTP'), {
    headers,
    data: {
      emailPhone: name,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      ...(phone ? { countryId: 1 } : {}),
      ...extra,
    },
  });
  const userId = (await created.json()).data.userId as number;
  const otp = await codeFor(request, tenant, phone ? smsRecipient(name) : name);
  const verified = await request.post(portal('songkhoe', '/api/v1/Users/VerifyCreateUserWithOTP'), {
    headers,
    data: { otp, userId },
  });
  expect((await verified.json()).data.token).toBeTruthy();
  return userId;
}

/** Makes the browser use `deviceId` as its device id (localStorage device_id) from the first page on. */
export async function useDevice(page: Page, deviceId: string = randomUUID()): Promise<string> {
  await page.addInitScript((id) => {
    if (!localStorage.getItem('device_id')) localStorage.setItem('device_id', id);
  }, deviceId);
  return deviceId;
}

/** Texts of the two languages the tests run in. */
export const TEXT = {
  vi: {
    signInButton: 'Đăng nhập / Đăng ký',
    userName: 'Email hoặc số điện thoại',
    password: 'Mật khẩu',
    submit: 'Đăng nhập',
    code: 'Mã xác thực',
    confirm: 'Xác nhận',
    welcome: 'Đăng nhập thành công.',
    logout: 'Đăng xuất',
    accountMenu: (name: string) => `Tài khoản của ${name}`,
  },
  en: {
    signInButton: 'Sign in / Sign up',
    userName: 'Email or mobile number',
    password: 'Password',
    submit: 'Sign in',
    code: 'Verification code',
    confirm: 'Confirm',
    welcome: 'Signed in successfully.',
    logout: 'Sign out',
    accountMenu: (name: string) => `${name}'s account`,
  },
} as const;

/** Opens the sign-in dialog from the header and submits name and password. */
export async function submitLogin(page: Page, lang: 'vi' | 'en', name: string, password = PASSWORD) {
  const text = TEXT[lang];
  await page.getByRole('banner').getByRole('button', { name: text.signInButton }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text.userName).fill(name);
  await dialog.getByLabel(text.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: text.submit, exact: true }).click();
}

/** Types a code into the dialog's code step and confirms it. */
export async function enterCode(page: Page, lang: 'vi' | 'en', code: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(TEXT[lang].code).fill(code);
  await dialog.getByRole('button', { name: TEXT[lang].confirm }).click();
}

/** Signs out from the account menu whose label holds `name`. */
export async function logout(page: Page, lang: 'vi' | 'en', name: string) {
  await page.getByRole('button', { name: TEXT[lang].accountMenu(name) }).click();
  await page.getByRole('menuitem', { name: TEXT[lang].logout }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: TEXT[lang].signInButton })).toBeVisible();
}

/**
 * Creates an account and signs the browser in through the API from the browser's own device id
 * (for tests of the settings page, whose subject is not the login dialog).
 */
export async function signedIn(page: Page, tenant: Tenant, name: string): Promise<Record<string, unknown>> {
  const device = await useDevice(page);
  await createAccount(page.request, tenant, name, device);
  const reply = await page.request.post(portal('songkhoe', '/api/v1/Auth/Login'), {
    headers: { ...api(tenant), unique: device },
    data: {
      userName: name,
      password: PASSWORD,
      deviceType: 0,
      deviceTokenWeb: '',
      ...(/^\d+$/.test(name) ? { countryId: 1 } : {}),
    },
  });
  const data = (await reply.json()).data as Record<string, unknown>;
  expect(data.token).toBeTruthy();
  const user = { ...data, cookie: device };
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('user', JSON.stringify(stored));
    }
  }, user);
  return user;
}
