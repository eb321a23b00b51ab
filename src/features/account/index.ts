/** What other features may use of the account feature: the account pages' side menu. */
export { AccountNav } from './components/account-nav';
