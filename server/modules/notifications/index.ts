/**
 * In-app notifications (spec section 7, Notifications/*). Public API for other modules: a
 * notification is created inside the caller's tenant transaction, so it exists exactly when the
 * change that caused it commits.
 */
export { createNotification, TYPE_NOTIFY, type NewNotification, type TypeNotify } from './repository';
export { notificationsRoutes } from './routes';
export { notificationStreamRoutes, NOTIFICATION_CHANNEL } from './stream-routes';
