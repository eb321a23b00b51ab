import { Validator, type Schema } from '@cfworker/json-schema';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { inapplicableFields, withoutInapplicable } from '../../../schemas/forms/conditions';
import {
  FORM_SCHEMAS,
  deepMerge,
  mergeFormSchema,
  type FormOverride,
  type JsonObject,
} from '../../../schemas/forms/merge';
import type { Choice } from '../../lib/forms/choice-widget';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Field order of the spec's claim (section 3); a tenant's added questions follow. */
const ORDER = [
  'insuranceCompanyId',
  'insuredName',
  'policyNumber',
  'dateOfBirth',
  'idNumber',
  'eventDate',
  'providerName',
  'claimAmount',
  'reason',
  '*',
];

/** Whether answers satisfy an `if` sub-schema, with the eval-free validator (CSP). */
export function matchesCondition(schema: JsonObject, data: Record<string, unknown>): boolean {
  return new Validator(schema as Schema, '7', false).validate(data).valid;
}

/** The answers without those to conditional questions that do not apply (as the server drops them). */
export const applicableAnswers = (schema: JsonObject, data: Record<string, unknown>) =>
  withoutInapplicable(schema, data, matchesCondition);

/**
 * The claim form a tenant shows: schemas/forms/insurance-claim.schema.json merged with the
 * tenant's `forms['insurance-claim']` (the same mergeFormSchema the server validates with), minus
 * the conditional questions that do not apply to the current answers (a tenant's `allOf` `if`/
 * `then`: "accident?" -> date and place), so they appear, and are required, only when they apply.
 * Presentation only besides: titles in the page language (a tenant field's `x-title` {vi, en}),
 * the company select, date inputs, a long text for the reason.
 */
export function buildClaimFormSpec(
  override: FormOverride | undefined,
  t: Translate,
  language: string,
  companies: Choice[],
  answers: Record<string, unknown>,
): { schema: RJSFSchema; uiSchema: UiSchema; merged: JsonObject } {
  const { schema: merged, uiSchema: tenantUi } = mergeFormSchema('insurance-claim', override);
  const base = FORM_SCHEMAS['insurance-claim'].properties as Record<string, JsonObject>;
  const hidden = new Set(inapplicableFields(merged, answers, matchesCondition));
  const properties: Record<string, JsonObject> = {};
  const ui: JsonObject = {};
  for (const [name, property] of Object.entries(merged.properties as Record<string, JsonObject>)) {
    if (hidden.has(name)) continue;
    const titles = property['x-title'] as Record<string, string> | undefined;
    const title =
      titles?.[language] ??
      (property.title === base[name]?.title
        ? t(`fields.${name}`, { defaultValue: property.title as string })
        : property.title);
    properties[name] = { ...property, title };
    if (name === 'insuranceCompanyId')
      ui[name] = { 'ui:widget': 'choice', 'ui:options': { choices: companies, placeholder: t('choose') } };
    else if (property.format === 'date') ui[name] = { 'ui:widget': 'date' };
    else if (name === 'reason') ui[name] = { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } };
    else if (name === 'claimAmount') ui[name] = { 'ui:options': { inputType: 'number' } };
    else if (property.type === 'boolean')
      ui[name] = { 'ui:widget': 'yesNo', 'ui:options': { yesNoLabels: [t('yes'), t('no')] } };
  }
  ui['ui:order'] = ORDER;
  ui['ui:submitButtonOptions'] = { norender: true };
  return {
    schema: { ...merged, title: undefined, properties } as RJSFSchema,
    uiSchema: deepMerge(ui, tenantUi) as UiSchema,
    merged,
  };
}

/** The fields a server error key belongs to (x-message), plus the keys only the server knows. */
export function fieldsOfKey(schema: RJSFSchema, key: string): string[] {
  const extra: Record<string, string> = { event_date_in_future: 'eventDate', dob_in_future: 'dateOfBirth' };
  if (extra[key]) return [extra[key]];
  return Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)
    .filter(([, property]) => property['x-message'] === key)
    .map(([name]) => name);
}
