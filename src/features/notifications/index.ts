/** What other features use of the notifications feature. */
export { NotificationPreferencesSection } from './components/notification-preferences-section';
