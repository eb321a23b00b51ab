import { TenantConfig } from './tenant.schema';

type Node = { [key: string]: unknown };

/** Keys with a default are filled in at load time, so an editor must not demand them. */
function optionalizeDefaults(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as Node;
  const properties = schema.properties as Record<string, Node> | undefined;
  if (properties && Array.isArray(schema.required)) {
    schema.required = (schema.required as string[]).filter((key) => properties[key]?.default === undefined);
    if ((schema.required as string[]).length === 0) delete schema.required;
  }
  for (const value of Object.values(schema)) {
    if (Array.isArray(value)) value.forEach(optionalizeDefaults);
    else optionalizeDefaults(value);
  }
}

/** The tenant schema as the JSON file operators' editors validate tenant.json against. */
export function tenantSchemaJson(): string {
  const body = JSON.parse(JSON.stringify(TenantConfig));
  optionalizeDefaults(body);
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://songkhoe.example/schemas/tenant.schema.json',
    title: 'Tenant configuration (tenants/<code>/tenant.json)',
    ...body,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
