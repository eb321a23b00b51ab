/** What other features may use of the account feature: the account pages' side menu and layout. */
export { AccountNav } from './components/account-nav';
export { layout as accountLayout } from './account.css';
