/**
 * The header search's short ranked list of doctors (tenant-index.ts keeps HITS_PER_TYPE of them):
 * a name found is inserted in place, so the list is ranked at every step and the search can stop
 * once nothing left to read could enter it.
 */
export interface Candidate {
  position: number;
  /** The name starts with the text (ranks first in the header search). */
  prefix: boolean;
  score: number;
}

/** The header search's order: starts with the text, then similarity, then list position. */
export function ranksBefore(a: Candidate, b: Candidate): boolean {
  if (a.prefix !== b.prefix) return a.prefix;
  return a.score > b.score || (a.score === b.score && a.position < b.position);
}

/** Inserts a candidate into a ranked list (a few entries). */
export function insertRanked(list: Candidate[], candidate: Candidate): void {
  let at = list.length;
  while (at > 0 && ranksBefore(candidate, list[at - 1]!)) at--;
  list.splice(at, 0, candidate);
}
