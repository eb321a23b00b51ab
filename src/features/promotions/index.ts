/** The promotions feature's public API: whether a product of the wallet of products pays a consultation (booking). */
export { useProductCheckQuery } from './api';
