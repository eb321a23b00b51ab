import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-db';

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  await migrate(db);
  await db.owner((sql) =>
    sql.query(`INSERT INTO tenants (code, name_vi, name_en) VALUES ('alpha', 'A', 'A'), ('beta', 'B', 'B')`),
  );
  await db.tenant('alpha', (sql) =>
    sql.query(`INSERT INTO specialities (name_vi, name_en) VALUES ('Tim mạch', 'Cardiology')`),
  );
  await db.tenant('beta', (sql) =>
    sql.query(`INSERT INTO specialities (name_vi, name_en) VALUES ('Nhi khoa', 'Paediatrics')`),
  );
});

afterAll(() => test?.dispose());

describe(`row-level security on ${testDbKind()}`, () => {
  it('forces RLS with a tenant policy on every table that has a tenant_id column', async () => {
    const { rows } = await db.owner((sql) =>
      sql.query<{ table_name: string; rls: boolean; forced: boolean; policies: number }>(`
        SELECT c.relname AS table_name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
               (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
        WHERE c.relkind IN ('r', 'p')`),
    );
    expect(rows.length).toBeGreaterThan(20);
    const unprotected = rows.filter((r) => !r.rls || !r.forced || r.policies < 1).map((r) => r.table_name);
    expect(unprotected).toEqual([]);
  });

  it('finds a tenant’s rows of every such table through one index leading with tenant_id', async () => {
    // Per table: the whole-table indexes whose first column is tenant_id, and how many columns each has.
    const { rows } = await db.owner((sql) =>
      sql.query<{ table_name: string; columns: number[] }>(`
        SELECT c.relname AS table_name,
               coalesce(array_agg(i.indnatts::int) FILTER (WHERE i.indexrelid IS NOT NULL), '{}') AS columns
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        JOIN pg_attribute t ON t.attrelid = c.oid AND t.attname = 'tenant_id' AND NOT t.attisdropped
        LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indpred IS NULL
          AND i.indkey[0] = t.attnum
        WHERE c.relkind IN ('r', 'p')
        GROUP BY c.relname`),
    );
    expect(rows.length).toBeGreaterThan(20);
    // None without one (RLS filters every query by tenant_id), and no (tenant_id) index beside a
    // longer one that already serves it: every write would update it for nothing.
    expect(rows.filter((r) => r.columns.length === 0).map((r) => r.table_name)).toEqual([]);
    const redundant = rows.filter((r) => r.columns.includes(1) && r.columns.some((n) => n > 1));
    expect(redundant.map((r) => r.table_name)).toEqual([]);
  });

  it('runs requests as a role that is not a superuser, has no BYPASSRLS and owns no table', async () => {
    const { rows } = await db.owner((sql) =>
      sql.query<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(
        `SELECT rolsuper, rolbypassrls,
                (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
         FROM pg_roles r WHERE rolname = $1`,
        [APP_ROLE],
      ),
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
    const { rows: who } = await db.tenant('alpha', (sql) =>
      sql.query<{ u: string }>('SELECT current_user AS u'),
    );
    expect(who[0]!.u).toBe(APP_ROLE);
  });

  it('shows a query that forgets the tenant no rows at all', async () => {
    const { rows } = await db.anonymous((sql) => sql.query('SELECT * FROM specialities'));
    expect(rows).toEqual([]);
  });

  it('shows each tenant only its own rows', async () => {
    const names = async (tenant: string) =>
      (
        await db.tenant(tenant, (sql) => sql.query<{ name_en: string }>('SELECT name_en FROM specialities'))
      ).rows.map((r) => r.name_en);
    expect(await names('alpha')).toEqual(['Cardiology']);
    expect(await names('beta')).toEqual(['Paediatrics']);
  });

  it('refuses writes into another tenant and leaves its rows untouched', async () => {
    await expect(
      db.tenant('alpha', (sql) =>
        sql.query(`INSERT INTO specialities (tenant_id, name_vi, name_en) VALUES ('beta', 'x', 'x')`),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await db.tenant('alpha', (sql) =>
      sql.query(`UPDATE specialities SET name_en = 'hacked' WHERE tenant_id = 'beta' RETURNING 1`),
    );
    expect(updated.rows).toEqual([]);
    const deleted = await db.tenant('alpha', (sql) =>
      sql.query(`DELETE FROM specialities WHERE tenant_id = 'beta' RETURNING 1`),
    );
    expect(deleted.rows).toEqual([]);
    await expect(
      db.tenant('alpha', (sql) => sql.query(`UPDATE specialities SET tenant_id = 'beta' RETURNING 1`)),
    ).rejects.toThrow(/row-level security/);
    const beta = await db.tenant('beta', (sql) =>
      sql.query<{ name_en: string }>('SELECT name_en FROM specialities'),
    );
    expect(beta.rows.map((r) => r.name_en)).toEqual(['Paediatrics']);
  });

  it('keeps the tenant setting inside its transaction only', async () => {
    await db.tenant('alpha', (sql) => sql.query('SELECT 1'));
    const { rows } = await db.anonymous((sql) =>
      sql.query<{ t: string | null }>(`SELECT current_setting('app.tenant_id', true) AS t`),
    );
    expect(rows[0]!.t ?? '').toBe('');
  });

  it('lets the app role read global reference tables but not change them', async () => {
    await expect(db.anonymous((sql) => sql.query('SELECT count(*) FROM languages'))).resolves.toBeTruthy();
    await expect(db.anonymous((sql) => sql.query(`DELETE FROM languages`))).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      db.anonymous((sql) =>
        sql.query(`INSERT INTO tenants (code, name_vi, name_en) VALUES ('evil', 'e', 'e')`),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
