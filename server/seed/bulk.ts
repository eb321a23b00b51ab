import type { Sql } from '../db/database';

/** PostgreSQL element types used by the seed's bulk inserts. */
export type ColumnType = 'int' | 'bigint' | 'text' | 'bool' | 'numeric' | 'timestamptz' | 'smallint';

/** A column of a bulk insert: name and element type. */
export type Column = readonly [name: string, type: ColumnType];

/**
 * Inserts many rows in one statement: each column travels as one array parameter and
 * `unnest` turns them back into rows. One round trip and a handful of parameters whatever the
 * row count, which keeps seeding fast on PGlite and far below PostgreSQL's 65 535-parameter limit.
 */
export async function bulkInsert(
  sql: Sql,
  table: string,
  columns: readonly Column[],
  rows: readonly (readonly unknown[])[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const arrays = columns.map((_, index) => rows.map((row) => row[index] ?? null));
  const names = columns.map(([name]) => name).join(', ');
  const unnest = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  await sql.query(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest})`, arrays);
  return rows.length;
}

/**
 * Takes `count` values from the identity sequence of table.column. Rows inserted with these
 * explicit ids never collide with ids the sequence hands out later (ids are global across
 * tenants), and the seed knows every id up front to build link tables without RETURNING.
 */
export async function reserveIds(sql: Sql, table: string, column: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql.query<{ id: string | number }>(
    `SELECT nextval(pg_get_serial_sequence($1, $2)) AS id FROM generate_series(1, $3::int)`,
    [table, column, count],
  );
  return rows.map((row) => Number(row.id));
}
