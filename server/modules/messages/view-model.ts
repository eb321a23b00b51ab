import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { MessagePayload } from './events';
import { formatZonedDate, formatZonedTime, zoneClockName } from '../../../schemas/time';

/** The values a template sees: the payload formatted for one language and the tenant's zone. */
export type ViewModel = Record<string, unknown>;

/** 'dd/MM/yyyy' and 'HH:mm' of an instant in a zone (the spec's formats), by the time module. */
export function localDateTime(at: Date, timeZone: string) {
  return { date: formatZonedDate(at, timeZone), time: formatZonedTime(at, timeZone) };
}

/** 200000 -> "200.000 ₫" (the spec writes VND this way in both languages). */
const VND = new Intl.NumberFormat('vi-VN');
export const money = (amount: number) => `${VND.format(amount)} ₫`;

const BY: Record<string, Record<LanguageCode, string>> = {
  patient: { vi: 'theo yêu cầu của bạn', en: 'at your request' },
  doctor: { vi: 'bởi bác sĩ', en: 'by the doctor' },
  hospital: { vi: 'bởi bệnh viện', en: 'by the hospital' },
  system: { vi: 'vì hết thời gian giữ chỗ', en: 'because the hold lapsed' },
};
const REFUND: Record<string, Record<LanguageCode, string>> = {
  wallet: { vi: 'vào ví của bạn', en: 'to your wallet' },
  bank: { vi: 'về tài khoản/thẻ đã thanh toán', en: 'to the card or account you paid with' },
};

/** The page link: the tenant's public address and the event's path. */
export function pageLink(tenant: TenantConfig, path: string | undefined): string {
  const base = tenant.companyInfo.linkUserWeb.replace(/\/+$/, '');
  const page = path ?? '/me/notification-list/';
  return base ? `${base}${page}` : page;
}

export function viewModel(
  tenant: TenantConfig,
  lang: LanguageCode,
  payload: MessagePayload,
  sentAt: Date = new Date(),
): ViewModel {
  const zone = tenant.booking.timeZone;
  const startsAt = payload.startsAt ? new Date(payload.startsAt) : null;
  const when = startsAt
    ? localDateTime(startsAt, zone)
    : payload.localDate
      ? { date: payload.localDate.split('-').reverse().join('/'), time: '' }
      : localDateTime(sentAt, zone);
  const before = payload.previousStartsAt ? localDateTime(new Date(payload.previousStartsAt), zone) : null;
  return {
    brand: tenant.name[lang],
    hotline: tenant.companyInfo.hotlineCSKH,
    link: pageLink(tenant, payload.path),
    number: payload.appointmentNumber ?? '',
    doctor: payload.doctorName ?? '',
    patient: payload.patientName ?? '',
    date: when.date,
    time: when.time,
    zone: zoneClockName(zone, lang, startsAt ?? sentAt),
    previousDate: before?.date ?? '',
    previousTime: before?.time ?? '',
    place: payload.place ? payload.place[lang] : '',
    video: payload.video === true,
    amount: payload.amount ? money(payload.amount) : '',
    refund: payload.refundTo ? REFUND[payload.refundTo]![lang] : '',
    by: payload.cancelledBy ? BY[payload.cancelledBy]![lang] : '',
    reason: payload.reason ?? '',
    hospital: payload.hospitalName ?? '',
    record: payload.recordTitle ?? '',
    package: payload.packageName ?? '',
    approved: payload.approved === true,
    device: payload.device ?? '',
    cancelHours: String(tenant.booking.cancel.minHoursBefore),
    contact: payload.contact ?? {},
  };
}
