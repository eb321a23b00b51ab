/** Insurance: what other features may use (nothing yet besides the page, which the route table loads lazily). */
export { insuranceApi } from './api';
