import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import type { Tenant } from './accounts-support';
import { authHeaders, type Lang } from './booking-support';
import { expectNoSeriousA11yViolations, portal } from './portal';

/** Texts of the issue-8 pages (their namespaces' vi.json / en.json) in both languages. */
export const HD = {
  vi: {
    consentAgree: 'Tôi đồng ý',
    records: {
      title: 'Hồ sơ sức khỏe',
      add: 'Thêm hồ sơ',
      dialog: 'Hồ sơ sức khỏe mới',
      name: 'Tên hồ sơ',
      remark: 'Ghi chú',
      type: 'Loại hồ sơ',
      report: 'Báo cáo',
      patient: 'Hồ sơ của ai',
      files: 'Tệp đính kèm',
      save: 'Lưu hồ sơ',
      created: 'Đã lưu hồ sơ.',
      filesOf: (name: string) => `Tệp của ${name}`,
      view: (name: string) => `Xem ${name}`,
      download: (name: string) => `Tải xuống ${name}`,
      deleteFile: (name: string) => `Xóa ${name}`,
      confirmFile: 'Xóa tệp này?',
      confirm: 'Xóa',
      fileDeleted: 'Đã xóa tệp.',
    },
    share: 'Chia sẻ hồ sơ sức khỏe với bác sĩ',
    sharedOnDetail: 'Hồ sơ sức khỏe đã chia sẻ với bác sĩ',
    claim: {
      page: 'Thông tin bảo hiểm',
      file: 'Gửi yêu cầu bồi thường',
      dialog: 'Yêu cầu bồi thường bảo hiểm',
      company: 'Công ty bảo hiểm',
      insuredName: 'Tên người được bảo hiểm',
      policy: 'Số hợp đồng / hợp đồng bảo hiểm',
      dob: 'Ngày sinh',
      idNumber: 'Số CMND / CCCD / hộ chiếu',
      reason: 'Lý do yêu cầu bồi thường',
      eventDate: 'Ngày xảy ra sự kiện',
      provider: 'Tên cơ sở khám chữa bệnh',
      amount: 'Số tiền yêu cầu (VND)',
      accident: 'Có phải do tai nạn không?',
      accidentDate: 'Ngày xảy ra tai nạn',
      accidentPlace: 'Nơi xảy ra tai nạn',
      yes: 'Có',
      idFront: 'Ảnh mặt trước CMND / CCCD / hộ chiếu',
      idBack: 'Ảnh mặt sau CMND / CCCD / hộ chiếu',
      documents: 'Hồ sơ yêu cầu bồi thường',
      terms: /^Tôi cam kết các thông tin trên là đúng sự thật/,
      submit: 'Gửi yêu cầu bồi thường',
      filed: 'Đã gửi yêu cầu bồi thường.',
      submitted: 'Đã gửi',
    },
    privacy: {
      title: 'Quyền riêng tư và dữ liệu cá nhân',
      log: 'Ai đã xem hồ sơ của tôi và khi nào',
      doctorRead: /Bác sĩ .+ đã xem hồ sơ sức khỏe/,
      selfRead: /Bạn đã (xem|tải xuống) tệp của hồ sơ sức khỏe/,
      download: 'Tải xuống dữ liệu của tôi',
      done: 'Đã tải xuống dữ liệu của bạn.',
    },
    fee: {
      request: 'Yêu cầu bảo lãnh viện phí',
      insuranceCompany: 'Công ty bảo hiểm',
      policy: 'Số hợp đồng / thẻ bảo hiểm',
      submit: 'Gửi yêu cầu',
      waiting: /đang chờ bệnh viện và công ty bảo hiểm duyệt/,
      sign: 'Ký xác nhận',
      canvas: 'Khung ký tên',
      send: 'Gửi chữ ký',
      success: 'Ký xác nhận thành công',
    },
  },
  en: {
    consentAgree: 'I agree',
    records: {
      title: 'Health records',
      add: 'Add a record',
      dialog: 'New health record',
      name: 'Record name',
      remark: 'Remark',
      type: 'Record type',
      report: 'Report',
      patient: 'Whose record',
      files: 'Files',
      save: 'Save record',
      created: 'The record was saved.',
      filesOf: (name: string) => `Files of ${name}`,
      view: (name: string) => `View ${name}`,
      download: (name: string) => `Download ${name}`,
      deleteFile: (name: string) => `Delete ${name}`,
      confirmFile: 'Delete this file?',
      confirm: 'Delete',
      fileDeleted: 'The file was deleted.',
    },
    share: 'Share health records with the doctor',
    sharedOnDetail: 'Health records shared with the doctor',
    claim: {
      page: 'Insurance information',
      file: 'File a claim',
      dialog: 'Insurance claim',
      company: 'Insurance company',
      insuredName: 'Insured name',
      policy: 'Policy number',
      dob: 'Date of birth',
      idNumber: 'ID card / CCCD / passport number',
      reason: 'Reason for the claim',
      eventDate: 'Event date',
      provider: 'Medical provider name',
      amount: 'Claim amount (VND)',
      accident: 'Was this an accident?',
      accidentDate: 'Accident date',
      accidentPlace: 'Accident place',
      yes: 'Yes',
      idFront: 'ID card / CCCD / passport, front',
      idBack: 'ID card / CCCD / passport, back',
      documents: 'Claim documents',
      terms: /^I confirm that the information above is true/,
      submit: 'Submit claim',
      filed: 'Your claim has been filed.',
      submitted: 'Submitted',
    },
    privacy: {
      title: 'Privacy and personal data',
      log: 'Who looked at my records and when',
      doctorRead: /Doctor .+ viewed a health record/,
      selfRead: /You (viewed|downloaded) a health record file/,
      download: 'Download my data',
      done: 'Your data has been downloaded.',
    },
    fee: {
      request: 'Hospital fee guarantee request',
      insuranceCompany: 'Insurance company',
      policy: 'Policy / card number',
      submit: 'Send request',
      waiting: /waiting for the hospital and the insurer/,
      sign: 'Sign the confirmation',
      canvas: 'Signature box',
      send: 'Send signature',
      success: 'Signed successfully',
    },
  },
} as const;

/** A small real PNG (1×1) and a one-page PDF, as files a person picks. */
export const FILES = {
  png: (name: string) => ({
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  }),
  pdf: (name: string) => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  }),
};

/** Adds a family member of the signed-in user through the API; returns its id. */
export async function addFamilyMember(
  request: APIRequestContext,
  tenant: Tenant,
  user: Record<string, unknown>,
  fullName: string,
): Promise<number> {
  const reply = await request.post(portal('songkhoe', '/api/v1/Patients/AddPatient'), {
    headers: authHeaders(tenant, user),
    data: { fullName, gender: 'F', dateOfBirth: '2015-06-01', relationId: 2 },
  });
  const json = await reply.json();
  expect(json.isSuccess, JSON.stringify(json)).toBe(true);
  return json.data.patientId as number;
}

/** The UI language for every page of this browser context (as the header's menu stores it). */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => {
    localStorage.setItem('lang', l);
    localStorage.setItem('languageId', l === 'en' ? '1' : '2');
  }, lang);
}

/**
 * Agrees to the health-data consent when the gate asks (before the user's first health data),
 * once the gate has shown either its text or the form (`form`, a field of the form it guards).
 * @returns whether it asked
 */
export async function agreeIfAsked(page: Page, lang: Lang, form: Locator): Promise<boolean> {
  const agree = page.getByRole('dialog').getByRole('button', { name: HD[lang].consentAgree });
  await expect(agree.or(form).first()).toBeVisible();
  if (!(await agree.isVisible())) return false;
  await expectNoSeriousA11yViolations(page);
  await agree.click();
  await expect(agree).toBeHidden();
  await expect(form).toBeVisible();
  return true;
}

/** Draws a signature on a canvas with the mouse: two strokes across it. */
export async function drawSignature(page: Page, canvasName: string) {
  const canvas = page.getByRole('img', { name: canvasName }).or(page.getByLabel(canvasName)).first();
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  for (const stroke of [
    [at(0.1, 0.6), at(0.3, 0.3), at(0.5, 0.7), at(0.7, 0.3), at(0.9, 0.5)],
    [at(0.2, 0.8), at(0.8, 0.8)],
  ]) {
    await page.mouse.move(...stroke[0]!);
    await page.mouse.down();
    for (const point of stroke.slice(1)) await page.mouse.move(...point, { steps: 8 });
    await page.mouse.up();
  }
}

/** The entry names of a zip file's bytes, and data.json parsed. */
export function readZip(bytes: Buffer): { names: string[]; data: Record<string, unknown> } {
  const entries = unzipSync(new Uint8Array(bytes));
  const names = Object.keys(entries);
  const json = entries['data.json'];
  return { names, data: json ? JSON.parse(Buffer.from(json).toString('utf8')) : {} };
}
