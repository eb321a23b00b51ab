/** What other features may use of the appointments feature: an appointment's status label. */
export { statusKey } from './labels';
