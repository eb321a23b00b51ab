import type { LanguageCode } from '../../../schemas/tenant.schema';
import { registerMessages, type MessageTexts } from '../../services/delivery/index';

/**
 * Texts of reminders and waitlist offers: email/SMS kinds rendered by the delivery service
 * (values {brand}, {number}, {doctor}, {time}, {date}) and the in-app notification texts.
 */
export const REMINDER_MESSAGES: Record<'appointment-reminder' | 'waitlist-slot-free', MessageTexts> = {
  'appointment-reminder': {
    vi: [
      'Nhắc lịch hẹn {number}',
      'Nhắc bạn lịch hẹn {number} với {doctor} lúc {time} ngày {date}. Xem chi tiết trong mục Lịch hẹn trên {brand}.',
    ],
    en: [
      'Reminder: appointment {number}',
      'A reminder of your appointment {number} with {doctor} at {time} on {date}. See Appointments on {brand}.',
    ],
  },
  'waitlist-slot-free': {
    vi: [
      'Có chỗ trống với {doctor}',
      'Một lịch khám với {doctor} ngày {date} vừa trống. Ai đặt trước được trước: đặt ngay trên {brand}.',
    ],
    en: [
      'A place is free with {doctor}',
      'A place with {doctor} on {date} just became free. First come, first served: book now on {brand}.',
    ],
  },
};

/** Makes the texts known to the delivery service (idempotent). */
export function registerReminderMessages(): void {
  registerMessages(REMINDER_MESSAGES);
}

type Values = Record<string, string>;
const fill = (text: string, values: Values) => text.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');

/** In-app texts in both languages (the list follows the reader's language). */
export function inAppTexts(
  kind: keyof typeof REMINDER_MESSAGES,
  values: Record<LanguageCode, Values>,
): { title: Record<LanguageCode, string>; body: Record<LanguageCode, string> } {
  const texts = REMINDER_MESSAGES[kind];
  return {
    title: { vi: fill(texts.vi[0], values.vi), en: fill(texts.en[0], values.en) },
    body: { vi: fill(texts.vi[1], values.vi), en: fill(texts.en[1], values.en) },
  };
}

/** Date and time of an instant in the tenant's time zone, as a patient of that language reads them. */
export function localTexts(at: Date, timeZone: string, lang: LanguageCode): { date: string; time: string } {
  const locale = lang === 'vi' ? 'vi-VN' : 'en-GB';
  return {
    date: new Intl.DateTimeFormat(locale, {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(at),
    time: new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(at),
  };
}

/** A local calendar day ('2025-07-01') as dd/MM/yyyy (spec date format). */
export const localDateText = (day: string) => day.split('-').reverse().join('/');
