import pg from 'pg';

/**
 * Runs `fn` while holding the advisory lock `name` for the whole PostgreSQL cluster of
 * `connectionString`, on a connection of its own: every process and host that starts against
 * the database queues here, one after the other. Session-level (not a transaction held open in
 * the pool), so `fn` may use every pooled connection, even with a pool of one, and a process that
 * dies mid-way frees the lock with its connection.
 */
export async function withSessionLock<T>(
  connectionString: string,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  // A lost connection unlocks by itself; its error must not crash the process meanwhile.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}
