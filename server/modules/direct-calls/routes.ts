import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AcceptDirectCallResult,
  CallDiriectRequest,
  CancelCallDiriectRequest,
  CareDirectCall,
  DirectCall,
  DirectCallParams,
  DirectCallsOfUser,
  DirectCallsOfUserQuery,
  type PackageKind,
} from '../../../schemas/direct-calls';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { bookingClock } from '../appointments/index';
import { careTransaction } from '../care/index';
import { userCalls } from './calls-repository';
import { heldPackages, userPackageOf } from './packages';
import { acceptCall, cancelCall, doctorCalls, placeCall, readCall } from './service';

export interface DirectCallsOptions {
  db: Database;
}

/**
 * Direct calls (contract at the top of schemas/direct-calls.ts): the patient places, watches and
 * cancels a call on a package they hold; the doctors it rang see it in their workspace and the
 * first to accept takes it. Both then meet on the call screen of its appointment (the calls module).
 */
export const directCallsRoutes: FastifyPluginAsyncTypebox<DirectCallsOptions> = async (app, { db }) => {
  const tags = ['direct-calls'];
  const security = [{ bearer: [] }];
  const tenantOf = (request: FastifyRequest) => request.tenant.config.code;

  const place = (kind: PackageKind) => async (request: FastifyRequest<{ Body: { programId?: number } }>) => {
    const call = await db.tenant(tenantOf(request), (sql) =>
      placeCall(sql, {
        userId: request.auth!.userId,
        kind,
        programId: request.body.programId,
        tenant: request.tenant.config,
        lang: request.lang,
        now: bookingClock.now(),
      }),
    );
    return ok(call);
  };
  const placing = (feature: 'directCall' | 'iomt', summary: string) => ({
    config: { auth: true, feature },
    schema: {
      tags,
      summary,
      security,
      body: CallDiriectRequest,
      response: {
        200: Envelope(DirectCall),
        ...errorReplies({
          409: [
            'doctor_not_connected',
            'user_not_join',
            'direct_call_profile_required',
            'validate_number_call',
          ],
        }),
      },
    },
  });

  app.post(
    '/Appointments/CallDiriect',
    placing(
      'directCall',
      "Calls the online doctors of the caller's membership package (one call is held while it rings; given back if nobody answers)",
    ),
    place('membership'),
  );
  app.post(
    '/Appointments/CallDiriectIomt',
    placing('iomt', "Calls the online doctors of the caller's remote-monitoring (IoMT) package"),
    place('iomt'),
  );

  app.post(
    '/Appointments/CancelCallDiriect',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: 'Stops a ringing call (its call goes back to the package); answers the call as it is',
        security,
        body: CancelCallDiriectRequest,
        response: { 200: Envelope(DirectCall), ...errorReplies({ 404: ['direct_call_not_found'] }) },
      },
    },
    async (request) =>
      ok(
        await db.tenant(tenantOf(request), (sql) =>
          cancelCall(
            sql,
            request.tenant.config,
            request.auth!.userId,
            request.body.directCallId,
            bookingClock.now(),
          ),
        ),
      ),
  );

  app.get(
    '/Appointments/CallDiriect/:directCallId',
    {
      config: { auth: true },
      schema: {
        tags,
        summary:
          "One of the caller's direct calls now: ringing, connected (with its appointment), missed or cancelled",
        security,
        params: DirectCallParams,
        response: { 200: Envelope(DirectCall), ...errorReplies({ 404: ['direct_call_not_found'] }) },
      },
    },
    async (request) =>
      ok(
        await db.tenant(tenantOf(request), (sql) =>
          readCall(
            sql,
            request.tenant.config,
            request.auth!.userId,
            request.params.directCallId,
            bookingClock.now(),
          ),
        ),
      ),
  );

  app.get(
    '/WalletHistories/GetAllCallDiriectOfUser',
    {
      config: { auth: true, feature: 'directCall' },
      schema: {
        tags,
        summary:
          "The caller's packages (calls left, validity) and direct calls, newest first (UserId, if given, must be the caller's own)",
        security,
        querystring: DirectCallsOfUserQuery,
        response: { 200: Envelope(DirectCallsOfUser), ...errorReplies({ 404: ['direct_call_not_found'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      if (request.query.UserId !== undefined && request.query.UserId !== userId)
        throw new ApiError(404, 'direct_call_not_found');
      const page = { number: request.query.PageNumber ?? 1, size: request.query.PageSize ?? 15 };
      const now = bookingClock.now();
      const result = await db.tenant(tenantOf(request), async (sql) => {
        const packages = await heldPackages(sql, userId, request.lang);
        return {
          packages: packages.map((p) => userPackageOf(p, now)),
          ...(await userCalls(sql, userId, page)),
        };
      });
      return ok({
        packages: result.packages,
        calls: result.calls,
        pagination: { pageNumber: page.number, pageSize: page.size, totalRecords: result.total },
      });
    },
  );

  // --- The doctors' side (care workspace) ---
  app.get(
    '/Care/DirectCalls',
    {
      config: { auth: true },
      schema: {
        tags: ['care'],
        summary:
          'Direct calls that rang the signed-in doctor: ringing, and those taken or ended in the last two minutes',
        security,
        response: { 200: Envelope(Type.Array(CareDirectCall)), ...errorReplies({ 403: ['care_forbidden'] }) },
      },
    },
    async (request) =>
      ok(
        await careTransaction(db, tenantOf(request), request.auth!.userId, (sql, actor) =>
          doctorCalls(sql, actor, bookingClock.now()),
        ),
      ),
  );

  app.post(
    '/Care/DirectCalls/:directCallId/Accept',
    {
      config: { auth: true },
      schema: {
        tags: ['care'],
        summary:
          'Takes a ringing call: its appointment opens for the package call duration; 409 direct_call_taken when another doctor was first',
        security,
        params: DirectCallParams,
        response: { 200: Envelope(AcceptDirectCallResult), ...errorReplies({ 403: ['care_forbidden'] }) },
      },
    },
    async (request) =>
      ok(
        await careTransaction(db, tenantOf(request), request.auth!.userId, (sql, actor) =>
          acceptCall(sql, actor, request.tenant.config, request.params.directCallId, bookingClock.now()),
        ),
      ),
  );
};
