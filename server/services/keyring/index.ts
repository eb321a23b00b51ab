import { randomBytes } from 'node:crypto';
import type { Database, Sql } from '../../db/database';
import { masterKey, unwrap, wrap } from './master';
import { KEY_PURPOSES, LEGACY_KID, legacyKeys, type KeyPurpose } from './purposes';

export { changeMasterSecret } from './change-secret';
export { KEY_PURPOSES, LEGACY_KID, legacyKeys, RETIRABLE_PURPOSES, type KeyPurpose } from './purposes';

/**
 * Keys that can rotate (ARCHITECTURE.md "Keys"). One key per purpose, each with a key id carried
 * by what it produced (the JWT `kid` header, a `kid.` prefix on stored hashes and ciphertexts).
 * New tokens and values use the purpose's current key; any key still in the ring verifies and
 * decrypts. Key id '0' is the key derived from JWT_SECRET as before rotation existed: it stays in
 * the ring, so tokens and values without a key id keep working. When JWT_SECRET itself changes
 * (`keys change-secret`), the key 0 of the old secret is stored in the table, where it can be
 * retired like any other key.
 */
export interface Key {
  kid: string;
  material: Buffer;
}

/** Keys of a purpose, current first. */
export type KeySet = Record<KeyPurpose, Key[]>;

interface Row {
  kid: string;
  purpose: KeyPurpose;
  material: string;
}

/**
 * Reads the ring (as the owner): table keys newest first, then the key 0 of each purpose derived
 * from JWT_SECRET, unless the table holds that purpose's key 0 (kept from an earlier secret, or
 * retired).
 */
export async function readKeySet(db: Database, jwtSecret: string): Promise<KeySet> {
  const master = masterKey(jwtSecret);
  // One read: the readable keys, and every key 0 (a retired one too: it replaces the derived one).
  const { rows: all } = await db.owner((sql) =>
    sql.query<Row & { retired: boolean }>(
      `SELECT kid, purpose, material, retired_at IS NOT NULL AS retired FROM keyring
       WHERE retired_at IS NULL OR kid = $1 ORDER BY created_at DESC, kid DESC`,
      [LEGACY_KID],
    ),
  );
  const rows = all.filter((r) => !r.retired);
  const stored = all.filter((r) => r.kid === LEGACY_KID);
  const legacy = legacyKeys(jwtSecret);
  const set = {} as KeySet;
  for (const purpose of KEY_PURPOSES) {
    set[purpose] = rows
      .filter((r) => r.purpose === purpose)
      .map((r) => {
        try {
          return { kid: r.kid, material: unwrap(master, r.kid, r.material) };
        } catch {
          throw new Error(
            `keyring: key ${r.kid} does not open with this JWT_SECRET (the keyring's master secret changed?)`,
          );
        }
      });
    if (!stored.some((r) => r.purpose === purpose)) {
      set[purpose].push({ kid: LEGACY_KID, material: legacy[purpose] });
    }
  }
  return set;
}

/** Adds a new current key for every purpose (as the owner, in `sql`'s transaction); answers their ids. */
export async function addKeys(sql: Sql, jwtSecret: string, now: Date): Promise<Record<KeyPurpose, string>> {
  const master = masterKey(jwtSecret);
  const added = {} as Record<KeyPurpose, string>;
  for (const purpose of KEY_PURPOSES) {
    const kid = randomBytes(6).toString('hex');
    await sql.query(`INSERT INTO keyring (kid, purpose, material, created_at) VALUES ($1, $2, $3, $4)`, [
      kid,
      purpose,
      wrap(master, kid, randomBytes(32)),
      now,
    ]);
    added[purpose] = kid;
  }
  return added;
}

/**
 * Retires the keys of these purposes older than their `keep` newest: they no longer verify or
 * decrypt. Key 0 counts as the oldest key of its purpose; retiring the one derived from JWT_SECRET
 * stores it in the table as retired, so it is no longer added to the ring. Answers how many keys
 * it retired.
 */
export async function retireOldKeys(
  sql: Sql,
  jwtSecret: string,
  keep: number,
  purposes: readonly KeyPurpose[],
  now: Date,
): Promise<number> {
  const master = masterKey(jwtSecret);
  const legacy = legacyKeys(jwtSecret);
  let retired = 0;
  for (const purpose of purposes) {
    const { rows } = await sql.query(
      `INSERT INTO keyring (kid, purpose, material, created_at, retired_at)
       SELECT $1, $2, $3, to_timestamp(0), $5
       WHERE (SELECT count(*) FROM keyring WHERE purpose = $2 AND retired_at IS NULL) >= $4
       ON CONFLICT (purpose, kid) DO NOTHING RETURNING kid`,
      [LEGACY_KID, purpose, wrap(master, LEGACY_KID, legacy[purpose]), keep, now],
    );
    retired += rows.length;
  }
  const { rows } = await sql.query<{ kid: string }>(
    `UPDATE keyring SET retired_at = $2 WHERE retired_at IS NULL AND (purpose, kid) IN (
       SELECT purpose, kid FROM (
         SELECT purpose, kid, row_number() OVER (PARTITION BY purpose ORDER BY created_at DESC, kid DESC) AS n
         FROM keyring WHERE retired_at IS NULL AND purpose IN (SELECT jsonb_array_elements_text($3::jsonb))) ranked
       WHERE n > $1)
     RETURNING kid`,
    [keep, now, JSON.stringify(purposes)],
  );
  return retired + rows.length;
}

/**
 * The ring a server process holds. It is read at start and again when a stored value (or, at
 * most every 10 s, a token) names a key id it does not know: another process's rotation then reaches this
 * one without a restart. `refresh()` also picks up a new current key for signing and writing.
 */
export interface Keyring {
  current(purpose: KeyPurpose): Key;
  /** Every key of the purpose still readable, current first. */
  all(purpose: KeyPurpose): Key[];
  /** The key with this id, reading the ring again once when it is not known. */
  find(purpose: KeyPurpose, kid: string): Promise<Key | undefined>;
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** The channel `keys rotate` notifies (after its commit): every server process reads the ring again. */
export const KEYRING_CHANNEL = 'keyring_changed';

const RELOAD_AT_MOST_EVERY_MS = 10_000;

/**
 * The ring of a server process. With `listen`, a rotation made by an operator command reaches it
 * at once through NOTIFY; without (or while the listening session is down), an unknown key id
 * still makes it read the ring again, and a new current key is picked up at the next such read.
 */
export function createKeyring(
  db: Database,
  jwtSecret: string,
  options: { listen?: boolean; onError?(error: unknown): void } = {},
): Keyring & { open(): Promise<void> } {
  let set: KeySet | null = null;
  let lastRead = 0;
  let stop: (() => Promise<void>) | null = null;
  const loaded = () => {
    if (!set) throw new Error('keyring: used before it was opened (app.ready)');
    return set;
  };
  const refresh = async () => {
    set = await readKeySet(db, jwtSecret);
    lastRead = Date.now();
  };
  const reread = () => void refresh().catch((error: unknown) => options.onError?.(error));
  const lookup = (purpose: KeyPurpose, kid: string) => loaded()[purpose].find((k) => k.kid === kid);
  return {
    // Opened when the app is ready, after the start-up migrations created the table.
    async open() {
      await refresh();
      if (options.listen && !stop) {
        stop = await db.listen(KEYRING_CHANNEL, {
          notify: reread,
          // Notices sent while the session was down are lost: read the ring again on reconnecting.
          connected: reread,
          lost: () => {},
        });
      }
    },
    current: (purpose) => loaded()[purpose][0]!,
    all: (purpose) => loaded()[purpose],
    async find(purpose, kid) {
      const known = lookup(purpose, kid);
      // A token's kid is the caller's to choose: unknown ones re-read at most every 10 s. Stored
      // hashes and ciphertexts come from the database, so their key ids always re-read.
      const throttled = purpose === 'access-token' && Date.now() - lastRead < RELOAD_AT_MOST_EVERY_MS;
      if (known || throttled) return known;
      await refresh();
      return lookup(purpose, kid);
    },
    refresh,
    close: async () => {
      await stop?.();
      stop = null;
    },
  };
}

/** A fixed ring (an operator command's view after its own rotation): it never reads again. */
export function fixedKeyring(set: KeySet): Keyring {
  return {
    current: (purpose) => set[purpose][0]!,
    all: (purpose) => set[purpose],
    find: async (purpose, kid) => set[purpose].find((k) => k.kid === kid),
    refresh: async () => {},
    close: async () => {},
  };
}
