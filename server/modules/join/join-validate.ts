import type { JsonObject } from '../../../schemas/forms/merge';

/** The upload fields of a form schema: field name -> upload folder (x-upload), arrays included. */
export function uploadFields(schema: JsonObject): Map<string, { folder: string; many: boolean }> {
  const out = new Map<string, { folder: string; many: boolean }>();
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)) {
    const items = property.items as JsonObject | undefined;
    const folder = property['x-upload'] ?? items?.['x-upload'];
    if (typeof folder === 'string') out.set(name, { folder, many: property.type === 'array' });
  }
  return out;
}
