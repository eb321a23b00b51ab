import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tenantSchemaJson } from './tenant-schema-json';

describe('schemas/tenant.schema.json', () => {
  it('is up to date with schemas/tenant.schema.ts (run `npm run schemas`)', () => {
    expect(readFileSync('schemas/tenant.schema.json', 'utf8')).toBe(tenantSchemaJson());
  });

  it('describes every top-level key', () => {
    const schema = JSON.parse(tenantSchemaJson());
    const undocumented = Object.entries(schema.properties as Record<string, { description?: string }>)
      .filter(([key, value]) => key !== '$schema' && !value.description)
      .map(([key]) => key);
    expect(undocumented).toEqual([]);
  });
});
