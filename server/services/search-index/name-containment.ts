/**
 * Which of a list of folded names contain a text, in list order, and how many start with it: the
 * doctors' names (tenant-index.ts: the header search's first tier and FilterDoctors' name
 * filter) and the symptoms' and specialities' names (term-list.ts).
 */
export class NameContainment {
  /**
   * Every folded name in list order, one per line: finding the names that contain a short text
   * is one native indexOf walk instead of a call per name. `positionAt` maps a character offset
   * to its name's list position, `starts` a position to its first character.
   */
  private readonly haystack: string;
  private readonly positionAt: Int32Array;
  private readonly starts: Int32Array;
  /**
   * Per three-character window of the folded names (spaces included), the list positions of the
   * names that have it, ascending: a name contains a text of three or more characters only if it
   * has each of the text's windows.
   */
  private readonly windows: Map<string, Int32Array>;
  /** Every text of one or two characters that some name contains (and ''). */
  private readonly shortWindows: Set<string>;
  /** The folded names sorted (code unit order): counting the names that start with a text. */
  private readonly sorted: string[];

  constructor(private readonly names: string[]) {
    this.haystack = names.join('\n');
    this.positionAt = new Int32Array(this.haystack.length + 1);
    this.starts = new Int32Array(names.length + 1);
    let offset = 0;
    names.forEach((name, position) => {
      this.starts[position] = offset;
      this.positionAt.fill(position, offset, offset + name.length + 1);
      offset += name.length + 1;
    });
    this.starts[names.length] = offset;
    const windows = new Map<string, number[]>();
    this.shortWindows = new Set(['']);
    names.forEach((name, position) => {
      for (let i = 0; i < name.length; i++) {
        this.shortWindows.add(name[i]!);
        if (i + 1 < name.length) this.shortWindows.add(name.slice(i, i + 2));
        if (i + 3 > name.length) continue;
        const window = name.slice(i, i + 3);
        const list = windows.get(window);
        if (!list) windows.set(window, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      }
    });
    this.windows = new Map([...windows].map(([window, list]) => [window, Int32Array.from(list)]));
    this.sorted = [...names].sort();
  }

  /**
   * Calls `visit` with the list position of each name that contains `folded` (a text without
   * line breaks), ascending, until it returns false. (A callback, not a generator: this loop runs
   * thousands of times per search for a common text.)
   */
  forEach(folded: string, visit: (position: number) => boolean): void {
    if (folded.length >= 3) {
      // The names of the two rarest windows (merged, both ascend) are the only ones to check.
      let rarest: Int32Array | undefined;
      let second: Int32Array | undefined;
      for (let i = 0; i + 3 <= folded.length; i++) {
        const names = this.windows.get(folded.slice(i, i + 3));
        // A window no name has: no name contains the text.
        if (!names) return;
        if (!rarest || names.length < rarest.length) [rarest, second] = [names, rarest];
        else if (names !== rarest && (!second || names.length < second.length)) second = names;
      }
      const { names } = this;
      for (let i = 0, j = 0; i < rarest!.length; i++) {
        const position = rarest![i]!;
        if (second) {
          while (j < second.length && second[j]! < position) j++;
          if (j === second.length) return;
          if (second[j] !== position) continue;
        }
        if (names[position]!.includes(folded) && !visit(position)) return;
      }
      return;
    }
    // One or two characters: one native indexOf walk over all names (when any has them).
    if (!this.shortWindows.has(folded)) return;
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

  /** How many names start with `folded` (two binary searches). */
  countStartingWith(folded: string): number {
    // Every name starting with the text sorts before the text followed by the highest code unit.
    return lowerBound(this.sorted, folded + '\uffff') - lowerBound(this.sorted, folded);
  }
}

/** The first index of a sorted list whose entry is not below `key` (code unit order). */
function lowerBound(sorted: string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}
