import type { FilterDoctorsRequest } from './catalogue';
import { ORDER_TYPES } from './codes';
import type { OrderType } from './discovery';

/** Spec section 9: page size 15 unless a screen says otherwise. */
export const DOCTOR_PAGE_SIZE = 15;

/** The FilterDoctors body with the discovery fields (schemas/discovery.ts). */
export type DoctorFilter = FilterDoctorsRequest & {
  pageNumber: number;
  searchText?: string;
  healthProgramId?: number;
  orderType?: OrderType;
};

/**
 * URL parameter names of the list filters. Lists are comma-separated, so a copied link or Back
 * reproduces the exact view. `specialityId`/`symptomId` (one id, from search and home cards) are
 * read too and folded into the lists when the visitor edits them.
 */
export const FILTER_KEYS = {
  city: 'cityId',
  gender: 'gender',
  hospitals: 'hospitals',
  languages: 'languages',
  specialities: 'specialities',
  symptoms: 'symptoms',
  serviceTypes: 'serviceTypes',
  experience: 'experience',
  sort: 'sort',
  order: 'order',
  text: 'searchText',
  page: 'page',
} as const;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= 1_000_000 ? number : undefined;
};

/** "1,2,x,2" -> [1, 2]: unknown parts are dropped, duplicates removed. */
function idList(
  value: string | null,
  accept: (n: number) => boolean = (n) => n >= 1 && n <= 1_000_000,
): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter(accept);
  return [...new Set(ids)];
}

/**
 * The service types a `servicetype` query value selects (spec section 2). 0-2 are the service
 * types themselves; 3 is the header's "schedule consultation", i.e. hospital visits; 4 is a
 * health program, chosen by healthProgramId rather than by service type.
 */
function serviceTypesOf(value: string | null): number[] | undefined {
  if (value === '0' || value === '1' || value === '2') return [Number(value)];
  if (value === '3') return [0];
  return undefined;
}

/** The selected ids of one list filter, including the single-id form search links use. */
export function selectedIds(
  search: URLSearchParams,
  key: 'specialities' | 'symptoms' | 'hospitals' | 'languages',
) {
  const single = key === 'specialities' ? 'specialityId' : key === 'symptoms' ? 'symptomId' : undefined;
  const one = single ? positiveInt(search.get(single)) : undefined;
  return [...new Set([...(one ? [one] : []), ...idList(search.get(FILTER_KEYS[key]))])];
}

/** The selected service types: the filter's own list, else what `servicetype` stands for. */
export function selectedServiceTypes(search: URLSearchParams): number[] {
  const own = idList(search.get(FILTER_KEYS.serviceTypes), (n) => n <= 2);
  return own.length ? own : (serviceTypesOf(search.get('servicetype')) ?? []);
}

/** Whether the URL is a health program's list (servicetype=4&healthProgramId=). */
export function healthProgramOf(search: URLSearchParams): number | undefined {
  return search.get('servicetype') === '4' ? positiveInt(search.get('healthProgramId')) : undefined;
}

/** The FilterDoctors request a /doctor-list URL stands for. */
export function doctorFilterFromSearch(search: URLSearchParams): DoctorFilter {
  const list = (ids: number[]) => (ids.length ? ids : undefined);
  const gender = (search.get(FILTER_KEYS.gender) ?? '')
    .split(',')
    .filter((g): g is 'M' | 'F' => g === 'M' || g === 'F');
  const sort = search.get(FILTER_KEYS.sort);
  const experience = idList(search.get(FILTER_KEYS.experience), (n) => n <= 80)[0];
  const searchText = search.get(FILTER_KEYS.text)?.trim().slice(0, 100);
  const filter: DoctorFilter = {
    pageNumber: positiveInt(search.get(FILTER_KEYS.page)) ?? 1,
    pageSize: DOCTOR_PAGE_SIZE,
    orderBy: search.get(FILTER_KEYS.order) === 'ASC' ? 'ASC' : 'DESC',
    cityId: positiveInt(search.get(FILTER_KEYS.city)),
    gender: gender.length ? [...new Set(gender)] : undefined,
    hospitals: list(selectedIds(search, 'hospitals')),
    languages: list(selectedIds(search, 'languages')),
    specialities: list(selectedIds(search, 'specialities')),
    symptoms: list(selectedIds(search, 'symptoms')),
    serviceTypes: list(selectedServiceTypes(search)),
    experiences: experience !== undefined ? [experience] : undefined,
    searchText: searchText || undefined,
    healthProgramId: healthProgramOf(search),
    orderType: ORDER_TYPES.find((type) => type === sort),
  };
  // Leave absent filters out entirely, so equal views make equal cache keys.
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as DoctorFilter;
}

export type FilterPatch = Partial<
  Record<keyof typeof FILTER_KEYS, string | number | readonly (string | number)[] | null>
>;

/**
 * The URL query after changing some filters: a list becomes comma-separated, null/empty removes
 * the parameter, the single-id forms give way to the lists, and the page goes back to 1.
 */
export function withFilters(search: URLSearchParams, patch: FilterPatch): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch) as [
    keyof typeof FILTER_KEYS,
    FilterPatch[keyof FilterPatch],
  ][]) {
    const key = FILTER_KEYS[name];
    if (name === 'specialities') next.delete('specialityId');
    if (name === 'symptoms') next.delete('symptomId');
    const text = Array.isArray(value)
      ? value.join(',')
      : value === null || value === undefined
        ? ''
        : String(value);
    if (text === '') next.delete(key);
    else next.set(key, text);
  }
  if (!('page' in patch)) next.delete(FILTER_KEYS.page);
  const query = next.toString();
  return query ? `?${query}` : '?';
}

/** The same URL on another page. */
export function withPage(search: URLSearchParams, page: number): string {
  return withFilters(search, { page: page <= 1 ? null : page });
}
