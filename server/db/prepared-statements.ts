import { createHash } from 'node:crypto';

/**
 * Named prepared statements for request transactions on PostgreSQL. A statement with parameters
 * gets a name derived from its text, so each pooled connection parses and plans it once and later
 * runs skip straight to Bind/Execute: a booking's dozen statements stop paying a parse and a plan
 * each. The name is a hash of the text, so one text always has one name on every connection and
 * two texts never share one.
 *
 * Bounded: a connection keeps every statement it prepared until it closes, so only the first
 * MAX_NAMED distinct texts a pool sees are remembered and named (the application's statements are a few
 * hundred fixed texts; a text built from input, such as a search with a variable number of
 * filters, has few shapes). Beyond the bound a statement runs unnamed, as before.
 *
 * A deploy migrates while older processes still run. A prepared statement whose result columns
 * change under it fails once ("cached plan must not change result type"): `SELECT *` of a table
 * that gained a column would, so a statement that selects `*` is never named; a column whose type
 * a migration changes fails the one request that meets it, and that connection is then dropped.
 */
const MAX_NAMED = 2000;
/** `SELECT *`, `t.*` or `RETURNING *` (not `count(*)`). */
const SELECTS_STAR = /(^|[\s,(])(\w+\.)?\*\s*(,|from\b|$)/i;

/** The namer of one pool: the prepared statement name of a text, or undefined when it runs unnamed. */
export function statementNamer(max = MAX_NAMED) {
  // Every text seen, with its name or null (runs unnamed): a booking's dozen statements are looked
  // up, not matched against SELECTS_STAR and hashed again, on every run.
  const seen = new Map<string, string | null>();
  return (text: string, values: readonly unknown[] | undefined): string | undefined => {
    // Without parameters pg sends the simple protocol (scripts, BEGIN, COMMIT): nothing to prepare.
    if (!values || values.length === 0) return undefined;
    const known = seen.get(text);
    if (known !== undefined) return known ?? undefined;
    if (seen.size >= max) return undefined;
    const name = SELECTS_STAR.test(text) ? null : `sk_${createHash('sha1').update(text).digest('base64url')}`;
    seen.set(text, name);
    return name ?? undefined;
  };
}

/** PostgreSQL's refusal of a prepared statement whose result columns changed (see above). */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}
