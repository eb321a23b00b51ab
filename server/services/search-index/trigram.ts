/**
 * pg_trgm's word similarity, computed in the process with the same results as the database
 * (PostgreSQL 15-17 contrib/pg_trgm, trgm_op.c: generate_trgm_only, calc_word_similarity,
 * iterate_word_similarity, with the default DIVUNION formula). Why a port and not a search
 * library: the header search promises the ranking that the SQL gave (exact tests compare both on
 * thousands of texts, search-index.test.ts), and no library scores "tim mahc" like pg_trgm does.
 *
 * Input is already folded (fold_text): lower case. A trigram is identified by a small integer
 * (see TrigramDictionary), so sets are typed arrays rather than string maps.
 */

/** pg_trgm's word characters: letters and digits (ISWORDCHR = t_isalnum in a UTF-8 ctype). */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The trigrams of a text in order, duplicates kept (generate_trgm_only): each run of word
 * characters is padded as "  word " and cut into every window of three characters.
 */
export function trigramsOf(text: string): string[] {
  const out: string[] = [];
  let word: string[] = [];
  const flush = () => {
    if (word.length === 0) return;
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 2 < padded.length; i++) out.push(padded[i]! + padded[i + 1]! + padded[i + 2]!);
    word = [];
  };
  for (const c of text) {
    if (WORD_CHAR.test(c)) word.push(c);
    else flush();
  }
  flush();
  return out;
}

/** Interns trigrams as integers 0..size-1; ids of unknown trigrams are never stored. */
export class TrigramDictionary {
  private readonly ids = new Map<string, number>();
  get size(): number {
    return this.ids.size;
  }
  /** The id of a trigram, adding it (index build). */
  intern(trigram: string): number {
    let id = this.ids.get(trigram);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(trigram, id);
    }
    return id;
  }
  /** The id of a known trigram, or -1. */
  find(trigram: string): number {
    return this.ids.get(trigram) ?? -1;
  }
}

/**
 * A search text prepared once per query: its distinct trigrams. Trigrams the dictionary does not
 * know match no stored name but still count in the query's size (ulen1).
 */
export interface TrigramQuery {
  /** Distinct known trigram ids. */
  known: Int32Array;
  /** Distinct trigrams, known or not (pg_trgm's ulen1). */
  size: number;
}

export function trigramQuery(dictionary: TrigramDictionary, folded: string): TrigramQuery {
  const distinct = new Set(trigramsOf(folded));
  const known = [...distinct].map((t) => dictionary.find(t)).filter((id) => id >= 0);
  return { known: Int32Array.from(known), size: distinct.size };
}

/** pg_trgm's DIVUNION similarity of a window, as float4. */
function similarity(count: number, ulen1: number, ulen2: number): number {
  return Math.fround(count / (ulen1 + ulen2 - count));
}

/**
 * Scratch state of word-similarity computations over one dictionary: `found` marks the current
 * query's trigrams, `lastpos` is pg_trgm's array of last positions. Both are reset after use, so
 * one scorer serves every query of an index (JavaScript runs one query at a time). Methods, not
 * per-query closures: a search creates no functions (each one costs an allocation, and under tsx
 * a name-keeping call too).
 */
export class WordSimilarityScorer {
  private found: Uint8Array;
  private lastpos: Int32Array;
  /** The query marked by begin() (undefined between queries). */
  private query: TrigramQuery | undefined;
  /** Counts the queries begun: a caller's memo of scores knows which query it holds. */
  queryNumber = 0;
  constructor(dictionarySize: number) {
    this.found = new Uint8Array(dictionarySize);
    this.lastpos = new Int32Array(dictionarySize).fill(-1);
  }

  /** Marks the query's trigrams: score() and shared() answer for it until end(). */
  begin(query: TrigramQuery): void {
    this.end();
    for (const id of query.known) this.found[id] = 1;
    this.query = query;
    this.queryNumber++;
  }

  end(): void {
    if (!this.query) return;
    for (const id of this.query.known) this.found[id] = 0;
    this.query = undefined;
  }

  /**
   * How many of the target's trigrams the query has (repeats included), which bounds the
   * similarity: it is at most shared / query.size.
   */
  shared(target: Int32Array, from: number, to: number): number {
    const { found } = this;
    let n = 0;
    for (let i = from; i < to; i++) n += found[target[i]!]!;
    return n;
  }

  /**
   * word_similarity(query, target) as float4 (iterate_word_similarity without CHECK_ONLY).
   * `target` holds the positional trigram ids of the stored text (trigramsOf, interned) from
   * `from` to `to` (exclusive): many names' trigrams in one array keep a search's reads close.
   */
  score(target: Int32Array, from: number, to: number): number {
    const { found, lastpos } = this;
    const ulen1 = this.query!.size;
    let ulen2 = 0;
    let count = 0;
    let upper = -1;
    let lower = -1;
    let max = 0;
    for (let i = from; i < to; i++) {
      const trg = target[i]!;
      if (lower >= 0 || found[trg]) {
        if (lastpos[trg]! < 0) {
          ulen2++;
          if (found[trg]) count++;
        }
        lastpos[trg] = i;
      }
      if (!found[trg]) continue;
      upper = i;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let cur = similarity(count, ulen1, ulen2);
      // Also try to move the lower bound right for a greater similarity.
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const prevLower = lower;
      for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
        const tmp = similarity(tmpCount, ulen1, tmpUlen2);
        if (tmp > cur) {
          cur = tmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const t = target[tmpLower]!;
        if (lastpos[t] === tmpLower) {
          tmpUlen2--;
          if (found[t]) tmpCount--;
        }
      }
      if (cur > max) max = cur;
      for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
        const t = target[tmpLower]!;
        if (lastpos[t] === tmpLower) lastpos[t] = -1;
      }
    }
    for (let i = from; i < to; i++) lastpos[target[i]!] = -1;
    return max;
  }
}
