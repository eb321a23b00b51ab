import { invert } from './invert';

/**
 * The doctors' names as words, for counting how many of a query's trigrams each name has
 * (tenant-index.ts, similarDoctors). A name's trigrams are its words' trigrams (pg_trgm pads each
 * word apart, so no trigram spans two words), and names are made of few distinct words (family,
 * middle and given names: about a hundred in 10 000 generated names, some thousands in real
 * ones). So the query's trigrams are first counted per word (a short list per trigram), then each
 * word with a count adds it to the names that have the word: one addition per name and matching
 * word, where per-trigram postings took one per name and matching trigram (measured over 5 000
 * sample texts and 10 000 doctors: 2 700 entries read per search instead of 4 400; and one entry
 * is kept per name and word instead of per name and trigram).
 *
 * The sum over a name's words can exceed its count of distinct trigrams when two of its words
 * share one ("  n" in "nguyen" and "nam"): an upper bound, which is all the search needs.
 */
export class WordPostings {
  /** Per trigram id, how many names have it (each name once). */
  readonly namesWith: Int32Array;
  /** Per trigram id, where its words start in `trigramWords` (one past the dictionary: the end). */
  private readonly trigramWordStart: Int32Array;
  private readonly trigramWords: Int32Array;
  /** Per word id, where its names (list positions, ascending) start in `wordNames`. */
  private readonly wordNameStart: Int32Array;
  private readonly wordNames: Int32Array;
  /** Scratch: per word, the query trigrams it has (reset after use), and the words counted. */
  private readonly wordCounts: Uint16Array;
  private readonly countedWords: Int32Array;

  /**
   * @param nameWords per list position, the distinct word ids of the name
   * @param wordTrigrams per word id, its distinct trigram ids
   */
  constructor(nameWords: Int32Array[], wordTrigrams: Int32Array[], dictionarySize: number) {
    [this.trigramWordStart, this.trigramWords] = invert(wordTrigrams, dictionarySize);
    [this.wordNameStart, this.wordNames] = invert(nameWords, wordTrigrams.length);
    this.namesWith = new Int32Array(dictionarySize);
    const seenBy = new Int32Array(dictionarySize).fill(-1);
    nameWords.forEach((words, position) => {
      for (const word of words)
        for (const id of wordTrigrams[word]!) {
          if (seenBy[id] === position) continue;
          seenBy[id] = position;
          this.namesWith[id]!++;
        }
    });
    this.wordCounts = new Uint16Array(wordTrigrams.length);
    this.countedWords = new Int32Array(wordTrigrams.length);
  }

  /**
   * Adds to `counts[position]` how many of `trigrams` (distinct ids) the name has, at most the
   * sum over its words; each position whose count leaves 0 is appended to `touched` after the
   * first `touchedCount`. Returns the new number of touched positions.
   */
  count(trigrams: ArrayLike<number>, counts: Uint16Array, touched: Int32Array, touchedCount: number): number {
    const { trigramWordStart, trigramWords, wordNameStart, wordNames, wordCounts, countedWords } = this;
    let words = 0;
    for (let t = 0; t < trigrams.length; t++) {
      const id = trigrams[t]!;
      for (let i = trigramWordStart[id]!; i < trigramWordStart[id + 1]!; i++) {
        const word = trigramWords[i]!;
        if (wordCounts[word]!++ === 0) countedWords[words++] = word;
      }
    }
    for (let w = 0; w < words; w++) {
      const word = countedWords[w]!;
      const add = wordCounts[word]!;
      wordCounts[word] = 0;
      for (let i = wordNameStart[word]!; i < wordNameStart[word + 1]!; i++) {
        const position = wordNames[i]!;
        if (counts[position] === 0) touched[touchedCount++] = position;
        counts[position]! += add;
      }
    }
    return touchedCount;
  }
}
