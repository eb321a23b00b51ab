/**
 * Browser permissions asked when needed, with the reason (spec section 4): the notification card
 * Appointment Confirmed shows, and the permission help dialog (per-browser steps) that the card
 * and the video call's pre-call check open on a refusal.
 */
export { NotificationPermissionCard } from './components/notification-permission-card';
export { PermissionHelp } from './components/permission-help';
export type { HelpPermission } from './components/permission-help-dialog';
