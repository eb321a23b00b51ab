import type { Sql } from '../../db/database';
import {
  TrigramDictionary,
  trigramQuery,
  trigramsOf,
  WordSimilarityScorer,
  type TrigramQuery,
} from './trigram';

/** Results per type, as the SQL search gave (the header dropdown shows a few of each). */
export const HITS_PER_TYPE = 5;
/** Doctors listed in the catalogue (directory-repository APPROVED). */
const APPROVED = 1;
/** Names interned between two yields to the event loop while building. */
const BUILD_SLICE = 1000;
/** Separators of pg_trgm words (anything but letters and digits, see trigram.ts). */
const NON_WORD = /[^\p{L}\p{N}]+/u;

interface Doctor {
  id: number;
  name: string;
  folded: string;
  trigrams: Int32Array;
}

interface Term {
  id: number;
  name: { vi: string; en: string };
  folded: [string, string];
  trigrams: [Int32Array, Int32Array];
}

export interface Hit {
  id: number;
  name: string;
}

export interface SearchHits {
  doctors: Hit[];
  symptoms: Hit[];
  specialities: Hit[];
}

/**
 * One tenant's searchable names, read inside db.tenant (row-level security keeps them the
 * tenant's): approved doctors in the order rating DESC, doctor_id (ties of the SQL order break
 * that way), symptoms and specialities in sort_order, id. Folded names are the database's own
 * generated columns. Search results equal those of the former SQL (search-repository history,
 * migration 008): a name containing the folded text ranks by "starts with it", then word
 * similarity, then rating; only when fewer than a full list contain it do names with a word
 * similarity over pg_trgm.word_similarity_threshold fill the list.
 */
export class TenantSearchIndex {
  private constructor(
    private readonly doctors: Doctor[],
    private readonly symptoms: Term[],
    private readonly specialities: Term[],
    private readonly dictionary: TrigramDictionary,
    /** Per trigram id, the positions of the doctors whose names have it (each once, ascending). */
    private readonly postings: Int32Array[],
    private readonly threshold: number,
  ) {
    this.scorer = new WordSimilarityScorer(dictionary.size);
    this.seen = new Uint8Array(doctors.length);
    this.haystack = doctors.map((d) => d.folded).join('\n');
    this.positionAt = new Int32Array(this.haystack.length + 1);
    this.starts = new Int32Array(doctors.length + 1);
    let offset = 0;
    doctors.forEach((d, position) => {
      this.starts[position] = offset;
      this.positionAt.fill(position, offset, offset + d.folded.length + 1);
      offset += d.folded.length + 1;
    });
    this.starts[doctors.length] = offset;
  }
  /**
   * Every folded doctor name in list order, one per line: finding the names that contain a text
   * is one native indexOf walk instead of a call per name. `positionAt` maps a character offset
   * to its doctor's list position, `starts` a position to its first character.
   */
  private readonly haystack: string;
  private readonly positionAt: Int32Array;
  private readonly starts: Int32Array;
  private readonly scorer: WordSimilarityScorer;
  /** Scratch marks of doctors already taken as fuzzy candidates. */
  private readonly seen: Uint8Array;

  get size(): number {
    return this.doctors.length + this.symptoms.length + this.specialities.length;
  }

  static async load(sql: Sql): Promise<TenantSearchIndex> {
    const doctors = await sql.query<{ id: number; name: string; folded: string }>(
      `SELECT doctor_id AS id, full_name AS name, search_name AS folded FROM doctors
        WHERE approval_status = ${APPROVED} ORDER BY rating DESC, doctor_id`,
    );
    const terms = (table: 'symptoms' | 'specialities', id: string) =>
      sql.query<{ id: number; name_vi: string; name_en: string; search_vi: string; search_en: string }>(
        `SELECT ${id} AS id, name_vi, name_en, search_vi, search_en FROM ${table} ORDER BY sort_order, ${id}`,
      );
    const symptoms = await terms('symptoms', 'symptom_id');
    const specialities = await terms('specialities', 'speciality_id');
    // The threshold of <% in this database (pg_trgm defines the setting once the module is
    // loaded in the session, which calling one of its functions does).
    await sql.query(`SELECT show_limit()`);
    const threshold = await sql.query<{ t: string }>(
      `SELECT current_setting('pg_trgm.word_similarity_threshold') AS t`,
    );
    const dictionary = new TrigramDictionary();
    // A name's trigrams are its words' trigrams in a row, and names share most words (family and
    // middle names): each distinct word is cut into trigrams once.
    const wordTrigrams = new Map<string, number[]>();
    const intern = (folded: string) => {
      const ids: number[] = [];
      for (const word of folded.split(NON_WORD)) {
        if (word === '') continue;
        let known = wordTrigrams.get(word);
        if (!known) {
          known = trigramsOf(word).map((t) => dictionary.intern(t));
          wordTrigrams.set(word, known);
        }
        ids.push(...known);
      }
      return Int32Array.from(ids);
    };
    const toTerm = (r: (typeof symptoms.rows)[number]): Term => ({
      id: r.id,
      name: { vi: r.name_vi, en: r.name_en },
      folded: [r.search_vi, r.search_en],
      trigrams: [intern(r.search_vi), intern(r.search_en)],
    });
    // In slices, yielding between them: a rebuild of 10 000 names must not hold up the searches
    // of other tenants that this process answers meanwhile.
    const doctorList: Doctor[] = [];
    for (let i = 0; i < doctors.rows.length; i += BUILD_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const r of doctors.rows.slice(i, i + BUILD_SLICE))
        doctorList.push({ ...r, trigrams: intern(r.folded) });
    }
    const symptomTerms = symptoms.rows.map(toTerm);
    const specialityTerms = specialities.rows.map(toTerm);
    // Every trigram is interned by now: the postings and the scorer cover the whole dictionary.
    return new TenantSearchIndex(
      doctorList,
      symptomTerms,
      specialityTerms,
      dictionary,
      postingsOf(doctorList, dictionary.size),
      Number(threshold.rows[0]!.t),
    );
  }

  /** The header search for a folded text, names in `lang`. */
  search(folded: string, lang: 'vi' | 'en'): SearchHits {
    const query = trigramQuery(this.dictionary, folded);
    const needed = this.sharedNeeded(query);
    return this.scorer.withQuery(query, (score, shared) => {
      // A name can only be similar enough when it shares enough of the query's trigrams.
      const similar = (t: Int32Array) => shared(t) >= needed && score(t) >= this.threshold;
      const terms = (list: Term[]) => this.searchTerms(list, folded, lang, score, similar);
      return {
        doctors: this.searchDoctors(folded, query, score, shared),
        symptoms: terms(this.symptoms),
        specialities: terms(this.specialities),
      };
    });
  }

  /**
   * The approved doctors whose names match the folded text as FilterDoctors' name filter does:
   * every name containing it, or, when none does, every name similar enough (a typo).
   */
  matchingDoctorIds(folded: string): number[] {
    const containing: number[] = [];
    for (const position of this.containing(folded)) containing.push(this.doctors[position]!.id);
    if (containing.length > 0) return containing;
    const query = trigramQuery(this.dictionary, folded);
    return this.scorer.withQuery(query, (score, shared) =>
      this.similarDoctors(query, score, shared, () => true).map((c) => this.doctors[c.position]!.id),
    );
  }

  private searchDoctors(
    folded: string,
    query: TrigramQuery,
    score: (t: Int32Array) => number,
    shared: (t: Int32Array) => number,
  ): Hit[] {
    // Names containing the text, best first: starts with it, then similarity, then list position
    // (rating DESC, id). Positions ascend, so a later name only enters by a strictly better
    // (prefix, similarity); once the list is full of prefix matches scoring 1, nothing can.
    const top: { position: number; prefix: boolean; score: number }[] = [];
    const better = (a: { prefix: boolean; score: number }, b: { prefix: boolean; score: number }) =>
      a.prefix !== b.prefix ? a.prefix : a.score > b.score;
    for (const position of this.containing(folded)) {
      const doctor = this.doctors[position]!;
      const prefix = doctor.folded.startsWith(folded);
      const worst = top.length === HITS_PER_TYPE ? top[HITS_PER_TYPE - 1]! : undefined;
      if (worst && worst.prefix && !prefix) continue;
      // Similarity is at most shared / query size: skip names that could not beat the worst kept.
      if (
        worst &&
        worst.prefix === prefix &&
        Math.fround(shared(doctor.trigrams) / query.size) <= worst.score
      )
        continue;
      const candidate = { position, prefix, score: score(doctor.trigrams) };
      if (worst && !better(candidate, worst)) continue;
      let at = top.length - (worst ? 1 : 0);
      if (worst) top.pop();
      while (at > 0 && better(candidate, top[at - 1]!)) at--;
      top.splice(at, 0, candidate);
      const last = top[HITS_PER_TYPE - 1];
      if (last && last.prefix && last.score >= 1) break;
    }
    const hits = top.map((t) => this.doctors[t.position]!);
    if (hits.length < HITS_PER_TYPE) {
      const missing = HITS_PER_TYPE - hits.length;
      const similar = this.similarDoctors(query, score, shared, (d) => !d.folded.includes(folded), missing);
      for (const c of similar) hits.push(this.doctors[c.position]!);
    }
    return hits.map((d) => ({ id: d.id, name: d.name }));
  }

  /** List positions of the doctors whose folded name contains `folded` (a text without line breaks), ascending. */
  private *containing(folded: string): Generator<number> {
    const { haystack, positionAt, starts } = this;
    for (let at = haystack.indexOf(folded); at >= 0 && at < haystack.length;) {
      const position = positionAt[at]!;
      yield position;
      const next = starts[position + 1]!;
      // (An empty text is found at every offset, also at the very end: stop after the last name.)
      if (next > haystack.length) break;
      at = haystack.indexOf(folded, next);
    }
  }

  /**
   * Doctors with word_similarity(query, name) >= threshold, best first (then list position).
   * A name sharing s of the query's n trigrams has a similarity of at most s / n, so it must
   * share `needed` of them; then it has at least one of any n - needed + 1 of the query's
   * trigrams. Candidates come from the postings of the rarest ones (unknown trigrams have none),
   * so the long lists of common trigrams ("  n", "ngu") are never walked.
   */
  private similarDoctors(
    query: TrigramQuery,
    score: (t: Int32Array) => number,
    shared: (t: Int32Array) => number,
    keep: (d: Doctor) => boolean,
    limit = Infinity,
  ): { position: number; score: number }[] {
    if (query.size === 0 || limit <= 0) return [];
    const needed = this.sharedNeeded(query);
    const unknown = query.size - query.known.length;
    const rarest = [...query.known]
      .sort((a, b) => this.postings[a]!.length - this.postings[b]!.length)
      .slice(0, Math.max(0, query.size - needed + 1 - unknown));
    const { seen } = this;
    const touched: number[] = [];
    for (const id of rarest) {
      for (const position of this.postings[id]!) {
        if (seen[position] === 0) touched.push(position);
        seen[position] = 1;
      }
    }
    const found: { position: number; score: number }[] = [];
    const before = (a: { position: number; score: number }, b: { position: number; score: number }) =>
      a.score > b.score || (a.score === b.score && a.position < b.position);
    for (const position of touched) seen[position] = 0;
    for (const position of touched) {
      const doctor = this.doctors[position]!;
      const common = shared(doctor.trigrams);
      if (common < needed || !keep(doctor)) continue;
      // With `limit` kept, a name whose bound (common / size, rounded to float4 as scores are)
      // cannot pass the last one is skipped.
      const last = found.length === limit ? found[limit - 1]! : undefined;
      if (last && !before({ position, score: Math.fround(Math.min(1, common / query.size)) }, last)) continue;
      const candidate = { position, score: score(doctor.trigrams) };
      if (candidate.score < this.threshold || (last && !before(candidate, last))) continue;
      if (last) found.pop();
      let at = found.length;
      while (at > 0 && before(candidate, found[at - 1]!)) at--;
      found.splice(at, 0, candidate);
    }
    return found;
  }

  /**
   * The fewest query trigrams a name must share to reach the threshold: similarity is at most
   * shared / query.size (the margin keeps float rounding on the safe side: more candidates).
   */
  private sharedNeeded(query: TrigramQuery): number {
    return Math.max(1, Math.ceil(this.threshold * query.size - 1e-4));
  }

  /** Symptoms or specialities matching in either language, best similarity first, then list order. */
  private searchTerms(
    terms: Term[],
    folded: string,
    lang: 'vi' | 'en',
    score: (t: Int32Array) => number,
    similar: (t: Int32Array) => boolean,
  ): Hit[] {
    const found: { term: Term; position: number; score: number }[] = [];
    terms.forEach((term, position) => {
      const matches =
        term.folded[0].includes(folded) ||
        term.folded[1].includes(folded) ||
        similar(term.trigrams[0]) ||
        similar(term.trigrams[1]);
      if (matches)
        found.push({ term, position, score: Math.max(score(term.trigrams[0]), score(term.trigrams[1])) });
    });
    found.sort((a, b) => b.score - a.score || a.position - b.position);
    return found.slice(0, HITS_PER_TYPE).map((f) => ({ id: f.term.id, name: f.term.name[lang] }));
  }
}

/**
 * Per trigram id, the list positions of the doctors whose names have it (each once, ascending),
 * as views into one typed array: counted first, then filled (no per-name sets or growing lists).
 */
function postingsOf(doctors: Doctor[], size: number): Int32Array[] {
  const counts = new Int32Array(size);
  const seenBy = new Int32Array(size).fill(-1);
  doctors.forEach((d, position) => {
    for (const id of d.trigrams) {
      if (seenBy[id] === position) continue;
      seenBy[id] = position;
      counts[id]!++;
    }
  });
  const data = new Int32Array(counts.reduce((a, b) => a + b, 0));
  const next = new Int32Array(size);
  const lists: Int32Array[] = [];
  for (let id = 0, offset = 0; id < size; offset += counts[id]!, id++) {
    lists.push(data.subarray(offset, offset + counts[id]!));
    next[id] = offset;
  }
  seenBy.fill(-1);
  doctors.forEach((d, position) => {
    for (const id of d.trigrams) {
      if (seenBy[id] === position) continue;
      seenBy[id] = position;
      data[next[id]!++] = position;
    }
  });
  return lists;
}
