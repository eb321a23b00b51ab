import { cpSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaKey } from '../helpers/db-snapshot';

// The migrated test database is reused while its key matches: a changed schema must change the key.
describe('test database snapshot key', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'snapshot-key-'));
  cpSync(path.resolve(import.meta.dirname, '../../server/migrations'), dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the same for the same migrations', () => {
    expect(schemaKey(dir)).toBe(schemaKey());
  });

  it('changes when a migration is added', () => {
    const before = schemaKey(dir);
    writeFileSync(path.join(dir, '999_new_table.sql'), 'CREATE TABLE t (id int);\n');
    expect(schemaKey(dir)).not.toBe(before);
  });

  it('changes when an existing migration is edited', () => {
    const before = schemaKey(dir);
    appendFileSync(path.join(dir, '001_roles_and_tenancy.sql'), '\n-- edited\n');
    expect(schemaKey(dir)).not.toBe(before);
  });
});
