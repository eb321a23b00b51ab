/** Lower case without Vietnamese diacritics (đ -> d), so "tim mach" matches "Tim mạch". */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();

/** Spec section 9: lists page by 15. */
export const LIST_PAGE_SIZE = 15;

/** The listing's text (`q`, at most 100 characters) and page from the URL. */
export function listQueryOf(search: URLSearchParams): { text: string; page: number } {
  const page = search.get('page');
  return {
    text: (search.get('q') ?? '').trim().slice(0, 100),
    page: page && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The URL query of a listing: its text and page (page 1 and empty text are left out). */
export function listHref(text: string, page: number): string {
  const params = new URLSearchParams();
  if (text) params.set('q', text);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/**
 * One page of a list matched by name (accent- and case-insensitively), with the pagination the
 * pager expects. Used for the specialities and symptoms, which the API returns whole.
 */
export function pageOfMatches<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  text: string,
  page: number,
) {
  const needle = foldText(text);
  const matches = needle ? items.filter((item) => foldText(nameOf(item)).includes(needle)) : [...items];
  const start = (page - 1) * LIST_PAGE_SIZE;
  return {
    items: matches.slice(start, start + LIST_PAGE_SIZE),
    pagination: { pageNumber: page, pageSize: LIST_PAGE_SIZE, totalRecords: matches.length },
  };
}
