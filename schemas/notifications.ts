import { Type, type Static } from 'typebox';

/**
 * Message preferences contract (spec section 7, Notifications; the profile settings screen). Paths
 * are under /api/v1, every reply is the envelope and "-> X" is its `data`. Both need a signed-in
 * user; a user reads and changes only their own preferences.
 *
 * GET  /Notifications/GetNotificationPreferences     -> NotificationPreferences
 * POST /Notifications/UpdateNotificationPreferences  (NotificationPreferences) -> NotificationPreferences
 *
 * In-app notifications are always kept (they are the record of what happened); the preferences
 * choose which other channels carry each category. Defaults: reminders and service messages on
 * every channel the user can receive, marketing off. Quiet hours hold back non-urgent messages
 * (reminders further ahead than the quiet period, marketing) until they end, in the tenant's
 * time zone (`timeZone` in the reply, read-only).
 */

/** Channels besides in-app that a user can switch per category. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * What a message is about. `security` (one-time codes, a sign-in from a new device) is not a
 * preference: it always goes out on the channel it belongs to.
 */
export const MESSAGE_CATEGORIES = ['service', 'reminder', 'marketing'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

const CategorySwitches = Type.Object(
  {
    service: Type.Boolean({ 'x-message': 'invalid_notification_preferences' }),
    reminder: Type.Boolean({ 'x-message': 'invalid_notification_preferences' }),
    marketing: Type.Boolean({ 'x-message': 'invalid_notification_preferences' }),
  },
  { additionalProperties: false },
);

/** "HH:mm", 00:00–23:59, in the tenant's time zone. */
const ClockTime = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  'x-message': 'invalid_quiet_hours',
});

export const QuietHours = Type.Object(
  {
    enabled: Type.Boolean({ 'x-message': 'invalid_quiet_hours' }),
    /** Start and end may wrap midnight (22:00–07:00); equal times mean no quiet period. */
    start: ClockTime,
    end: ClockTime,
  },
  { additionalProperties: false },
);
export type QuietHours = Static<typeof QuietHours>;

export const NotificationPreferencesBody = Type.Object(
  {
    channels: Type.Object(
      { email: CategorySwitches, sms: CategorySwitches, push: CategorySwitches },
      { additionalProperties: false },
    ),
    quietHours: QuietHours,
  },
  { additionalProperties: false },
);
export type NotificationPreferencesBody = Static<typeof NotificationPreferencesBody>;

export const NotificationPreferences = Type.Object({
  channels: NotificationPreferencesBody.properties.channels,
  quietHours: QuietHours,
  /** The tenant's IANA time zone the quiet hours are read in. */
  timeZone: Type.String(),
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferencesBody = {
  channels: {
    email: { service: true, reminder: true, marketing: false },
    sms: { service: true, reminder: true, marketing: false },
    push: { service: true, reminder: true, marketing: false },
  },
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
};
