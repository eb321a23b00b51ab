import { expect, type BrowserContext, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts-support';
import { admin } from './admin';
import { apiUser, BOOK, completeProfile, type Lang } from './booking-support';

/** Texts of /service-packages and the doctors' advice inbox in both languages. */
export const IOMT = {
  vi: {
    title: 'Gói theo dõi sức khỏe từ xa',
    doctors: 'Danh sách bác sĩ trong gói IOMT',
    message: 'Nội dung cần tư vấn',
    send: 'Gửi câu hỏi',
    required: 'Vui lòng nhập nội dung cần tư vấn (tối đa 2000 ký tự).',
    sent: 'Đã gửi câu hỏi. Bạn sẽ nhận được thông báo khi bác sĩ trả lời.',
    waiting: 'Đang chờ trả lời',
    answered: 'Đã trả lời',
    inbox: 'Câu hỏi tư vấn từ gói theo dõi sức khỏe',
    answerTo: (name: string) => `Câu trả lời cho ${name}`,
    answerSend: 'Gửi câu trả lời',
    answerSent: (name: string) => `Đã gửi câu trả lời cho ${name}.`,
    buy: (name: string) => `Mua gói ${name}`,
  },
  en: {
    title: 'Remote monitoring packages',
    doctors: 'Doctor list in IOMT package',
    message: 'What would you like advice on?',
    send: 'Send question',
    required: 'Please write what you would like advice on (at most 2000 characters).',
    sent: 'Your question was sent. You will be notified when a doctor answers.',
    waiting: 'Waiting for an answer',
    answered: 'Answered',
    inbox: 'Questions from monitoring packages',
    answerTo: (name: string) => `Answer to ${name}`,
    answerSend: 'Send answer',
    answerSent: (name: string) => `Your answer was sent to ${name}.`,
    buy: (name: string) => `Buy ${name}`,
  },
} as const;

/**
 * A new songhong patient with a profile, signed in in `context`'s browser, in `lang`. With
 * `grant`, an IoMT package granted by the operator command (`packages grant --kind iomt`), as the
 * demo seed does; returns the logins of a few of the package's doctors.
 */
export async function iomtPatient(
  context: BrowserContext,
  name: string,
  lang: Lang,
  grant = true,
): Promise<{ user: Record<string, unknown>; email: string; doctorLogins: string[] }> {
  const email = uniqueEmail(`iomt-${lang}`);
  const user = await apiUser(context.request, 'songhong', email);
  await completeProfile(context.request, 'songhong', user, name);
  let doctorLogins: string[] = [];
  if (grant) {
    const granted = admin('packages', 'grant', 'songhong', '--user', email, '--kind', 'iomt');
    expect(granted.code, granted.output).toBe(0);
    doctorLogins = /doctorLogins=(\S+)/.exec(granted.output)![1]!.split(',');
  }
  await context.addInitScript(
    ([stored, language]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('user', JSON.stringify(stored));
        localStorage.setItem('device_id', String((stored as { cookie: string }).cookie));
        localStorage.setItem('lang', language as string);
      }
    },
    [user, lang] as const,
  );
  return { user, email, doctorLogins };
}

/**
 * Buys an IoMT package on /service-packages through the sandbox bank: "Mua gói" (the purchases
 * checkout, packageType 'iomt'), approve on the bank's page, back on the purchase's outcome page.
 */
export async function buyIomtThroughSandboxBank(page: Page, lang: Lang, packageName: string) {
  await page.getByRole('button', { name: IOMT[lang].buy(packageName) }).click();
  await expect(page.getByRole('heading', { level: 1, name: BOOK[lang].bankTitle })).toBeVisible();
  await page.getByRole('button', { name: BOOK[lang].approve, exact: true }).click();
  await expect(page).toHaveURL(/\/membership\/result\/\d+/);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: lang === 'vi' ? 'Đăng ký gói thành công' : 'Package purchase successful',
    }),
  ).toBeVisible();
}

/**
 * Workspace logins of doctors of the tenant's cheapest IoMT package (the one `packages grant --kind
 * iomt` gives, and the first on sale): the operator command prints them when it grants the package
 * to a throwaway patient.
 */
export async function iomtDoctorLogins(context: BrowserContext): Promise<string[]> {
  const email = uniqueEmail('iomt-doctors');
  await apiUser(context.request, 'songhong', email);
  const granted = admin('packages', 'grant', 'songhong', '--user', email, '--kind', 'iomt');
  expect(granted.code, granted.output).toBe(0);
  return /doctorLogins=(\S+)/.exec(granted.output)![1]!.split(',');
}
