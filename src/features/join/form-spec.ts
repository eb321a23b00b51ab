import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  FORM_SCHEMAS,
  deepMerge,
  mergeFormSchema,
  type FormId,
  type FormOverride,
  type JsonObject,
} from '../../../schemas/forms/merge';
import { isUploadFolder } from './upload-rules';

import type { Choice } from '../../lib/forms/choice-widget';

export type { Choice };

type Translate = (key: string, options?: Record<string, unknown>) => string;

const LONG_TEXT = new Set(['biography', 'aboutUs', 'address']);

/**
 * The schema and uiSchema a tenant's join form renders: the shared base merged with the tenant's
 * override (the same mergeFormSchema the server validates with), then presentation only —
 * translated titles, widgets for uploads, long texts, gender, languages and id choices.
 */
export function buildFormSpec(
  formId: FormId,
  override: FormOverride | undefined,
  t: Translate,
  choices: { cityId?: Choice[]; specialityId?: Choice[] },
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const { schema, uiSchema: tenantUi } = mergeFormSchema(formId, override);
  const base = FORM_SCHEMAS[formId].properties as Record<string, JsonObject>;
  const properties = { ...(schema.properties as Record<string, JsonObject>) };
  const ui: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    // A title the tenant did not override is shown in the page language.
    if (property.title === base[name]?.title) {
      properties[name] = { ...property, title: t(`join.fields.${name}`, { defaultValue: property.title }) };
    }
    const items = property.items as JsonObject | undefined;
    if (isUploadFolder(property['x-upload']) || isUploadFolder(items?.['x-upload']))
      ui[name] = { 'ui:widget': 'upload' };
    else if (LONG_TEXT.has(name)) ui[name] = { 'ui:widget': 'textarea', 'ui:options': { rows: 5 } };
    else if (name === 'gender')
      ui[name] = { 'ui:widget': 'radio', 'ui:enumNames': [t('filters.male'), t('filters.female')] };
    else if (name === 'languages')
      ui[name] = {
        'ui:widget': 'checkboxes',
        'ui:enumNames': ['English', 'Tiếng Việt'],
        items: { 'ui:enumNames': ['English', 'Tiếng Việt'] },
      };
    else if (name === 'cityId' || name === 'specialityId')
      ui[name] = {
        'ui:widget': 'choice',
        'ui:options': { choices: choices[name] ?? [], placeholder: t('join.choose') },
      };
    else if (name === 'email')
      ui[name] = { 'ui:options': { inputType: 'email' }, 'ui:autocomplete': 'email' };
    else if (/Number$/.test(name) && name !== 'licenseNumber')
      ui[name] = { 'ui:options': { inputType: 'tel' } };
  }
  ui['ui:submitButtonOptions'] = { submitText: t('join.submit') };
  return {
    schema: { ...schema, title: undefined, properties } as RJSFSchema,
    uiSchema: deepMerge(ui, tenantUi) as UiSchema,
  };
}

/** The fields a server error key belongs to (the fields whose x-message is that key). */
export function fieldsOfMessage(schema: RJSFSchema, key: string): string[] {
  return Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)
    .filter(([, property]) => property['x-message'] === key)
    .map(([name]) => name);
}
