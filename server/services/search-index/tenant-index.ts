import type { Sql } from '../../db/database';
import { NameContainment } from './name-containment';
import { insertRanked, ranksBefore, type Candidate } from './ranked-doctors';
import { WordPostings } from './word-postings';
import { TermList, type Hit, type Term } from './term-list';
import {
  TrigramDictionary,
  trigramQuery,
  trigramsOf,
  WordSimilarityScorer,
  type TrigramQuery,
} from './trigram';

/** Results per type, as the SQL search gave (the header dropdown shows a few of each). */
export const HITS_PER_TYPE = 5;
/** Doctors listed in the catalogue (the directory module's APPROVED). */
const APPROVED = 1;
/** Names interned between two yields to the event loop while building. */
const BUILD_SLICE = 1000;
/** Separators of pg_trgm words (anything but letters and digits, see trigram.ts). */
const NON_WORD = /[^\p{L}\p{N}]+/u;

interface Doctor {
  id: number;
  name: string;
  folded: string;
  /** 1-based place in the doctor list's default order (FilterDoctors by rating, see load). */
  listed: number;
}

export type { Hit } from './term-list';

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
    /** Per list position, the positional trigram ids of the folded name. */
    trigramsByName: Int32Array[],
    private readonly symptoms: TermList,
    private readonly specialities: TermList,
    private readonly dictionary: TrigramDictionary,
    /** The names as words: how many names have a trigram, and the count of a query's trigrams per name. */
    private readonly words: WordPostings,
    private readonly threshold: number,
  ) {
    this.scorer = new WordSimilarityScorer(dictionary.size);
    this.counts = new Uint16Array(doctors.length);
    this.touched = new Int32Array(doctors.length);
    this.order = new Int32Array(doctors.length);
    this.names = new NameContainment(doctors.map((d) => d.folded));
    this.trigramStart = new Int32Array(doctors.length + 1);
    trigramsByName.forEach(
      (ids, position) => (this.trigramStart[position + 1] = this.trigramStart[position]! + ids.length),
    );
    this.trigrams = new Int32Array(this.trigramStart[doctors.length]!);
    trigramsByName.forEach((ids, position) => this.trigrams.set(ids, this.trigramStart[position]!));
    const distinct = new Map<string, number>();
    this.nameIds = Int32Array.from(doctors, (d) => {
      let id = distinct.get(d.folded);
      if (id === undefined) distinct.set(d.folded, (id = distinct.size));
      return id;
    });
    this.scores = new Float32Array(distinct.size);
    this.scoredIn = new Float64Array(distinct.size).fill(-1);
    this.byListing = new Int32Array(doctors.length);
    doctors.forEach((d, position) => (this.byListing[d.listed - 1] = position));
    this.picked = new Uint8Array(doctors.length);
  }
  /** The positions in the doctor list's default order (rating DESC, rating_count DESC, doctor_id). */
  private readonly byListing: Int32Array;
  /** Scratch: the positions a FilterDoctors text matched (reset after use). */
  private readonly picked: Uint8Array;
  /**
   * Every name's positional trigram ids, in list order, one array: name p's are `trigrams` from
   * `trigramStart[p]` to `trigramStart[p + 1]`. Groups are scored in list order, so a search
   * reads forward through one block of memory (measured: a separate array per name spent more
   * time fetching each name's ids than scoring them).
   */
  private readonly trigrams: Int32Array;
  private readonly trigramStart: Int32Array;
  /** Per list position, the number of its folded name among the distinct ones (scoreOf). */
  private readonly nameIds: Int32Array;
  /** Scratch: per distinct name, its score for the query numbered `scoredIn` (scoreOf). */
  private readonly scores: Float32Array;
  private readonly scoredIn: Float64Array;
  /** Which names contain a text. */
  private readonly names: NameContainment;
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
    // `listed`: the place in FilterDoctors' default order, computed by the database itself, so
    // that the index pages a name search exactly as the SQL does (doctor-list-repository).
    const doctors = await sql.query<Doctor>(
      `SELECT doctor_id AS id, full_name AS name, search_name AS folded,
              row_number() OVER (ORDER BY rating DESC, rating_count DESC, doctor_id)::int AS listed
         FROM doctors
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
    const trigramsByName: Int32Array[] = [];
    // The doctors' distinct words, numbered, and each name's (WordPostings).
    const doctorWords = new Map<string, number>();
    const nameWords: Int32Array[] = [];
    for (let i = 0; i < doctors.rows.length; i += BUILD_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const r of doctors.rows.slice(i, i + BUILD_SLICE)) {
        doctorList.push(r);
        trigramsByName.push(intern(r.folded));
        const ids = new Set<number>();
        for (const word of r.folded.split(NON_WORD)) {
          if (word === '') continue;
          let id = doctorWords.get(word);
          if (id === undefined) doctorWords.set(word, (id = doctorWords.size));
          ids.add(id);
        }
        nameWords.push(Int32Array.from(ids));
      }
    }
    const wordTrigramIds = [...doctorWords.keys()].map((word) =>
      Int32Array.from(new Set(wordTrigrams.get(word))),
    );
    const symptomTerms = symptoms.rows.map(toTerm);
    const specialityTerms = specialities.rows.map(toTerm);
    // Every trigram is interned by now: the word postings and the scorer cover the whole dictionary.
    return new TenantSearchIndex(
      doctorList,
      trigramsByName,
      new TermList(symptomTerms, dictionary.size),
      new TermList(specialityTerms, dictionary.size),
      dictionary,
      new WordPostings(nameWords, wordTrigramIds, dictionary.size),
      Number(threshold.rows[0]!.t),
    );
  }

  /** The header search for a folded text, names in `lang`. */
  search(folded: string, lang: 'vi' | 'en'): SearchHits {
    const query = trigramQuery(this.dictionary, folded);
    this.scorer.begin(query);
    try {
      const terms = {
        folded,
        known: query.known,
        needed: this.sharedNeeded(query),
        threshold: this.threshold,
        scorer: this.scorer,
      };
      return {
        doctors: this.searchDoctors(folded, query),
        symptoms: this.symptoms.search(terms, lang, HITS_PER_TYPE),
        specialities: this.specialities.search(terms, lang, HITS_PER_TYPE),
      };
    } finally {
      this.scorer.end();
    }
  }

  /**
   * The approved doctors whose names match the folded text as FilterDoctors' name filter does:
   * every name containing it, or, when none does, every name similar enough (a typo). In the
   * doctor list's default order (rating DESC, rating_count DESC, doctor_id), so that a search
   * by name alone is paged here and SQL only reads the cards of one page.
   */
  matchingDoctorIds(folded: string): number[] {
    const positions: number[] = [];
    this.names.forEach(folded, (position) => positions.push(position) > 0);
    if (positions.length === 0) {
      const query = trigramQuery(this.dictionary, folded);
      this.scorer.begin(query);
      try {
        this.everySimilarDoctor(query, positions);
      } finally {
        this.scorer.end();
      }
    }
    return this.inListingOrder(positions);
  }

  /**
   * Appends to `positions` every doctor with word_similarity(query, name) >= threshold, unranked
   * (the caller puts them in list order). Why not similarDoctors without a limit: ranking every
   * match meant inserting each into a sorted list, quadratic in the matches, and a typo of a
   * common family name ("nguyen vn") matches about 2 000 of 10 000 names: 1.5 ms of one thread
   * per request. Only names counted to at least `least` can reach the threshold (countShared).
   */
  private everySimilarDoctor(query: TrigramQuery, positions: number[]): void {
    if (query.size === 0) return;
    const needed = this.sharedNeeded(query);
    if (query.known.length < needed) return;
    const { touchedCount, least } = this.countShared(query, needed);
    const { counts, touched } = this;
    for (let i = 0; i < touchedCount; i++) {
      const position = touched[i]!;
      const shared = counts[position]!;
      counts[position] = 0;
      if (shared >= least && this.scoreOf(position) >= this.threshold) positions.push(position);
    }
  }

  /**
   * Counts into `counts` (WordPostings: per word, then per name, an upper bound) how many of the
   * query's trigrams each name has, leaving out the commonest (of common names: "  n", "en "): a
   * name sharing `needed` still has `least` of the others, and a count's bound grows by the
   * `skipped` lists left out. Every name is still considered; fewer are counted (for the typos of
   * the bench's texts, 10 000 doctors: half the names touched, a search 25 % faster, though a
   * third more names are scored). The caller resets the counts of the `touchedCount` positions
   * in `touched`. Scratch typed arrays of the index: no allocation per search (a search is
   * synchronous).
   */
  private countShared(query: TrigramQuery, needed: number) {
    const { namesWith } = this.words;
    const lists = Array.from(query.known).sort((a, b) => namesWith[a]! - namesWith[b]!);
    let skipped = 0;
    for (let i = lists.length - 1; i >= 0 && skipped < needed - 1; i--)
      if (namesWith[lists[i]!]! * 4 > this.doctors.length) skipped++;
    const counted = lists.length - skipped;
    const touchedCount = this.words.count(lists.slice(0, counted), this.counts, this.touched, 0);
    return { touchedCount, least: needed - skipped, skipped, counted };
  }

  /**
   * The ids of `positions` in the listing order: few are sorted by their place; many (a common
   * family name matches thousands) are marked, then picked up by one walk through the list.
   */
  private inListingOrder(positions: number[]): number[] {
    const { doctors, byListing, picked } = this;
    if (positions.length * 16 < doctors.length)
      return positions.sort((a, b) => doctors[a]!.listed - doctors[b]!.listed).map((p) => doctors[p]!.id);
    for (const position of positions) picked[position] = 1;
    const ids: number[] = [];
    for (let i = 0; ids.length < positions.length && i < byListing.length; i++) {
      const position = byListing[i]!;
      if (picked[position] === 0) continue;
      picked[position] = 0;
      ids.push(doctors[position]!.id);
    }
    return ids;
  }

  private searchDoctors(folded: string, query: TrigramQuery): Hit[] {
    // Names containing the text, best first: starts with it, then similarity, then list position
    // (rating DESC, id). Positions ascend, so a later name only enters by a strictly better
    // (prefix, similarity); once the list is full of names scoring the best any name can and no
    // name starting with the text is still to come (they are counted beforehand), nothing can.
    const { scorer } = this;
    const top: Candidate[] = [];
    let prefixesLeft = this.names.countStartingWith(folded);
    // No name scores over shareable / size: it has at most the query trigrams that some doctor's
    // name has (the dictionary also holds the symptoms' and specialities' trigrams).
    let shareable = 0;
    for (const id of query.known) if (this.words.namesWith[id]! > 0) shareable++;
    const best = query.size === 0 ? 0 : Math.fround(Math.min(1, shareable / query.size));
    this.names.forEach(folded, (position) => {
      const doctor = this.doctors[position]!;
      const prefix = doctor.folded.startsWith(folded);
      if (prefix) prefixesLeft--;
      const worst = top.length === HITS_PER_TYPE ? top[HITS_PER_TYPE - 1]! : undefined;
      if (worst && worst.prefix && !prefix) return true;
      // Similarity is at most shared / query size: skip names that could not beat the worst kept.
      if (
        worst &&
        worst.prefix === prefix &&
        Math.fround(
          scorer.shared(this.trigrams, this.trigramStart[position]!, this.trigramStart[position + 1]!) /
            query.size,
        ) <= worst.score
      )
        return true;
      const candidate = { position, prefix, score: this.scoreOf(position) };
      if (worst && !ranksBefore(candidate, worst)) return true;
      if (worst) top.pop();
      insertRanked(top, candidate);
      const last = top[HITS_PER_TYPE - 1];
      return !(last && last.score >= best && (last.prefix || prefixesLeft === 0));
    });
    const hits = top.map((t) => this.doctors[t.position]!);
    if (hits.length < HITS_PER_TYPE) {
      // Names containing the text are taken already (when there are any: a typo has none).
      const excluded = hits.length > 0 ? folded : undefined;
      const similar = this.similarDoctors(query, excluded, HITS_PER_TYPE - hits.length);
      for (const c of similar) hits.push(this.doctors[c.position]!);
    }
    return hits.map((d) => ({ id: d.id, name: d.name }));
  }

  /**
   * Doctors with word_similarity(query, name) >= threshold, best first (then list position), at
   * most `limit`, leaving out names that contain `excluded` (the header search has taken those).
   * A name sharing c of the query's n distinct trigrams has a similarity of at most c / n, so
   * only names sharing `needed` can pass. The query's trigrams are counted per name
   * (countShared); the names touched are then grouped by c and taken highest c first, each group
   * in list order, and scored. With `limit` names kept, a group whose bound c / n cannot beat the
   * last one kept ends the search: for a typo of a
   * common family name ("nguyyen") five scores answer instead of thousands. Only the positions
   * touched are walked, and a group is sorted only when the search reaches it. (Measured against
   * prefix filtering, which reads the rarest postings first and counts each name met through its
   * own trigrams: that is slower, since a typo rarely has five names over the threshold and
   * the search then reads nearly every list anyway.)
   */
  private similarDoctors(query: TrigramQuery, excluded: string | undefined, limit: number): Candidate[] {
    if (query.size === 0 || limit <= 0) return [];
    const needed = this.sharedNeeded(query);
    if (query.known.length < needed) return [];
    const { touchedCount, least, skipped, counted: top } = this.countShared(query, needed);
    const { counts, touched, order } = this;
    // The touched positions with count >= least into `order`, grouped by count, highest first
    // (a counting sort), resetting the counts.
    const sizes = new Int32Array(top + 2);
    // (A count is an upper bound that may exceed the lists counted, see WordPostings: capped.)
    for (let i = 0; i < touchedCount; i++) {
      const c = Math.min(top, counts[touched[i]!]!);
      if (c >= least) sizes[c]!++;
    }
    const starts = new Int32Array(top + 2);
    for (let c = top - 1; c >= least; c--) starts[c] = starts[c + 1]! + sizes[c + 1]!;
    const next = starts.slice();
    for (let i = 0; i < touchedCount; i++) {
      const position = touched[i]!;
      const c = Math.min(top, counts[position]!);
      counts[position] = 0;
      if (c >= least) order[next[c]!++] = position;
    }
    const found: Candidate[] = [];
    for (let c = top; c >= least; c--) {
      // The bound of the group, rounded to float4 as scores are; lower groups bound lower.
      const bound = Math.fround(Math.min(1, (c + skipped) / query.size));
      const kept = found.length === limit ? found[limit - 1]! : undefined;
      if (kept && bound < kept.score) break;
      const group = order.subarray(starts[c]!, starts[c]! + sizes[c]!).sort();
      for (let i = 0; i < group.length; i++) {
        const position = group[i]!;
        const last = found.length === limit ? found[limit - 1]! : undefined;
        // Positions ascend: once the bound cannot beat the last one kept, no later name can.
        if (last && !(bound > last.score || (bound === last.score && position < last.position))) break;
        const doctor = this.doctors[position]!;
        if (excluded !== undefined && doctor.folded.includes(excluded)) continue;
        const candidate = { position, prefix: false, score: this.scoreOf(position) };
        if (candidate.score < this.threshold || (last && !ranksBefore(candidate, last))) continue;
        if (last) found.pop();
        insertRanked(found, candidate);
      }
    }
    return found;
  }

  /**
   * The current query's score of a doctor's name, computed once per distinct name: namesakes
   * ("Nguyễn Văn An") are common, and a typo of a common name scores thousands of them.
   */
  private scoreOf(position: number): number {
    const name = this.nameIds[position]!;
    if (this.scoredIn[name] === this.scorer.queryNumber) return this.scores[name]!;
    this.scoredIn[name] = this.scorer.queryNumber;
    const { trigrams, trigramStart } = this;
    return (this.scores[name] = this.scorer.score(
      trigrams,
      trigramStart[position]!,
      trigramStart[position + 1]!,
    ));
  }

  /**
   * The fewest query trigrams a name must share to reach the threshold: similarity is at most
   * shared / query.size (the margin keeps float rounding on the safe side: more candidates).
   */
  private sharedNeeded(query: TrigramQuery): number {
    return Math.max(1, Math.ceil(this.threshold * query.size - 1e-4));
  }
}
