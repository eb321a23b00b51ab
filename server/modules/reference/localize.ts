import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { LanguageCode } from '../../../schemas/tenant.schema';

/**
 * The language names are returned in: the `languageId` (or spec-cased `LanguageId`) query
 * parameter when given (1 English, 2 Vietnamese), else the request language that the tenant
 * plugin resolved from x-accept-language and the tenant default.
 */
export function replyLanguage(request: FastifyRequest, languageId?: number): LanguageCode {
  if (languageId === 1) return 'en';
  if (languageId === 2) return 'vi';
  return request.lang;
}

/** Optional language id query parameters (spec: Relations?languageId, GetContent?LanguageId). */
export const LanguageIdQuery = {
  languageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  LanguageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
};

/** The language id a query asks for, whichever casing the client used. */
export const queryLanguageId = (query: { languageId?: number; LanguageId?: number }) =>
  query.languageId ?? query.LanguageId;

/**
 * The column of a bilingual pair for a language: localized('name', 'en') -> 'name_en'. The
 * result is spliced into SQL; it is safe because both parts come from closed sets, never from input.
 */
export const localized = (
  column: 'name' | 'description' | 'title' | 'subtitle' | 'content' | 'biography' | 'about' | 'devices',
  lang: LanguageCode,
) => `${column}_${lang}` as const;
