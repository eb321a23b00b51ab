import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Blog, BlogCategory, BlogList } from '../../../schemas/discovery';
import { Envelope, errorReplies, PagingQuery } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { languageIdOf } from '../../plugins/tenant';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { findBlog, listBlogCategories, listBlogs } from './blog-repository';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Blog listing and detail (feature 'blog'); articles in the request's language. */
export const blogRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['discovery'];
  const config = { feature: 'blog' as const };

  app.get(
    '/BlogCategories/GetAllBlogCategories',
    {
      config,
      schema: {
        tags,
        summary: 'Blog categories with the number of articles in the language',
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(Type.Array(BlogCategory)) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(
        await db.tenantRead(request.tenant.config.code, (sql) =>
          listBlogCategories(sql, lang, languageIdOf(lang)),
        ),
      );
    },
  );

  app.get(
    '/Blogs/GetAllBlogs',
    {
      config,
      schema: {
        tags,
        summary: 'Articles, newest first; Title matches without accents',
        querystring: Type.Object({
          BlogCategoryId: Type.Optional(Id),
          Title: Type.Optional(Type.String({ maxLength: 100, 'x-message': 'invalid_search_text' })),
          ...PagingQuery,
          ...LanguageIdQuery,
        }),
        response: { 200: Envelope(BlogList) },
      },
    },
    async (request) => {
      const q = request.query;
      const lang = replyLanguage(request, queryLanguageId(q));
      return ok(
        await db.tenantRead(request.tenant.config.code, (sql) =>
          listBlogs(sql, lang, {
            languageId: languageIdOf(lang),
            categoryId: q.BlogCategoryId,
            title: q.Title,
            pageNumber: q.PageNumber ?? 1,
            pageSize: q.PageSize ?? 15,
          }),
        ),
      );
    },
  );

  app.get(
    '/Blogs/GetBlog/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One article with its sanitized HTML',
        params: Type.Object({ id: Id }),
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(Blog), ...errorReplies({ 404: ['not_found'] }) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      const blog = await db.tenantRead(request.tenant.config.code, (sql) =>
        findBlog(sql, lang, request.params.id),
      );
      if (!blog) throw new ApiError(404, 'not_found');
      return ok(blog);
    },
  );
};
