import type { FilterDoctorsRequest } from '../../../schemas/catalogue';
import type { FeatureKey } from '../../../schemas/features';
import { APPROVED } from '../directory/index';
import { NEXT_FREE_SLOT } from '../doctors/index';

/** `text` escaped for LIKE: % and _ typed by a user are letters, not wildcards. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Service type id -> the feature that offers it (reference rows of service_types, spec section 3). */
const SERVICE_TYPE_FEATURES: readonly FeatureKey[] = ['hospitalVisit', 'video', 'homeVisit'];

/** An empty filter list means "no filter", as the web app sends [] for an untouched facet. */
const given = <T>(values: T[] | undefined): values is T[] => values !== undefined && values.length > 0;

/**
 * The filter asks for doctors by name and nothing else, in the list's default order (rating DESC,
 * rating_count DESC, doctor_id; empty facet lists filter nothing): the order the search index
 * returns its matches in (services/search-index), so it can page them itself.
 */
export function searchesNamesOnly(filter: FilterDoctorsRequest): boolean {
  return (
    (filter.orderType === undefined || filter.orderType === 'rating') &&
    filter.orderBy !== 'ASC' &&
    !filter.cityId &&
    !filter.doctorId &&
    !filter.healthProgramId &&
    !given(filter.gender) &&
    !given(filter.hospitals) &&
    !given(filter.languages) &&
    !given(filter.specialities) &&
    !given(filter.symptoms) &&
    !given(filter.serviceTypes) &&
    !given(filter.experiences)
  );
}

/**
 * Accent-insensitive, typo-tolerant name match of alias `d`. `q` is the folded text, `like` the
 * folded LIKE pattern. Names containing the text match (trigram index); only when no listed
 * doctor does (a typo: "nguen van") does trigram word similarity decide instead, so the costly
 * similarity never runs over thousands of "nguyen" names. The uncorrelated NOT EXISTS is
 * evaluated once per query.
 */
export const nameMatches = (q: string, like: string) =>
  `(d.search_name LIKE ${like} OR (NOT EXISTS (SELECT 1 FROM doctors x
      WHERE x.approval_status = ${APPROVED} AND x.search_name LIKE ${like}) AND ${q} <% d.search_name))`;

/**
 * The WHERE clause of a doctor search with its parameters. Only the filters given become SQL
 * (values always as parameters): "$n IS NULL OR ..." clauses would keep PostgreSQL from turning
 * the EXISTS tests into semi-joins, which made a 10 000-doctor search several times slower.
 * `folded` is the parameter reference of the folded search text, when the WHERE has one.
 * `nameIds`: the doctors whose names match the search text, from the in-process index
 * (services/search-index, the same matches as nameMatches); without it the SQL matches names.
 */
export function doctorSearch(
  filter: FilterDoctorsRequest,
  enabledFeatures: readonly FeatureKey[],
  nameIds?: readonly number[],
) {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const has = (table: string, column: string, ids: number[]) =>
    `EXISTS (SELECT 1 FROM ${table} x WHERE x.doctor_id = d.doctor_id AND x.${column} = ANY(${param(ids)}::int[]))`;
  const clauses = [`d.approval_status = ${APPROVED}`];
  let folded: string | undefined;
  const text = filter.searchText?.trim();
  if (text) {
    if (nameIds) clauses.push(`d.doctor_id = ANY(${param(nameIds)}::int[])`);
    else {
      folded = `fold_text(${param(text)}::text)`;
      clauses.push(nameMatches(folded, `'%' || fold_text(${param(likeEscaped(text))}::text) || '%'`));
    }
  }
  if (filter.doctorId) clauses.push(`d.doctor_id = ${param(filter.doctorId)}`);
  if (filter.cityId) {
    const city = param(filter.cityId);
    // A doctor belongs to the city they live in and to every city they have a hospital in. One
    // IN (... UNION ...) rather than "a OR EXISTS": the planner hashes it instead of probing per row.
    clauses.push(`d.doctor_id IN (
      SELECT doctor_id FROM doctors WHERE city_id = ${city}::int
      UNION SELECT dh.doctor_id FROM doctor_hospitals dh JOIN hospitals h ON h.hospital_id = dh.hospital_id
             WHERE h.city_id = ${city}::int)`);
  }
  // Compared as char(1), the column's type: a ::text cast would hide its statistics from the planner.
  if (given(filter.gender)) clauses.push(`d.gender = ANY(${param(filter.gender)}::bpchar[])`);
  if (given(filter.hospitals)) clauses.push(has('doctor_hospitals', 'hospital_id', filter.hospitals));
  if (given(filter.languages)) clauses.push(has('doctor_languages', 'language_id', filter.languages));
  if (given(filter.specialities))
    clauses.push(has('doctor_specialities', 'speciality_id', filter.specialities));
  if (given(filter.symptoms)) clauses.push(has('doctor_symptoms', 'symptom_id', filter.symptoms));
  if (given(filter.serviceTypes)) {
    // Types the tenant switched off find nobody. Filtering the ids here rather than joining
    // service_types keeps the planner's row estimates right (it then reads the slot index in
    // order and probes doctor_prices for a page, instead of sorting thousands of doctors).
    const offered = filter.serviceTypes.filter((id) => enabledFeatures.includes(SERVICE_TYPE_FEATURES[id]!));
    clauses.push(
      offered.length === 0
        ? 'false'
        : `EXISTS (SELECT 1 FROM doctor_prices x WHERE x.doctor_id = d.doctor_id
             AND x.service_type_id = ANY(${param(offered)}::int[]))`,
    );
  }
  if (filter.healthProgramId) {
    // A program's doctors include those of its sub-programs. Programs off for the tenant: nobody.
    if (!enabledFeatures.includes('healthPrograms')) clauses.push('false');
    else {
      const program = param(filter.healthProgramId);
      clauses.push(`EXISTS (SELECT 1 FROM doctor_health_programs x JOIN health_programs hp
          ON hp.health_program_id = x.health_program_id
        WHERE x.doctor_id = d.doctor_id AND (hp.health_program_id = ${program}::int OR hp.parent_id = ${program}::int))`);
    }
  }
  if (given(filter.experiences))
    clauses.push(`d.experience_years >= ${param(Math.min(...filter.experiences))}::int`);
  return { where: clauses.join('\n    AND '), params, param, folded, text };
}

/**
 * ORDER BY of a doctor search (see OrderType in schemas/discovery.ts). Every order ends with the
 * doctor id so that pages never overlap.
 */
export function doctorOrder(
  filter: FilterDoctorsRequest,
  search: ReturnType<typeof doctorSearch>,
  enabledFeatures: readonly FeatureKey[],
): string {
  const dir = filter.orderBy === 'ASC' ? 'ASC' : 'DESC';
  const byRating = `d.rating ${dir}, d.rating_count ${dir}, d.doctor_id`;
  switch (filter.orderType) {
    case 'relevance': {
      // With index matches the WHERE has no text parameter: the order adds its own.
      const folded =
        search.folded ?? (search.text ? `fold_text(${search.param(search.text)}::text)` : undefined);
      return folded ? `word_similarity(${folded}, d.search_name) DESC, d.rating DESC, d.doctor_id` : byRating;
    }
    case 'earliestSlot':
      return `${NEXT_FREE_SLOT} ASC, d.rating DESC, d.doctor_id`;
    case 'experience':
      return `d.experience_years ${dir}, d.rating DESC, d.doctor_id`;
    case 'price': {
      const types = given(filter.serviceTypes)
        ? ` AND p.service_type_id = ANY(${search.param(filter.serviceTypes)}::int[])`
        : '';
      return `(SELECT min(p.price) FROM doctor_prices p JOIN service_types st ON st.service_type_id = p.service_type_id
                WHERE p.doctor_id = d.doctor_id AND st.feature = ANY(${search.param([...enabledFeatures])}::text[])${types})
              ${dir} NULLS LAST, d.rating DESC, d.doctor_id`;
    }
    default:
      return byRating;
  }
}
