import { writeFileSync } from 'node:fs';
import { tenantSchemaJson } from '../schemas/tenant-schema-json';

/** Writes schemas/tenant.schema.json (for editors and operators) from the TypeBox source. */
writeFileSync('schemas/tenant.schema.json', tenantSchemaJson());
console.log('wrote schemas/tenant.schema.json');
