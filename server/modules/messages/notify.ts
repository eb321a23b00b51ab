import type { MessageChannel } from '../../../schemas/notifications';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { notificationCte } from '../notifications/index';
import {
  DELIVERY_PARAMS,
  insertDeliveries,
  insertNotificationWithDeliveries,
  type NewDelivery,
} from './deliveries';
import { MESSAGE_EVENTS, type MessageEvent, type MessagePayload } from './events';
import { inAppTexts } from './in-app';
import { channelAllowed, preferencesOf, quietUntil, type PreferenceRow } from './preferences';

export interface NotifyInput {
  event: Exclude<MessageEvent, 'contact-us'>;
  userId: number;
  /**
   * What happened, unique in the tenant ('booking-confirmed:41', 'appointment-rescheduled:41:2'):
   * raising the same key again (a replayed callback, two processes) adds nothing.
   */
  key: string;
  values: MessagePayload;
  appointmentId?: number | null;
  /** Extra keys of the in-app notification's keysandvalues (AppointmentId, ...). */
  notificationValues?: Record<string, string | number | null>;
  /** The reminder or waitlist offer the notification belongs to (their own uniqueness). */
  reminderId?: number | null;
  waitlistOfferKey?: string | null;
  /**
   * For a reminder: the time after which holding it back for quiet hours makes no sense (the
   * appointment's start); a reminder due before quiet hours end goes out at once.
   */
  deadline?: Date | null;
  now?: Date;
}

export interface NotifyResult {
  notificationId: number | null;
  /** Delivery rows written (0 when the event was raised before). */
  deliveries: number;
}

interface UserRow extends PreferenceRow {
  email: string | null;
  phone_code: string | null;
  mobile_number: string | null;
  preferred_language: LanguageCode | null;
  status: string;
}

/** The language a user reads messages in: their remembered one when the tenant offers it. */
export const messageLanguage = (tenant: TenantConfig, preferred: LanguageCode | null): LanguageCode =>
  preferred && tenant.languages.offered.includes(preferred) ? preferred : tenant.languages.default;

/**
 * Raises an event for a user inside the caller's transaction (so messages exist exactly when the
 * change commits): the in-app notification, and one delivery row per channel of the event the
 * user has an address for and has not switched off, in their language. Quiet hours hold back
 * non-urgent reminders and marketing until they end (tenant's zone). The dispatcher sends the rows.
 */
export async function notify(sql: Sql, tenant: TenantConfig, input: NotifyInput): Promise<NotifyResult> {
  const now = input.now ?? new Date();
  const definition = MESSAGE_EVENTS[input.event];
  // The user and their preferences in one read.
  const { rows } = await sql.query<UserRow>(
    `SELECT u.email, u.phone_code, u.mobile_number, u.preferred_language, u.status,
            np.channels, np.quiet_enabled, np.quiet_start, np.quiet_end
       FROM users u LEFT JOIN notification_preferences np ON np.user_id = u.user_id
      WHERE u.user_id = $1`,
    [input.userId],
  );
  const user = rows[0];
  if (!user || user.status === 'deleted') return { notificationId: null, deliveries: 0 };
  const values: MessagePayload = { ...input.values };
  const prefs = preferencesOf(user);
  const lang = messageLanguage(tenant, user.preferred_language);
  const category: string = definition.category;
  const hold =
    !('urgent' in definition && definition.urgent) && (category === 'marketing' || category === 'reminder')
      ? quietUntil(prefs.quietHours, tenant.booking.timeZone, now)
      : null;
  const notBefore = hold && (!input.deadline || hold.getTime() < input.deadline.getTime()) ? hold : now;
  const phone = user.mobile_number ? `${user.phone_code ?? ''}${user.mobile_number}` : null;
  const address: Record<MessageChannel, string | null> = {
    email: user.email,
    sms: phone,
    push: String(input.userId),
  };
  const deliveries: NewDelivery[] = [];
  for (const channel of definition.channels as readonly MessageChannel[]) {
    const recipient = address[channel];
    if (!recipient || !channelAllowed(prefs, channel, definition.category)) continue;
    deliveries.push({
      key: input.key,
      event: input.event,
      category: definition.category,
      channel,
      userId: input.userId,
      recipient,
      lang,
      payload: values,
      notBefore,
    });
  }
  if (!definition.type) return { notificationId: null, deliveries: await insertDeliveries(sql, deliveries) };
  // The in-app notification and the deliveries in one statement: a repeated event (its
  // notification exists) writes neither again.
  const notification = notificationCte(
    {
      userId: input.userId,
      type: definition.type,
      ...inAppTexts(tenant, input.event, values, now),
      values: input.notificationValues ?? {},
      appointmentId: input.appointmentId ?? null,
      reminderId: input.reminderId ?? null,
      waitlistOfferKey: input.waitlistOfferKey ?? null,
      eventKey: input.key,
    },
    DELIVERY_PARAMS + 1,
  );
  return insertNotificationWithDeliveries(sql, notification, deliveries);
}

/**
 * A message to an address that is no account (contact-us to the tenant's siteContactEmail), in
 * the caller's transaction: one email delivery, no in-app notification, no preferences.
 */
export async function notifyAddress(
  sql: Sql,
  tenant: TenantConfig,
  input: { event: 'contact-us'; key: string; to: string; values: MessagePayload; now?: Date },
): Promise<boolean> {
  if (!input.to) return false;
  const written = await insertDeliveries(sql, [
    {
      key: input.key,
      event: input.event,
      category: MESSAGE_EVENTS[input.event].category,
      channel: 'email',
      userId: null,
      recipient: input.to,
      lang: tenant.languages.default,
      payload: input.values,
      notBefore: input.now ?? new Date(),
    },
  ]);
  return written === 1;
}
