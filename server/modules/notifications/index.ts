/**
 * In-app notifications (spec section 7, Notifications/*). Public API for other modules: a
 * notification is written inside the caller's tenant transaction (notificationCte, a CTE of the
 * caller's statement: the message pipeline writes it with its deliveries), so it exists exactly
 * when the change that caused it commits.
 */
export { notificationCte, TYPE_NOTIFY, type NewNotification, type TypeNotify } from './repository';
export { notificationsRoutes } from './routes';
export { notificationStreamRoutes, NOTIFICATION_CHANNEL } from './stream-routes';
