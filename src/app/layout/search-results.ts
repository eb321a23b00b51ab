import type { SearchResult } from '../../api/search-api';
import { doctorListUrl, paths } from '../../../schemas/paths';

/** The order and heading key of each result group. */
export const SEARCH_GROUPS = [
  { type: 'doctor', labelKey: 'search.doctors' },
  { type: 'speciality', labelKey: 'search.specialities' },
  { type: 'symptom', labelKey: 'search.symptoms' },
] as const;

/** The results grouped by type in display order; the flat order is the keyboard order. */
export function groupResults(results: readonly SearchResult[]) {
  const groups = SEARCH_GROUPS.map((group) => ({
    ...group,
    items: results.filter((result) => result.type === group.type),
  })).filter((group) => group.items.length > 0);
  return { groups, flat: groups.flatMap((group) => group.items) };
}

/** Where choosing a result leads: the doctor's page, or the doctor list filtered by it. */
export function resultUrl(result: SearchResult): string {
  if (result.type === 'doctor') return paths.doctorDetail(result.id);
  if (result.type === 'speciality') return doctorListUrl({ specialityId: result.id });
  return doctorListUrl({ symptomId: result.id });
}
