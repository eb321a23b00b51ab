/**
 * Inverts lists of ids (entry i has the ids lists[i], each once) into, per id below `size`, the
 * entries that have it, ascending: offsets (size + 1) into one data array, so id k's entries are
 * data[start[k]] .. data[start[k + 1] - 1] (no array object per id).
 */
export function invert(lists: ArrayLike<number>[], size: number): [start: Int32Array, data: Int32Array] {
  const start = new Int32Array(size + 1);
  for (const ids of lists) for (let i = 0; i < ids.length; i++) start[ids[i]! + 1]!++;
  for (let id = 0; id < size; id++) start[id + 1]! += start[id]!;
  const data = new Int32Array(start[size]!);
  const next = start.slice(0, size);
  lists.forEach((ids, entry) => {
    for (let i = 0; i < ids.length; i++) data[next[ids[i]!]!++] = entry;
  });
  return [start, data];
}
