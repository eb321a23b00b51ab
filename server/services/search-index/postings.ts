/**
 * The inverted lists a tenant's search index is built from (tenant-index.ts): per trigram and per
 * three-character window, the list positions of the names that have it, ascending.
 */

/**
 * Per trigram id, the list positions of the doctors whose names have it (each once, ascending),
 * as views into one typed array: counted first, then filled (no per-name sets or growing lists).
 */
export function postingsOf(doctors: { trigrams: Int32Array }[], size: number): Int32Array[] {
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

/** The three-character windows of the folded names and, per window, its names' positions (see TenantSearchIndex.windows). */
export function windowsOf(doctors: { folded: string }[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  doctors.forEach((d, position) => {
    for (let i = 0; i + 3 <= d.folded.length; i++) {
      const window = d.folded.slice(i, i + 3);
      const list = lists.get(window);
      if (!list) lists.set(window, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    }
  });
  return new Map([...lists].map(([window, list]) => [window, Int32Array.from(list)]));
}
