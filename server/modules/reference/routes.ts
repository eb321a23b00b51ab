import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { City, Country, Language, Relation, ServiceType, State } from '../../../schemas/catalogue';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from './localize';
import {
  listCities,
  listCountries,
  listLanguages,
  listRelations,
  listServiceTypes,
  listStates,
} from './repository';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const list = <T extends Parameters<typeof Type.Array>[0]>(item: T) => ({ 200: Envelope(Type.Array(item)) });

/**
 * Global reference lists of spec section 7 (the same for every tenant, names localized). Only
 * service types depend on the tenant: a type whose feature is off is not offered.
 */
export const referenceRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['reference'];
  const query = Type.Object(LanguageIdQuery);

  app.get(
    '/Languages',
    {
      schema: {
        tags,
        summary: 'Languages (interface languages are isActive)',
        querystring: query,
        response: list(Language),
      },
    },
    async (request) =>
      ok(
        await db.anonymous((sql) =>
          listLanguages(sql, replyLanguage(request, queryLanguageId(request.query))),
        ),
      ),
  );

  app.get(
    '/Countries',
    { schema: { tags, summary: 'Countries with phone codes', querystring: query, response: list(Country) } },
    async (request) =>
      ok(
        await db.anonymous((sql) =>
          listCountries(sql, replyLanguage(request, queryLanguageId(request.query))),
        ),
      ),
  );

  app.get(
    '/States/GetAllStates',
    {
      schema: {
        tags,
        summary: 'Provinces and municipalities, optionally of one country',
        querystring: Type.Object({ CountryId: Type.Optional(Id), ...LanguageIdQuery }),
        response: list(State),
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(await db.anonymous((sql) => listStates(sql, lang, request.query.CountryId)));
    },
  );

  app.get(
    '/Cities/GetAllCities',
    {
      schema: {
        tags,
        summary: 'Districts and cities, optionally of one state',
        querystring: Type.Object({ StateId: Type.Optional(Id), ...LanguageIdQuery }),
        response: list(City),
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(await db.anonymous((sql) => listCities(sql, lang, request.query.StateId)));
    },
  );

  app.get(
    '/Relations',
    { schema: { tags, summary: 'Family relations', querystring: query, response: list(Relation) } },
    async (request) =>
      ok(
        await db.anonymous((sql) =>
          listRelations(sql, replyLanguage(request, queryLanguageId(request.query))),
        ),
      ),
  );

  app.get(
    '/ServiceTypes',
    {
      schema: {
        tags,
        summary: 'Service types this tenant offers',
        querystring: query,
        response: list(ServiceType),
      },
    },
    async (request) => {
      const types = await db.anonymous((sql) =>
        listServiceTypes(sql, replyLanguage(request, queryLanguageId(request.query))),
      );
      const features = request.tenant.config.features;
      return ok(
        types.filter((t) => features[t.feature]).map(({ serviceTypeId, name }) => ({ serviceTypeId, name })),
      );
    },
  );
};
