import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { conditionalQuestions, inapplicableFields, withoutInapplicable } from './conditions';
import { FORM_SCHEMAS, deepMerge, mergeFormSchema, type JsonObject } from './merge';

const matches = (schema: JsonObject, data: Record<string, unknown>) =>
  new Validator(schema as Schema, '7', false).validate(data).valid;

const accident = {
  schema: {
    required: ['idNumber'],
    properties: { wasAccident: { type: 'boolean' }, accidentDate: { type: 'string', format: 'date' } },
    allOf: [
      {
        if: { properties: { wasAccident: { const: true } }, required: ['wasAccident'] },
        then: { required: ['accidentDate'] },
      },
    ],
  },
};

describe('insurance-claim form merge and conditions', () => {
  it('is registered and a tenant adds fields, requirements and allOf conditions without dropping the base', () => {
    const base = { ...FORM_SCHEMAS['insurance-claim'], allOf: [{ if: { required: ['reason'] }, then: {} }] };
    const { schema } = mergeFormSchema('insurance-claim', accident);
    expect(schema.required).toEqual(
      expect.arrayContaining(['insuranceCompanyId', 'claimAmount', 'idNumber']),
    );
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties as object)).toEqual(
      expect.arrayContaining(['reason', 'wasAccident']),
    );
    expect(schema.allOf).toEqual(accident.schema.allOf);
    // allOf lists are appended, so a tenant's conditions never replace the base's.
    const withBase = deepMerge({ ...FORM_SCHEMAS['insurance-claim'], allOf: base.allOf }, accident.schema);
    expect(withBase.allOf).toEqual([...base.allOf, ...accident.schema.allOf]);
  });

  it('finds the conditional questions and drops answers to those that do not apply', () => {
    const { schema } = mergeFormSchema('insurance-claim', accident);
    expect(conditionalQuestions(schema)).toEqual([
      { condition: accident.schema.allOf[0]!.if, fields: ['accidentDate'] },
    ]);
    expect(inapplicableFields(schema, { wasAccident: true }, matches)).toEqual([]);
    expect(inapplicableFields(schema, {}, matches)).toEqual(['accidentDate']);
    expect(
      withoutInapplicable(schema, { wasAccident: false, accidentDate: '2026-01-01', reason: 'x' }, matches),
    ).toEqual({ wasAccident: false, reason: 'x' });
    expect(conditionalQuestions(FORM_SCHEMAS['insurance-claim'])).toEqual([]);
  });
});
