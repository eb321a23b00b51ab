import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { enterAppRole, enterTenant, enterTenantRead, type Database, type Sql } from './database';

/** The contrib extensions every PGlite database loads (the migrations create them). */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, btree_gist };

/**
 * Embedded PostgreSQL (PGlite, WebAssembly). PGlite's single user is a superuser, so each
 * transaction switches to the app role with SET LOCAL ROLE; PGlite runs one transaction at a time.
 * @param dataDir a folder to persist to, or undefined for an in-memory database
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  return pgliteDatabase(await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS }));
}

/** The Database interface over an open PGlite (tests also keep the PGlite to dump its data). */
export function pgliteDatabase(db: PGlite): Database {
  const asSql = (tx: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    query: async (text, params) => tx.query(text, params as unknown[]),
    script: async (text) => {
      await tx.exec(text);
    },
  });
  return {
    kind: 'pglite',
    poolStats: () => ({}),
    exclusive: (_name, fn) => fn(),
    replicaReads: () => ({}),
    tenant: (tenantId, fn) =>
      db.transaction(async (tx) => {
        await tx.query(enterTenant, [tenantId]);
        return fn(asSql(tx));
      }),
    // One embedded database, no replica: public reads run here too, read-only.
    reads: 'primary',
    tenantRead: (tenantId, fn) =>
      db.transaction(async (tx) => {
        await tx.query(enterTenantRead, [tenantId]);
        return fn(asSql(tx));
      }),
    fenceReads: () => undefined,
    anonymous: (fn) =>
      db.transaction(async (tx) => {
        await tx.query(enterAppRole);
        return fn(asSql(tx));
      }),
    owner: (fn) => db.transaction(async (tx) => fn(asSql(tx))),
    exec: async (script) => {
      await db.exec(script);
    },
    executeSql: async (text, values) => {
      try {
        if (values && values.length > 0) return { rows: (await db.query(text, values)).rows as never };
        return { rows: (await db.exec(text)).flatMap((result) => result.rows) as never };
      } catch (error) {
        await db.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    // One embedded session: it never breaks, and it hears its own notices at commit.
    listen: async (channel, handlers) => {
      const stop = await db.listen(channel, handlers.notify);
      handlers.connected();
      return () => stop();
    },
    close: () => db.close(),
  };
}
