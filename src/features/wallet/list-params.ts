import { DATE_FILTERS, type DateFilter } from '../../../schemas/codes';
import type { WalletHistoryArgs } from './api';

export const WALLET_PATH = '/me/wallet-history';

/** The page's state lives in the URL: `duration` (a spec date filter, default all) and `page`. */
export function walletArgsOf(search: URLSearchParams): WalletHistoryArgs {
  const raw = search.get('duration') ?? '';
  const duration = (DATE_FILTERS as readonly string[]).includes(raw) ? (raw as DateFilter) : 'all';
  const pageNumber = Math.floor(Number(search.get('page')));
  return { duration, pageNumber: Number.isFinite(pageNumber) && pageNumber > 0 ? pageNumber : 1 };
}

/** The search string of a state (defaults left out). */
export function walletSearchOf({ duration, pageNumber }: WalletHistoryArgs): string {
  const params = new URLSearchParams();
  if (duration !== 'all') params.set('duration', duration);
  if (pageNumber > 1) params.set('page', String(pageNumber));
  const text = params.toString();
  return text ? `?${text}` : '';
}
