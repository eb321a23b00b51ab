import type { Database } from '../../db/database';

/** Code points whose folding is read at start: Latin (with Vietnamese) and combining marks. */
const PRELOADED: [number, number][] = [
  [0x20, 0x24f],
  [0x300, 0x36f],
  [0x1e00, 0x1eff],
];
/** Bound on remembered code points: beyond it, unusual texts fall back to SQL. */
const MAX_KNOWN = 20_000;

/**
 * The database's fold_text (unaccent + lower, migration 001) in the process, exactly: fold_text
 * works character by character (every unaccent rule has a single source character), so the
 * folding of each character is asked from the database once and remembered. A text with
 * characters not seen yet costs one query the first time.
 */
export class TextFolder {
  private readonly folded = new Map<number, string>();
  constructor(private readonly db: Database) {}

  async preload(): Promise<void> {
    if (this.folded.size > 0) return;
    const chars: string[] = [];
    for (const [from, to] of PRELOADED) for (let c = from; c <= to; c++) chars.push(String.fromCodePoint(c));
    await this.learn(chars);
  }

  /** fold_text(text), or undefined when the text has characters that cannot be folded here. */
  async fold(text: string): Promise<string | undefined> {
    const unknown = [...new Set(text)].filter((c) => !this.folded.has(c.codePointAt(0)!));
    if (unknown.length > 0) {
      if (this.folded.size + unknown.length > MAX_KNOWN) return undefined;
      await this.learn(unknown);
    }
    let out = '';
    for (const c of text) out += this.folded.get(c.codePointAt(0)!)!;
    return out;
  }

  private async learn(chars: string[]): Promise<void> {
    const rows = await this.db.anonymous(
      async (sql) =>
        (
          await sql.query<{ c: string; f: string }>(
            'SELECT c, fold_text(c) AS f FROM unnest($1::text[]) AS c',
            [chars],
          )
        ).rows,
    );
    for (const { c, f } of rows) this.folded.set(c.codePointAt(0)!, f);
  }
}
