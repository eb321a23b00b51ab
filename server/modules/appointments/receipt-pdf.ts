import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { zoneClockName } from '../../../schemas/time';
import { AppointmentStatus, type AppointmentDetail } from '../../../schemas/appointments';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import { localDateIn, localTimeIn } from './appointment-view';

/**
 * The PDF receipt of an appointment (GET /Appointments/Receipt/:id), rendered with pdfkit in
 * Noto Sans from Debian's fonts-noto-core: it has every Vietnamese tone mark and the ₫ sign.
 * Text is normalised to NFC first, so a name typed with combining marks (NFD) renders as the
 * same precomposed letters. All times are in the tenant's booking time zone, named as people say
 * it ("giờ Việt Nam (GMT+7)") through the web app's time module.
 */

/** Where Debian's fonts-noto-core puts Noto Sans (deploy/Dockerfile and .ci/run install it). */
export const DEFAULT_FONT_DIR = '/usr/share/fonts/truetype/noto';
let fontDirectory = DEFAULT_FONT_DIR;
const fontDir = () => fontDirectory;
/** Tests: look for the fonts elsewhere (null: the default). */
export function setReceiptFontDir(dir: string | null): void {
  fontDirectory = dir ?? DEFAULT_FONT_DIR;
}
const REGULAR = 'NotoSans-Regular.ttf';
const BOLD = 'NotoSans-Bold.ttf';

/** The font files, or an error that says how to install them. */
function fontFiles(): { regular: string; bold: string } {
  const regular = `${fontDir()}/${REGULAR}`;
  const bold = `${fontDir()}/${BOLD}`;
  for (const file of [regular, bold]) {
    if (!existsSync(file)) {
      throw new Error(
        `receipt: font ${file} is missing; install Debian's fonts-noto-core (apt-get install -y fonts-noto-core)`,
      );
    }
  }
  return { regular, bold };
}

type Labels = Record<
  | 'title'
  | 'appointmentNumber'
  | 'invoiceNumber'
  | 'notReleased'
  | 'dateTime'
  | 'service'
  | 'doctor'
  | 'speciality'
  | 'hospital'
  | 'address'
  | 'patient'
  | 'queueNumber'
  | 'status'
  | 'price'
  | 'discount'
  | 'wallet'
  | 'finalPrice'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'issuedAt'
  | 'refundWallet'
  | 'refundBank'
  | 'refundBankNote'
  | 'thanks',
  string
>;

const LABELS: Record<LanguageCode, Labels> = {
  vi: {
    title: 'BIÊN NHẬN LỊCH KHÁM',
    appointmentNumber: 'Mã lịch hẹn',
    invoiceNumber: 'Số hóa đơn',
    notReleased: 'Chưa xuất hóa đơn',
    dateTime: 'Ngày giờ khám',
    service: 'Dịch vụ',
    doctor: 'Bác sĩ',
    speciality: 'Chuyên khoa',
    hospital: 'Bệnh viện',
    address: 'Địa chỉ khám',
    patient: 'Bệnh nhân',
    queueNumber: 'Số thứ tự',
    status: 'Trạng thái lịch hẹn',
    price: 'Giá khám',
    discount: 'Giảm giá (mã khuyến mãi)',
    wallet: 'Thanh toán bằng ví',
    finalPrice: 'Thành tiền',
    paymentMethod: 'Phương thức thanh toán',
    paymentStatus: 'Trạng thái thanh toán',
    issuedAt: 'Ngày in',
    refundWallet: 'Đã hoàn vào ví',
    refundBank: 'Đã hoàn về tài khoản ngân hàng / thẻ đã thanh toán',
    refundBankNote: 'Thời gian tiền về tài khoản tùy theo ngân hàng của quý khách.',
    thanks: 'Cảm ơn quý khách đã tin tưởng sử dụng dịch vụ.',
  },
  en: {
    title: 'APPOINTMENT RECEIPT',
    appointmentNumber: 'Appointment number',
    invoiceNumber: 'Invoice number',
    notReleased: 'Not released yet',
    dateTime: 'Date and time',
    service: 'Service',
    doctor: 'Doctor',
    speciality: 'Speciality',
    hospital: 'Hospital',
    address: 'Visit address',
    patient: 'Patient',
    queueNumber: 'Queue number',
    status: 'Appointment status',
    price: 'Price',
    discount: 'Discount (promo code)',
    wallet: 'Paid from wallet',
    finalPrice: 'Total',
    paymentMethod: 'Payment method',
    paymentStatus: 'Payment status',
    issuedAt: 'Printed on',
    refundWallet: 'Refunded to your wallet',
    refundBank: 'Refunded to the bank account / card that paid',
    refundBankNote: 'When the money reaches your account depends on your bank.',
    thanks: 'Thank you for choosing us.',
  },
};

const SERVICE: Record<LanguageCode, string[]> = {
  vi: ['Khám tại bệnh viện', 'Tư vấn video', 'Khám tại nhà', 'Gọi trực tiếp'],
  en: ['Hospital visit', 'Video consultation', 'Home visit', 'Direct call'],
};
/** What to have ready, by kind of visit (hospital, video, home, direct call): a booked appointment only. */
const ADVICE: Record<LanguageCode, string[]> = {
  vi: [
    'Vui lòng mang theo biên nhận này khi đến khám.',
    'Vui lòng vào cuộc gọi video đúng giờ từ mục Lịch hẹn của tôi, ở nơi yên tĩnh và đủ sáng.',
    'Bác sĩ sẽ đến địa chỉ đã đăng ký: vui lòng có mặt đúng giờ và để sẵn biên nhận này cùng giấy tờ khám bệnh liên quan.',
    'Vui lòng giữ điện thoại bên mình: bác sĩ sẽ gọi cho quý khách vào giờ hẹn.',
  ],
  en: [
    'Please bring this receipt to your appointment.',
    'Please join the video call on time from My appointments, somewhere quiet and well lit.',
    'The doctor comes to the address you gave: please be there on time, with this receipt and any related medical papers at hand.',
    'Please keep your phone with you: the doctor will call you at the appointment time.',
  ],
};
const METHOD: Record<LanguageCode, string[]> = {
  vi: ['Thanh toán khi khám', 'Thanh toán trực tuyến', 'Miễn phí', 'Yêu cầu bảo lãnh viện phí'],
  en: ['Cash on consultation', 'Pay online', 'Free of charge', 'Medical fee coverage request'],
};
const PAYMENT_STATUS: Record<LanguageCode, string[]> = {
  vi: ['Không áp dụng', 'Chờ thanh toán', 'Đã thanh toán', 'Đã hủy', 'Thất bại', 'Đã hoàn tiền'],
  en: ['Not applicable', 'Pending', 'Paid', 'Cancelled', 'Failed', 'Refunded'],
};
const STATUS: Record<LanguageCode, Record<number, string>> = {
  vi: {
    0: 'Chờ xác nhận',
    1: 'Đang thanh toán',
    2: 'Hủy do không thanh toán',
    3: 'Thanh toán thất bại',
    4: 'Đã đặt lịch',
    5: 'Đã hủy',
    10: 'Đã hoàn thành',
  },
  en: {
    0: 'Pending',
    1: 'Payment in progress',
    2: 'Payment cancelled',
    3: 'Payment failed',
    4: 'Booked',
    5: 'Cancelled',
    10: 'Completed',
  },
};
const CANCELLED_BY: Record<LanguageCode, Record<string, string>> = {
  vi: { patient: 'Đã hủy', doctor: 'Bác sĩ đã hủy', hospital: 'Bệnh viện đã hủy', system: 'Hệ thống đã hủy' },
  en: {
    patient: 'Cancelled',
    doctor: 'Cancelled by the doctor',
    hospital: 'Cancelled by the hospital',
    system: 'Cancelled by the system',
  },
};

/** VND with the ₫ sign, grouped the Vietnamese way: 350.000 ₫. */
export const formatVnd = (amount: number) => `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;

const nfc = (text: string) => text.normalize('NFC');

/** dd/MM/yyyy of a YYYY-MM-DD day. */
const dmy = (ymd: string) => ymd.split('-').reverse().join('/');

export interface ReceiptInput {
  tenant: TenantConfig;
  lang: LanguageCode;
  appointment: AppointmentDetail;
  now?: Date;
}

/** The receipt as PDF bytes. Throws when the font files are missing (see fontFiles). */
export async function renderReceipt({
  tenant,
  lang,
  appointment: a,
  now = new Date(),
}: ReceiptInput): Promise<Buffer> {
  const fonts = fontFiles();
  const t = LABELS[lang];
  const zone = tenant.booking.timeZone;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: nfc(`${t.title} ${a.appointmentNumber}`),
      Author: nfc(tenant.name[lang] || tenant.name.vi),
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

  const brand = tenant.name[lang] || tenant.name.vi;
  doc.font('bold').fontSize(18).text(nfc(brand));
  const legal = tenant.companyInfo.hospitalFullName[lang] || tenant.companyInfo.hospitalFullName.vi;
  if (legal && legal !== brand) doc.font('regular').fontSize(10).text(nfc(legal));
  const contact = [tenant.siteConfig.sitContactAddress[lang], tenant.companyInfo.hotlineCSKH]
    .filter(Boolean)
    .join(' · ');
  if (contact) doc.font('regular').fontSize(10).text(nfc(contact));
  doc.moveDown(1.2);
  doc.font('bold').fontSize(16).text(t.title, { align: 'center' });
  doc.moveDown(1);

  const rows: [string, string][] = [
    [t.appointmentNumber, a.appointmentNumber],
    [t.invoiceNumber, a.invoiceNumber ?? t.notReleased],
    [
      t.dateTime,
      `${dmy(a.localDate)} ${localTimeIn(zone, new Date(a.startsAt))}–${localTimeIn(zone, new Date(a.endsAt))}, ${zoneClockName(zone, lang, new Date(a.startsAt))}`,
    ],
    [t.service, SERVICE[lang][a.serviceTypeId] ?? String(a.serviceTypeId)],
    [t.doctor, `${a.doctorTitle} ${a.doctorName}`.trim()],
  ];
  if (a.specialityName) rows.push([t.speciality, a.specialityName]);
  if (a.hospitalName) rows.push([t.hospital, a.hospitalName]);
  if (a.addressText) rows.push([t.address, a.addressText]);
  rows.push([t.patient, a.patientName]);
  if (a.queueNumber !== null) rows.push([t.queueNumber, String(a.queueNumber)]);
  rows.push([
    t.status,
    a.cancelledBy
      ? (CANCELLED_BY[lang][a.cancelledBy] ?? STATUS[lang][a.status]!)
      : (STATUS[lang][a.status] ?? ''),
  ]);
  table(doc, rows);

  doc.moveDown(0.8);
  const money: [string, string][] = [[t.price, formatVnd(a.price)]];
  if (a.discount) money.push([t.discount, `- ${formatVnd(a.discount)}`]);
  if (a.walletAmount) money.push([t.wallet, `- ${formatVnd(a.walletAmount)}`]);
  money.push([t.finalPrice, formatVnd(a.finalPrice)]);
  money.push([t.paymentMethod, METHOD[lang][a.paymentMethod] ?? '']);
  money.push([t.paymentStatus, PAYMENT_STATUS[lang][a.paymentStatus] ?? '']);
  // A paid-then-refunded booking: where the money went, how much and when.
  for (const refund of a.refunds) {
    const when = new Date(refund.at);
    money.push([
      refund.to === 'wallet' ? t.refundWallet : t.refundBank,
      `${formatVnd(refund.amount)} · ${dmy(localDateIn(zone, when))} ${localTimeIn(zone, when)}`,
    ]);
  }
  table(doc, money, t.finalPrice);

  doc.moveDown(1.5);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#444444')
    .text(
      `${t.issuedAt}: ${dmy(localDateIn(zone, now))} ${localTimeIn(zone, now)}, ${zoneClockName(zone, lang, now)}`,
    );
  if (a.refunds.some((r) => r.to === 'bank')) doc.moveDown(0.5).text(t.refundBankNote);
  const advice = a.status === AppointmentStatus.Booked ? ADVICE[lang][a.serviceTypeId] : undefined;
  doc.moveDown(0.5).text(advice ? `${t.thanks} ${advice}` : t.thanks);
  doc.end();
  return done;
}

/** Label/value rows: the label in regular, the value in bold (the `strong` row larger). */
function table(doc: PDFKit.PDFDocument, rows: [string, string][], strong?: string): void {
  const left = doc.page.margins.left;
  const labelWidth = 190;
  const valueWidth = doc.page.width - doc.page.margins.right - left - labelWidth;
  for (const [label, value] of rows) {
    const size = label === strong ? 13 : 11;
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(size)
      .fillColor('#444444')
      .text(nfc(label), left, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc
      .font('bold')
      .fontSize(size)
      .fillColor('#000000')
      .text(nfc(value), left + labelWidth, y, { width: valueWidth });
    doc.y = Math.max(afterLabel, doc.y) + 4;
  }
  doc.x = left;
}
