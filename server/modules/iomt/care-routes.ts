import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  AdvisoryAnswerRequest,
  AdvisoryParams,
  CareAdvisoryQuery,
  CareAdvisoryRequest,
  CareAdvisoryRequestList,
} from '../../../schemas/iomt';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { bookingClock } from '../../lib/booking-clock';
import { careTransaction, type CareActor } from '../care/index';
import { careAdvisoryOf, listAdvisories } from './advisory-repository';
import { answerAdvice } from './advisory';

const doctorOnly = (actor: CareActor) => {
  if (actor.role !== 'doctor') throw new ApiError(403, 'care_doctor_only');
};

/**
 * The doctors' side of IoMT advice (care workspace; contract in schemas/iomt.ts): the requests on
 * the packages the signed-in doctor belongs to and answering one. Each runs in the doctor's care
 * transaction: which requests exist for them is migration 037's care scope, not a filter here.
 */
export const iomtCareRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['care'];
  const security = [{ bearer: [] }];
  const config = { auth: true, feature: 'iomt' } as const;
  const denied = { 403: ['care_forbidden', 'care_doctor_only'] };

  app.get(
    '/Care/AdvisoryRequests',
    {
      config,
      schema: {
        tags,
        summary:
          "Requests for advice on the signed-in doctor's IoMT packages (open or answered), newest first",
        security,
        querystring: CareAdvisoryQuery,
        response: { 200: Envelope(CareAdvisoryRequestList), ...errorReplies(denied) },
      },
    },
    async (request) => {
      const page = { number: request.query.PageNumber ?? 1, size: request.query.PageSize ?? 15 };
      const { rows, total } = await careTransaction(
        db,
        request.tenant.config.code,
        request.auth!.userId,
        (sql, actor) => {
          doctorOnly(actor);
          return listAdvisories(sql, { status: request.query.status }, request.lang, page);
        },
      );
      return ok({
        requests: rows.map(careAdvisoryOf),
        pagination: { pageNumber: page.number, pageSize: page.size, totalRecords: total },
      });
    },
  );

  app.post(
    '/Care/AdvisoryRequests/:id/Answer',
    {
      config,
      schema: {
        tags,
        summary:
          'Answers a request for advice; the first answer closes it (409 advisory_already_answered) and the patient is told',
        security,
        params: AdvisoryParams,
        body: AdvisoryAnswerRequest,
        response: {
          200: Envelope(CareAdvisoryRequest),
          ...errorReplies({
            ...denied,
            404: ['advisory_not_found'],
            409: ['advisory_already_answered'],
          }),
        },
      },
    },
    async (request) =>
      ok(
        await careTransaction(db, request.tenant.config.code, request.auth!.userId, (sql, actor) => {
          doctorOnly(actor);
          return answerAdvice(sql, request.tenant.config, actor, {
            id: request.params.id,
            answer: request.body.answer,
            lang: request.lang,
            now: bookingClock.now(),
          });
        }),
      ),
  );
};
