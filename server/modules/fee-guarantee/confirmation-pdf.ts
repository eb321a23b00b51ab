import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { FeeGuaranteeRow } from './repository';

/**
 * The signed confirmation of a hospital fee guarantee as a PDF (pdfkit, Noto Sans from Debian's
 * fonts-noto-core like the appointment receipt: every Vietnamese tone mark and the ₫ sign). Text is
 * normalised to NFC; times are in the tenant's booking time zone; the patient's signature image
 * closes the page.
 */

const DEFAULT_FONT_DIR = '/usr/share/fonts/truetype/noto';
let fontDirectory = DEFAULT_FONT_DIR;
/** Tests: look for the fonts elsewhere (null: the default). */
export function setConfirmationFontDir(dir: string | null): void {
  fontDirectory = dir ?? DEFAULT_FONT_DIR;
}

function fontFiles(): { regular: string; bold: string } {
  const regular = `${fontDirectory}/NotoSans-Regular.ttf`;
  const bold = `${fontDirectory}/NotoSans-Bold.ttf`;
  for (const file of [regular, bold]) {
    if (!existsSync(file)) {
      throw new Error(
        `fee guarantee confirmation: font ${file} is missing; install Debian's fonts-noto-core (apt-get install -y fonts-noto-core)`,
      );
    }
  }
  return { regular, bold };
}

const LABELS = {
  vi: {
    title: 'XÁC NHẬN BẢO LÃNH VIỆN PHÍ',
    number: 'Số yêu cầu',
    patient: 'Người được bảo lãnh',
    hospital: 'Bệnh viện',
    appointment: 'Lịch hẹn',
    insurer: 'Công ty bảo hiểm',
    policy: 'Số hợp đồng / thẻ bảo hiểm',
    estimated: 'Chi phí dự kiến',
    approved: 'Số tiền được bảo lãnh',
    note: 'Ghi chú của bệnh viện',
    decidedAt: 'Ngày duyệt',
    signedAt: 'Ngày ký',
    statement: 'Tôi xác nhận đã đọc và đồng ý với khoản bảo lãnh viện phí nêu trên.',
    signature: 'Chữ ký của người bệnh / người đại diện',
  },
  en: {
    title: 'HOSPITAL FEE GUARANTEE CONFIRMATION',
    number: 'Request number',
    patient: 'Patient',
    hospital: 'Hospital',
    appointment: 'Appointment',
    insurer: 'Insurance company',
    policy: 'Policy / card number',
    estimated: 'Estimated cost',
    approved: 'Guaranteed amount',
    note: "Hospital's note",
    decidedAt: 'Approved on',
    signedAt: 'Signed on',
    statement: 'I confirm that I have read and accept the hospital fee guarantee above.',
    signature: "Signature of the patient / the patient's representative",
  },
} satisfies Record<LanguageCode, Record<string, string>>;

const nfc = (text: string) => text.normalize('NFC');
const vnd = (amount: number) => `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;

/** dd/MM/yyyy HH:mm of an instant in a zone. */
function localDateTime(value: Date | string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The confirmation as PDF bytes. Throws when the font files are missing. */
export async function renderConfirmation(input: {
  tenant: TenantConfig;
  lang: LanguageCode;
  request: FeeGuaranteeRow;
  signature: Buffer;
}): Promise<Buffer> {
  const { tenant, lang, request: r, signature } = input;
  const fonts = fontFiles();
  const t = LABELS[lang];
  const zone = tenant.booking.timeZone;
  const id = Number(r.fee_guarantee_id);
  const brand = tenant.name[lang] || tenant.name.vi;
  // Dated at the signing, not at the download: the same confirmation gives the same bytes.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: nfc(`${t.title} #${id}`),
      Author: nfc(brand),
      CreationDate: new Date(r.signed_at ?? r.decided_at ?? r.created_at),
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text(nfc(brand));
  doc.moveDown(1);
  doc.font('bold').fontSize(16).text(t.title, { align: 'center' });
  doc.moveDown(1);
  const rows: [string, string][] = [
    [t.number, `#${id}`],
    [t.patient, r.patient_name],
    [t.hospital, r.hospital_name],
  ];
  if (r.appointment_number) rows.push([t.appointment, r.appointment_number]);
  rows.push([t.insurer, r.insurance_company], [t.policy, r.policy_number]);
  if (r.estimated_amount !== null) rows.push([t.estimated, vnd(Number(r.estimated_amount))]);
  rows.push([t.approved, vnd(Number(r.approved_amount ?? 0))]);
  if (r.decision_note) rows.push([t.note, r.decision_note]);
  if (r.decided_at) rows.push([t.decidedAt, `${localDateTime(r.decided_at, zone)} (${zone})`]);
  if (r.signed_at) rows.push([t.signedAt, `${localDateTime(r.signed_at, zone)} (${zone})`]);
  const left = doc.page.margins.left;
  const labelWidth = 190;
  const valueWidth = doc.page.width - doc.page.margins.right - left - labelWidth;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(11)
      .fillColor('#444444')
      .text(nfc(label), left, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('#000000')
      .text(nfc(value), left + labelWidth, y, { width: valueWidth });
    doc.y = Math.max(afterLabel, doc.y) + 4;
  }
  doc.x = left;
  doc.moveDown(1.5);
  doc.font('regular').fontSize(11).fillColor('#000000').text(t.statement);
  doc.moveDown(1);
  doc.font('regular').fontSize(10).fillColor('#444444').text(t.signature);
  doc.moveDown(0.5);
  doc.image(signature, { fit: [260, 110] });
  doc.end();
  return done;
}
