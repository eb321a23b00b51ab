import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Banner, Content, Promotional, Testimonial } from '../../../schemas/catalogue';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { languageIdOf } from '../../plugins/tenant';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { enabledFeatures } from '../catalogue/index';
import { findContent, listBanners, listPromotionals, listTestimonials } from './home-repository';

/** Home-page sections (banners, promotionals, testimonials) and the four content pages. */
export const homeRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['catalogue'];
  const query = Type.Object(LanguageIdQuery);
  const localizedList = (summary: string) => ({ tags, summary, querystring: query });

  app.get(
    '/Banners',
    { schema: { ...localizedList('Home-page banners'), response: { 200: Envelope(Type.Array(Banner)) } } },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(
        await db.tenantRead(request.tenant.config.code, (sql) =>
          listBanners(sql, lang, enabledFeatures(request.tenant)),
        ),
      );
    },
  );

  app.get(
    '/Promotionals',
    {
      schema: {
        ...localizedList('Home-page promotions'),
        response: { 200: Envelope(Type.Array(Promotional)) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(
        await db.tenantRead(request.tenant.config.code, (sql) =>
          listPromotionals(sql, lang, enabledFeatures(request.tenant)),
        ),
      );
    },
  );

  app.get(
    '/Testimonials',
    {
      schema: {
        ...localizedList('Patient testimonials'),
        response: { 200: Envelope(Type.Array(Testimonial)) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(
        await db.tenantRead(request.tenant.config.code, (sql) =>
          listTestimonials(sql, lang, enabledFeatures(request.tenant)),
        ),
      );
    },
  );

  app.get(
    '/Contents/GetContent',
    {
      schema: {
        tags,
        summary: 'A content page: 1 about us, 2 terms of service, 3 FAQs, 4 privacy policy',
        querystring: Type.Object({ ContentId: Type.Integer({ minimum: 1, maximum: 4 }), ...LanguageIdQuery }),
        response: { 200: Envelope(Content) },
      },
    },
    async (request) => {
      const languageId = queryLanguageId(request.query) ?? languageIdOf(request.lang);
      const content = await db.tenantRead(request.tenant.config.code, (sql) =>
        findContent(sql, request.query.ContentId, languageId),
      );
      if (!content) throw new ApiError(404, 'not_found');
      return ok(content);
    },
  );
};
