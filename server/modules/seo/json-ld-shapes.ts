import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Test support: small JSON Schemas of the JSON-LD objects we publish, after schema.org and the
 * structured-data guidelines of the big search engines (required properties, absolute URLs,
 * ISO dates, positions from 1). `checkJsonLd` throws with ajv's messages on a wrong shape.
 */
const url = { type: 'string', format: 'uri', pattern: '^https?://' } as const;
const text = { type: 'string', minLength: 1 } as const;
const postalAddress = {
  type: 'object',
  required: ['@type', 'addressCountry'],
  properties: {
    '@type': { const: 'PostalAddress' },
    streetAddress: text,
    addressLocality: text,
    addressCountry: { const: 'VN' },
  },
  additionalProperties: false,
} as const;
const context = { const: 'https://schema.org' } as const;

const facility = (withContext: boolean) =>
  ({
    type: 'object',
    required: [...(withContext ? ['@context'] : []), '@type', 'name', 'url', 'address'],
    properties: {
      '@context': context,
      '@type': { enum: ['Hospital', 'MedicalClinic'] },
      name: text,
      url,
      image: url,
      telephone: text,
      address: postalAddress,
    },
    additionalProperties: false,
  }) as const;

/** A schema.org list (`ItemList`, `BreadcrumbList`): ListItems numbered from 1. */
const listOf = (type: string, item: { required: string[]; properties: Record<string, object> }) => ({
  type: 'object',
  required: ['@context', '@type', 'itemListElement'],
  properties: {
    '@context': context,
    '@type': { const: type },
    itemListElement: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: item.required,
        properties: {
          '@type': { const: 'ListItem' },
          position: { type: 'integer', minimum: 1 },
          ...item.properties,
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
});

export const SHAPES: Record<string, object> = {
  MedicalOrganization: {
    type: 'object',
    required: ['@context', '@type', '@id', 'name', 'url', 'logo'],
    properties: {
      '@context': context,
      '@type': { const: 'MedicalOrganization' },
      '@id': url,
      name: text,
      legalName: text,
      description: text,
      url,
      logo: url,
      telephone: text,
      email: { type: 'string', format: 'email' },
      address: postalAddress,
      sameAs: { type: 'array', items: url, minItems: 1 },
    },
    additionalProperties: false,
  },
  Physician: {
    type: 'object',
    required: ['@context', '@type', '@id', 'name', 'url', 'image', 'medicalSpecialty'],
    properties: {
      '@context': context,
      '@type': { const: 'Physician' },
      '@id': url,
      name: text,
      honorificPrefix: text,
      url,
      image: url,
      description: text,
      medicalSpecialty: { type: 'array', items: text, minItems: 1 },
      knowsLanguage: { type: 'array', items: text },
      hospitalAffiliation: {
        type: 'array',
        items: {
          type: 'object',
          required: ['@type', 'name'],
          properties: { '@type': { enum: ['Hospital', 'MedicalClinic'] }, name: text },
          additionalProperties: false,
        },
      },
      address: postalAddress,
      aggregateRating: {
        type: 'object',
        required: ['@type', 'ratingValue', 'ratingCount', 'bestRating', 'worstRating'],
        properties: {
          '@type': { const: 'AggregateRating' },
          ratingValue: { type: 'number', minimum: 1, maximum: 5 },
          ratingCount: { type: 'integer', minimum: 1 },
          bestRating: { const: 5 },
          worstRating: { const: 1 },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  Hospital: facility(true),
  MedicalClinic: facility(true),
  ItemList: listOf('ItemList', {
    required: ['@type', 'position', 'item'],
    properties: { item: facility(false) },
  }),
  Article: {
    type: 'object',
    required: ['@context', '@type', 'headline', 'datePublished', 'author', 'publisher', 'mainEntityOfPage'],
    properties: {
      '@context': context,
      '@type': { const: 'Article' },
      headline: { type: 'string', minLength: 1, maxLength: 110 },
      description: text,
      image: { type: 'array', items: url, minItems: 1 },
      datePublished: { type: 'string', format: 'date-time' },
      author: {
        type: 'object',
        required: ['@type', 'name'],
        properties: { '@type': { const: 'Person' }, name: text },
        additionalProperties: false,
      },
      publisher: {
        type: 'object',
        required: ['@type', '@id', 'name'],
        properties: { '@type': { const: 'MedicalOrganization' }, '@id': url, name: text },
        additionalProperties: false,
      },
      mainEntityOfPage: url,
      articleSection: text,
    },
    additionalProperties: false,
  },
  BreadcrumbList: listOf('BreadcrumbList', {
    required: ['@type', 'position', 'name', 'item'],
    properties: { name: text, item: url },
  }),
};

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const validators = Object.fromEntries(
  Object.entries(SHAPES).map(([type, schema]) => [type, ajv.compile(schema)]),
);

/** Checks one JSON-LD object against the shape of its @type; returns the type. */
export function checkJsonLd(data: unknown): string {
  const type = (data as { '@type'?: unknown })?.['@type'];
  const validate = typeof type === 'string' ? validators[type] : undefined;
  if (!validate) throw new Error(`JSON-LD of unknown @type ${JSON.stringify(type)}`);
  if (!validate(data))
    throw new Error(`${type}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(data)}`);
  return type as string;
}
