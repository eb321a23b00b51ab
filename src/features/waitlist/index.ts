/** What other features may use of the waitlist feature: the button that joins a full day's list. */
export { WaitlistButton, type WaitlistButtonProps } from './components/waitlist-button';
