import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IomtPackage, MembershipPackage } from '../../../schemas/catalogue';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { listIomtPackages, listMembershipPackages } from './packages-repository';

/** Packages on sale: membership (direct calls) and remote monitoring, each behind its feature. */
export const packageRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['catalogue'];
  const query = Type.Object(LanguageIdQuery);

  app.get(
    // The spec's spelling ("Diriect") is part of the public path.
    '/Auth/GetAllCallDiriectProgram',
    {
      config: { feature: 'membership' },
      schema: {
        tags,
        summary: 'Membership packages with a number of direct calls',
        querystring: query,
        response: { 200: Envelope(Type.Array(MembershipPackage)) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(await db.tenantRead(request.tenant.config.code, (sql) => listMembershipPackages(sql, lang)));
    },
  );

  app.get(
    '/Iomt/GetAllIomtPackage',
    {
      config: { feature: 'iomt' },
      schema: {
        tags,
        summary: 'Remote health monitoring (IoMT) packages',
        querystring: query,
        response: { 200: Envelope(Type.Array(IomtPackage)) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(await db.tenantRead(request.tenant.config.code, (sql) => listIomtPackages(sql, lang)));
    },
  );
};
