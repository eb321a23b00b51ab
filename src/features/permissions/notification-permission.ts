import { storage } from '../../lib/storage';

/** Where the browser stands on notifications for this site; 'unsupported' without the API. */
export type NotificationState = NotificationPermission | 'unsupported';

/**
 * This device's "Not now" on the notification card, so it is not asked again after every
 * booking. Per device on purpose: permission itself is per browser, not per account.
 */
export const NOTIFICATION_PROMPT_DISMISSED_KEY = 'notification_prompt_dismissed';

/** Notification.permission, or 'unsupported' (the server render, iOS Safari outside the Home Screen). */
export function notificationState(): NotificationState {
  return typeof window !== 'undefined' && 'Notification' in window
    ? window.Notification.permission
    : 'unsupported';
}

/**
 * Asks the browser (only ever from a click: browsers ignore or penalise prompts without one).
 * A browser that throws instead of answering leaves the permission as it was.
 */
export async function requestNotificationPermission(): Promise<NotificationPermission> {
  try {
    return await window.Notification.requestPermission();
  } catch {
    return window.Notification.permission;
  }
}

export const notificationPromptDismissed = () => storage.get(NOTIFICATION_PROMPT_DISMISSED_KEY) === '1';

export const dismissNotificationPrompt = () => storage.set(NOTIFICATION_PROMPT_DISMISSED_KEY, '1');
