import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  FORM_SCHEMAS,
  deepMerge,
  mergeFormSchema,
  type FormOverride,
  type JsonObject,
} from '../../../schemas/forms/merge';
import type { Age } from '../../../schemas/patient-rules';

import type { Choice } from '../../lib/forms/choice-widget';

export type { Choice };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The schema and uiSchema of the patient form: schemas/forms/patient.schema.json merged with the
 * tenant's override (the same mergeFormSchema the server validates with), then presentation only:
 * translated titles, gender radios, relation and address selects, a date input. The account
 * holder ("myself") has no relation, so that field is hidden for them.
 */
export function buildPatientFormSpec(
  override: FormOverride | undefined,
  t: Translate,
  choices: { relationId: Choice[]; addressId: Choice[] },
  options: { isSelf: boolean },
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const { schema, uiSchema: tenantUi } = mergeFormSchema('patient', override);
  const base = FORM_SCHEMAS.patient.properties as Record<string, JsonObject>;
  const properties = { ...(schema.properties as Record<string, JsonObject>) };
  const ui: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    // A title (or description) the tenant did not override is shown in the page language.
    if (property.title === base[name]?.title)
      properties[name] = { ...property, title: t(`family.fields.${name}`, { defaultValue: property.title }) };
    if (property.description && property.description === base[name]?.description)
      properties[name] = { ...properties[name], description: t(`family.hints.${name}`) };
    if (name === 'gender')
      ui[name] = { 'ui:widget': 'radio', 'ui:enumNames': [t('filters.male'), t('filters.female')] };
    else if (name === 'relationId')
      ui[name] = options.isSelf
        ? { 'ui:widget': 'hidden' }
        : {
            'ui:widget': 'choice',
            'ui:options': { choices: choices.relationId, placeholder: t('family.choose') },
          };
    else if (name === 'addressId')
      ui[name] = {
        'ui:widget': 'choice',
        'ui:options': { choices: choices.addressId, placeholder: t('family.choose') },
      };
    else if (name === 'dateOfBirth') ui[name] = { 'ui:widget': 'date' };
    else if (name === 'email')
      ui[name] = { 'ui:options': { inputType: 'email' }, 'ui:autocomplete': 'email' };
    else if (name === 'fullName') ui[name] = { 'ui:autocomplete': 'name' };
    else if (name === 'mobileNumber' || name === 'zaloNumber')
      ui[name] = { 'ui:options': { inputType: 'tel' } };
  }
  ui['ui:order'] = [
    'fullName',
    'gender',
    'dateOfBirth',
    'relationId',
    'idNumber',
    'mobileNumber',
    'zaloNumber',
    'email',
    'addressId',
    '*',
  ];
  ui['ui:submitButtonOptions'] = { norender: true };
  return {
    schema: { ...schema, title: undefined, properties } as RJSFSchema,
    uiSchema: deepMerge(ui, tenantUi) as UiSchema,
  };
}

/** The fields a server error key belongs to (x-message), plus the keys only the server knows. */
export function fieldsOfKey(schema: RJSFSchema, key: string): string[] {
  const extra: Record<string, string> = {
    id_number_exists: 'idNumber',
    dob_in_future: 'dateOfBirth',
    age_below_1000: 'dateOfBirth',
  };
  if (extra[key]) return [extra[key]];
  return Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)
    .filter(([, property]) => property['x-message'] === key)
    .map(([name]) => name);
}

/** "35 years 2 months 3 days" in the page language. */
export function ageText(t: Translate, age: Age | null | undefined): string {
  return age ? t('family.age', { years: age.years, months: age.months, days: age.days }) : '';
}
