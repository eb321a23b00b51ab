import type { GlobalSearchResult } from '../../../schemas/discovery';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import type { SearchHits } from '../../services/search-index/index';
import { APPROVED } from '../directory/index';
import { likeEscaped } from './doctor-search';
import { localized } from '../reference/index';

/** Results per type: the header's dropdown shows a few of each, "see all" opens the doctor list. */
export const RESULTS_PER_TYPE = 5;

/**
 * The header search (GlobalSearches): approved doctors by name, symptoms and specialities by
 * name in either language, all matched on accent-folded text (fold_text), so "tim mach" finds
 * "Tim mạch". Doctors first match as a substring (trigram index, cheap even for "nguyen", which
 * 40% of names contain); only when that finds fewer than a full list do trigram similarity
 * matches ("tim mahc", "nguen van") fill it, so the costly similarity runs on few rows.
 * Within a type the best match comes first: a name that starts with the text, then word
 * similarity, then rating / sort order. Names are returned in `lang`. One statement.
 * The server answers from the in-process index (services/search-index), which gives the same
 * results; this statement is its fallback and the reference that its tests compare against.
 */
export async function globalSearch(
  sql: Sql,
  lang: LanguageCode,
  text: string,
): Promise<GlobalSearchResult[]> {
  const name = localized('name', lang);
  const q = 'fold_text($1::text)';
  const like = `'%' || fold_text($2::text) || '%'`;
  const matches = (column: string) => `(${q} <% ${column} OR ${column} LIKE ${like})`;
  const { rows } = await sql.query<{ id: number; name: string; type_id: 0 | 1 | 2 }>(
    `WITH exact AS (
       SELECT d.doctor_id AS id, d.full_name AS name, 0 AS type_id, 0 AS tier,
              (d.search_name LIKE fold_text($2::text) || '%') AS prefix, word_similarity(${q}, d.search_name) AS score,
              d.rating
         FROM doctors d
        WHERE d.approval_status = ${APPROVED} AND d.search_name LIKE ${like}
        ORDER BY prefix DESC, score DESC, d.rating DESC, d.doctor_id
        LIMIT ${RESULTS_PER_TYPE}),
     fuzzy AS (
       SELECT d.doctor_id AS id, d.full_name AS name, 0 AS type_id, 1 AS tier, false AS prefix,
              word_similarity(${q}, d.search_name) AS score, d.rating
         FROM doctors d
        WHERE (SELECT count(*) FROM exact) < ${RESULTS_PER_TYPE}
          AND d.approval_status = ${APPROVED} AND ${q} <% d.search_name AND d.search_name NOT LIKE ${like}
        ORDER BY score DESC, d.rating DESC, d.doctor_id
        LIMIT ${RESULTS_PER_TYPE})
     (SELECT id, name, type_id FROM (SELECT * FROM exact UNION ALL SELECT * FROM fuzzy) x
       ORDER BY tier, prefix DESC, score DESC, rating DESC, id
       LIMIT ${RESULTS_PER_TYPE})
     UNION ALL
     (SELECT s.symptom_id, s.${name}, 1
        FROM symptoms s
       WHERE ${matches('s.search_vi')} OR ${matches('s.search_en')}
       ORDER BY greatest(word_similarity(${q}, s.search_vi), word_similarity(${q}, s.search_en)) DESC,
                s.sort_order, s.symptom_id
       LIMIT ${RESULTS_PER_TYPE})
     UNION ALL
     (SELECT s.speciality_id, s.${name}, 2
        FROM specialities s
       WHERE ${matches('s.search_vi')} OR ${matches('s.search_en')}
       ORDER BY greatest(word_similarity(${q}, s.search_vi), word_similarity(${q}, s.search_en)) DESC,
                s.sort_order, s.speciality_id
       LIMIT ${RESULTS_PER_TYPE})`,
    [text, likeEscaped(text)],
  );
  const types = ['doctor', 'symptom', 'speciality'] as const;
  return rows.map((r) => ({ id: r.id, name: r.name, type: types[r.type_id], typeId: r.type_id }));
}

/** The index's hits as GlobalSearches results, in the statement's order: doctors, symptoms, specialities. */
export function searchResults(hits: SearchHits): GlobalSearchResult[] {
  return [
    ...hits.doctors.map((h) => ({ ...h, type: 'doctor' as const, typeId: 0 as const })),
    ...hits.symptoms.map((h) => ({ ...h, type: 'symptom' as const, typeId: 1 as const })),
    ...hits.specialities.map((h) => ({ ...h, type: 'speciality' as const, typeId: 2 as const })),
  ];
}
