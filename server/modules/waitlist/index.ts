/** Waitlist of fully booked days (routes). Notifying is the reminders module's notifyWaitlist. */
export { waitlistRoutes } from './routes';
