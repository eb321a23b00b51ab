import { invert } from './invert';
import { NameContainment } from './name-containment';
import type { WordSimilarityScorer } from './trigram';

/** A symptom or speciality, searchable by its name in either language. */
export interface Term {
  id: number;
  name: { vi: string; en: string };
  /** Folded names, Vietnamese then English. */
  folded: [string, string];
  trigrams: [Int32Array, Int32Array];
}

export interface Hit {
  id: number;
  name: string;
}

/** The query of the current search, as the header search prepared it. */
export interface TermQuery {
  folded: string;
  /** Distinct known trigram ids of the text. */
  known: Int32Array;
  /** The fewest of them a name must share to reach the threshold. */
  needed: number;
  threshold: number;
  /** Marked with the query (begin() called). */
  scorer: WordSimilarityScorer;
}

/**
 * One tenant's symptoms or specialities for the header search, in list order (sort_order, id): a
 * term matches when either of its names contains the folded text or is similar enough to it, and
 * matches rank by their better similarity, then list order (the SQL search's rule).
 *
 * Every search runs this for two lists of about a hundred terms. Asking each of the 2 x 100 names
 * in turn (contains? shares enough trigrams?) cost a fifth of a search, so the names that contain
 * the text come from NameContainment (as the doctors' do), and the names sharing enough trigrams
 * from a count over the query trigrams' postings; only those are scored.
 */
export class TermList {
  /** Every folded name, entry 2 * term + language (0 vi, 1 en): which contain the text. */
  private readonly names: NameContainment;
  /** Per trigram id, where its entries start in `entries` (one past the dictionary: the end). */
  private readonly offsets: Int32Array;
  /** Per trigram, the entries whose names have it (each once). */
  private readonly entries: Int32Array;
  /** Scratch: per entry, how many of the query's trigrams its name has (reset after use). */
  private readonly counts: Uint16Array;
  /** Scratch: per term, its name contains the text (reset after use). */
  private readonly containing: Uint8Array;

  constructor(
    private readonly terms: Term[],
    dictionarySize: number,
  ) {
    this.names = new NameContainment(terms.flatMap((t) => t.folded));
    [this.offsets, this.entries] = invert(
      terms.flatMap((t) => t.trigrams.map((ids) => [...new Set(ids)])),
      dictionarySize,
    );
    this.counts = new Uint16Array(2 * terms.length);
    this.containing = new Uint8Array(terms.length);
  }

  get length(): number {
    return this.terms.length;
  }

  search(query: TermQuery, lang: 'vi' | 'en', limit: number): Hit[] {
    const { counts, containing, entries, offsets, terms } = this;
    const { scorer } = query;
    this.names.forEach(query.folded, (entry) => {
      containing[entry >> 1] = 1;
      return true;
    });
    for (const id of query.known)
      for (let i = offsets[id]!; i < offsets[id + 1]!; i++) counts[entries[i]!]!++;
    const found: { term: Term; position: number; score: number }[] = [];
    for (let position = 0; position < terms.length; position++) {
      const vi = counts[2 * position]!;
      const en = counts[2 * position + 1]!;
      const contains = containing[position] === 1;
      if (!contains && vi < query.needed && en < query.needed) continue;
      const term = terms[position]!;
      // A name sharing fewer than `needed` trigrams scores below the threshold: not scored.
      const viScore =
        contains || vi >= query.needed ? scorer.score(term.trigrams[0], 0, term.trigrams[0].length) : 0;
      const enScore =
        contains || en >= query.needed ? scorer.score(term.trigrams[1], 0, term.trigrams[1].length) : 0;
      const score = Math.max(viScore, enScore);
      if (contains || score >= query.threshold) found.push({ term, position, score });
    }
    counts.fill(0);
    containing.fill(0);
    found.sort((a, b) => b.score - a.score || a.position - b.position);
    return found.slice(0, limit).map((f) => ({ id: f.term.id, name: f.term.name[lang] }));
  }
}
