import { describe, expect, it } from 'vitest';
import { FORM_SCHEMAS, mergeFormSchema } from './merge';

describe('mergeFormSchema', () => {
  it('returns the base schema without an override', () => {
    expect(mergeFormSchema('join-doctor', undefined).schema).toBe(FORM_SCHEMAS['join-doctor']);
  });

  it('merges a tenant override deeply, adds required fields and never drops base rules', () => {
    const { schema, uiSchema } = mergeFormSchema('join-hospital', {
      schema: {
        required: ['address'],
        additionalProperties: true,
        properties: { address: { minLength: 10 }, name: { title: 'Tên bệnh viện' } },
      },
      uiSchema: { aboutUs: { 'ui:widget': 'textarea' } },
    });
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(schema.required).toEqual(
      expect.arrayContaining(['name', 'userName', 'image', 'license', 'address']),
    );
    expect(schema.additionalProperties).toBe(false);
    expect(properties.address).toMatchObject({ type: 'string', minLength: 10, maxLength: 300 });
    expect(properties.name).toMatchObject({ title: 'Tên bệnh viện', minLength: 6 });
    expect(uiSchema).toEqual({ aboutUs: { 'ui:widget': 'textarea' } });
    expect((FORM_SCHEMAS['join-hospital'].properties as Record<string, object>).address).not.toHaveProperty(
      'minLength',
    );
  });
});
