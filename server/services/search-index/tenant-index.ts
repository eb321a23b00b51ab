import type { Sql } from '../../db/database';
import { postingsOf, windowsOf } from './postings';
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
    this.counts = new Uint16Array(doctors.length);
    this.touched = new Int32Array(doctors.length);
    this.order = new Int32Array(doctors.length);
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
    this.windows = windowsOf(doctors);
  }
  /**
   * Every folded doctor name in list order, one per line: finding the names that contain a text
   * is one native indexOf walk instead of a call per name. `positionAt` maps a character offset
   * to its doctor's list position, `starts` a position to its first character.
   */
  private readonly haystack: string;
  /**
   * Per three-character window of the folded names (spaces included), the list positions of the
   * names that have it, ascending: a name contains a text of three or more characters only if it
   * has each of the text's windows, so the rarest window's names are the only ones to check.
   */
  private readonly windows: Map<string, Int32Array>;
  private readonly positionAt: Int32Array;
  private readonly starts: Int32Array;
  private readonly scorer: WordSimilarityScorer;
  /** Scratch: per list position, how many of the query's trigrams the name has (reset after use). */
  private readonly counts: Uint16Array;
  /** Scratch: the positions a search touched, then the candidates grouped by count. */
  private readonly touched: Int32Array;
  private readonly order: Int32Array;

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
    this.containing(folded, (position) => containing.push(this.doctors[position]!.id) > 0);
    if (containing.length > 0) return containing;
    const query = trigramQuery(this.dictionary, folded);
    return this.scorer.withQuery(query, (score) =>
      this.similarDoctors(query, score, () => true).map((c) => this.doctors[c.position]!.id),
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
    this.containing(folded, (position) => {
      const doctor = this.doctors[position]!;
      const prefix = doctor.folded.startsWith(folded);
      const worst = top.length === HITS_PER_TYPE ? top[HITS_PER_TYPE - 1]! : undefined;
      if (worst && worst.prefix && !prefix) return true;
      // Similarity is at most shared / query size: skip names that could not beat the worst kept.
      if (
        worst &&
        worst.prefix === prefix &&
        Math.fround(shared(doctor.trigrams) / query.size) <= worst.score
      )
        return true;
      const candidate = { position, prefix, score: score(doctor.trigrams) };
      if (worst && !better(candidate, worst)) return true;
      let at = top.length - (worst ? 1 : 0);
      if (worst) top.pop();
      while (at > 0 && better(candidate, top[at - 1]!)) at--;
      top.splice(at, 0, candidate);
      const last = top[HITS_PER_TYPE - 1];
      return !(last && last.prefix && last.score >= 1);
    });
    const hits = top.map((t) => this.doctors[t.position]!);
    if (hits.length < HITS_PER_TYPE) {
      const missing = HITS_PER_TYPE - hits.length;
      const similar = this.similarDoctors(query, score, (d) => !d.folded.includes(folded), missing);
      for (const c of similar) hits.push(this.doctors[c.position]!);
    }
    return hits.map((d) => ({ id: d.id, name: d.name }));
  }

  /**
   * Calls `visit` with the list position of each doctor whose folded name contains `folded` (a
   * text without line breaks), ascending, until it returns false. (A callback, not a generator:
   * this loop runs thousands of times per search for a common text.)
   */
  private containing(folded: string, visit: (position: number) => boolean): void {
    if (folded.length >= 3) {
      let rarest: Int32Array | undefined;
      for (let i = 0; i + 3 <= folded.length; i++) {
        const names = this.windows.get(folded.slice(i, i + 3));
        // A window no name has: no name contains the text.
        if (!names) return;
        if (!rarest || names.length < rarest.length) rarest = names;
      }
      for (let i = 0; i < rarest!.length; i++) {
        const position = rarest![i]!;
        if (this.doctors[position]!.folded.includes(folded) && !visit(position)) return;
      }
      return;
    }
    // One or two characters: one native indexOf walk over all names.
    const { haystack, positionAt, starts } = this;
    for (let at = haystack.indexOf(folded); at >= 0 && at < haystack.length;) {
      const position = positionAt[at]!;
      if (!visit(position)) return;
      const next = starts[position + 1]!;
      // (An empty text is found at every offset, also at the very end: stop after the last name.)
      if (next > haystack.length) return;
      at = haystack.indexOf(folded, next);
    }
  }

  /**
   * Doctors with word_similarity(query, name) >= threshold, best first (then list position), at
   * most `limit`. A name sharing c of the query's n distinct trigrams has a similarity of at most
   * c / n, so only names sharing `needed` can pass. The postings of the query's trigrams are
   * counted into `counts` (one pass over typed arrays, c per name); the names are then taken by
   * c, highest first, each group in list order, and scored. With `limit` names kept, a group whose
   * bound c / n cannot beat the last one kept ends the search: for a typo of a common family name
   * ("nguyyen") five scores answer instead of thousands.
   */
  private similarDoctors(
    query: TrigramQuery,
    score: (t: Int32Array) => number,
    keep: (d: Doctor) => boolean,
    limit = Infinity,
  ): { position: number; score: number }[] {
    if (query.size === 0 || limit <= 0) return [];
    const needed = this.sharedNeeded(query);
    if (query.known.length < needed) return [];
    // With a limit, the longest postings (trigrams of common names: "  n", "en ") are left out
    // of the count: a name sharing `needed` still has `least` of the others, and a group's bound
    // grows by the lists left out. Every name is still considered; fewer are counted.
    const lists = [...query.known].sort((a, b) => this.postings[a]!.length - this.postings[b]!.length);
    const skipped =
      limit === Infinity
        ? 0
        : Math.min(
            needed - 1,
            lists.filter((id) => this.postings[id]!.length * 4 > this.doctors.length).length,
          );
    const least = needed - skipped;
    // Scratch typed arrays of the index: no allocation per search (a search is synchronous).
    const { counts, touched, order } = this;
    let touchedCount = 0;
    for (const id of lists.slice(0, lists.length - skipped)) {
      const names = this.postings[id]!;
      for (let i = 0; i < names.length; i++) {
        const position = names[i]!;
        if (counts[position]!++ === 0) touched[touchedCount++] = position;
      }
    }
    // The positions with count >= needed, ascending within each count, highest count first
    // (a counting sort into `order`). Many names touched: walking every position costs less
    // than sorting the touched ones.
    const everyPosition = touchedCount * 8 > counts.length;
    const walk = everyPosition ? counts.length : touchedCount;
    if (!everyPosition) touched.subarray(0, touchedCount).sort();
    const top = lists.length - skipped;
    const sizes = new Int32Array(top + 2);
    for (let i = 0; i < walk; i++) {
      const c = counts[everyPosition ? i : touched[i]!]!;
      if (c >= least) sizes[c]!++;
    }
    const starts = new Int32Array(top + 2);
    for (let c = top - 1; c >= least; c--) starts[c] = starts[c + 1]! + sizes[c + 1]!;
    const next = starts.slice();
    for (let i = 0; i < walk; i++) {
      const position = everyPosition ? i : touched[i]!;
      const c = counts[position]!;
      counts[position] = 0;
      if (c >= least) order[next[c]!++] = position;
    }
    const found: { position: number; score: number }[] = [];
    const before = (a: { position: number; score: number }, b: { position: number; score: number }) =>
      a.score > b.score || (a.score === b.score && a.position < b.position);
    for (let c = top; c >= least; c--) {
      // The bound of the group, rounded to float4 as scores are.
      const bound = Math.fround(Math.min(1, (c + skipped) / query.size));
      for (let i = starts[c]!; i < starts[c]! + sizes[c]!; i++) {
        const position = order[i]!;
        const last = found.length === limit ? found[limit - 1]! : undefined;
        // Positions ascend: once the bound cannot beat the last one kept, no later name can.
        if (last && !before({ position, score: bound }, last)) break;
        const doctor = this.doctors[position]!;
        if (!keep(doctor)) continue;
        const candidate = { position, score: score(doctor.trigrams) };
        if (candidate.score < this.threshold || (last && !before(candidate, last))) continue;
        if (last) found.pop();
        let at = found.length;
        while (at > 0 && before(candidate, found[at - 1]!)) at--;
        found.splice(at, 0, candidate);
      }
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
