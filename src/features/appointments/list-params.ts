import { AppointmentListType, DATE_FILTERS, type DateFilter } from '../../../schemas/codes';
import type { ListArgs } from './api';

/** The tabs in the order shown: Upcoming (2) first, then Past (1). */
export const TABS = [
  { type: AppointmentListType.Upcoming, key: 'upcoming' },
  { type: AppointmentListType.Past, key: 'past' },
] as const;

/**
 * The list's state lives in the URL (shareable, back button): `tab` (upcoming|past), `duration`
 * (a spec date filter, default all) and `page`. Unknown values fall back to the defaults.
 */
export function listArgsOf(search: URLSearchParams): ListArgs {
  const tab = TABS.find((t) => t.key === search.get('tab')) ?? TABS[0];
  const raw = search.get('duration');
  const duration = (DATE_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as DateFilter) : 'all';
  const page = Math.floor(Number(search.get('page')));
  return { type: tab.type, duration, pageNumber: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The search string of a list state (page 1 and defaults left out). */
export function searchOf({ type, duration, pageNumber }: ListArgs): string {
  const params = new URLSearchParams();
  if (type === AppointmentListType.Past) params.set('tab', 'past');
  if (duration !== 'all') params.set('duration', duration);
  if (pageNumber > 1) params.set('page', String(pageNumber));
  const text = params.toString();
  return text ? `?${text}` : '';
}
