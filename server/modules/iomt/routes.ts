import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  AdvisoryRequest,
  AdvisoryRequestList,
  AdvisoryRequestsQuery,
  IomtCallCheck,
  IomtDoctorList,
  IomtDoctorsQuery,
  IomtPackagesOfUserQuery,
  IomtUserPackage,
  ReceivingAdvisoryRequest,
} from '../../../schemas/iomt';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { bookingClock } from '../../lib/booking-clock';
import { advisoryOf, listAdvisories } from './advisory-repository';
import { askAdvice } from './advisory';
import { packageDoctors, packageDoctorsOnline } from './doctors';
import { heldIomtPackages, iomtUserPackageOf, validPackages } from './held-packages';

export interface IomtRoutesOptions {
  db: Database;
}

/**
 * The patient's side of remote health monitoring (contract at the top of schemas/iomt.ts): the
 * IoMT packages held, their doctors, whether a direct call can be made, advice asked and read.
 * Every route: feature iomt, a signed-in caller, the caller's own rows only.
 */
export const iomtRoutes: FastifyPluginAsyncTypebox<IomtRoutesOptions> = async (app, { db }) => {
  const tags = ['iomt'];
  const security = [{ bearer: [] }];
  const config = { auth: true, feature: 'iomt' } as const;
  const tenantOf = (request: FastifyRequest) => request.tenant.config.code;

  app.get(
    '/WalletHistories/GetListIomtPackageOfUser',
    {
      config,
      schema: {
        tags,
        summary:
          "The caller's IoMT packages (devices, validity, status), newest expiry first; [] when none (UserId, if given, must be the caller's own)",
        security,
        querystring: IomtPackagesOfUserQuery,
        response: { 200: Envelope(Type.Array(IomtUserPackage)), ...errorReplies({ 404: ['not_found'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      if (request.query.UserId !== undefined && request.query.UserId !== userId)
        throw new ApiError(404, 'not_found');
      const now = bookingClock.now();
      const held = await db.tenant(tenantOf(request), (sql) => heldIomtPackages(sql, userId, request.lang));
      return ok(held.map((p) => iomtUserPackageOf(p, now)));
    },
  );

  app.get(
    '/Iomt/GetDoctorIomtForUser',
    {
      config,
      schema: {
        tags,
        summary:
          "Doctors of the caller's valid IoMT packages, with who is online for a call; [] with zero pagination when none (spec section 8)",
        security,
        querystring: IomtDoctorsQuery,
        response: { 200: Envelope(IomtDoctorList) },
      },
    },
    async (request) => {
      const page = { number: request.query.PageNumber ?? 1, size: request.query.PageSize ?? 15 };
      const empty = { doctors: [], pagination: { pageNumber: 0, pageSize: 0, totalRecords: 0 } };
      if (page.number === 0 || page.size === 0) return ok(empty);
      const now = bookingClock.now();
      const result = await db.tenant(tenantOf(request), async (sql) => {
        const valid = validPackages(await heldIomtPackages(sql, request.auth!.userId, request.lang), now);
        if (typeof valid === 'string') return null;
        return packageDoctors(
          sql,
          valid.map((p) => p.iomt_package_id),
          request.lang,
          page,
          now,
        );
      });
      if (!result) return ok(empty);
      return ok({
        doctors: result.doctors,
        pagination: { pageNumber: page.number, pageSize: page.size, totalRecords: result.total },
      });
    },
  );

  app.get(
    '/Iomt/CheckIomtCallDiriectOfUser',
    {
      config,
      schema: {
        tags,
        summary:
          'Whether the caller holds a valid IoMT package to call its doctors now (reason user_not_join / package_expired when not), and how many of them are online',
        security,
        response: { 200: Envelope(IomtCallCheck) },
      },
    },
    async (request) => {
      const now = bookingClock.now();
      const check = await db.tenant(tenantOf(request), async (sql) => {
        const valid = validPackages(await heldIomtPackages(sql, request.auth!.userId, request.lang), now);
        if (typeof valid === 'string') return { canCall: false, reason: valid, doctorsOnline: 0 };
        const online = await packageDoctorsOnline(
          sql,
          valid.map((p) => p.iomt_package_id),
          now,
        );
        return { canCall: true, reason: null, doctorsOnline: online };
      });
      return ok(check);
    },
  );

  app.post(
    '/Iomt/ReceivingAdvisory',
    {
      config,
      schema: {
        tags,
        summary:
          "Asks the doctors of the caller's valid IoMT package (or one of them) for advice, for the caller or a member of their family",
        security,
        body: ReceivingAdvisoryRequest,
        response: {
          200: Envelope(AdvisoryRequest),
          ...errorReplies({
            404: ['patient_not_found', 'iomt_doctor_not_found'],
            409: ['user_not_join', 'package_expired', 'advisory_profile_required'],
          }),
        },
      },
    },
    async (request) =>
      ok(
        await db.tenant(tenantOf(request), (sql) =>
          askAdvice(sql, {
            ...request.body,
            userId: request.auth!.userId,
            lang: request.lang,
            now: bookingClock.now(),
          }),
        ),
      ),
  );

  app.get(
    '/Iomt/GetAdvisoryRequests',
    {
      config,
      schema: {
        tags,
        summary: "The caller's requests for advice with their answers, newest first",
        security,
        querystring: AdvisoryRequestsQuery,
        response: { 200: Envelope(AdvisoryRequestList) },
      },
    },
    async (request) => {
      const page = { number: request.query.PageNumber ?? 1, size: request.query.PageSize ?? 15 };
      const { rows, total } = await db.tenant(tenantOf(request), (sql) =>
        listAdvisories(sql, { userId: request.auth!.userId }, request.lang, page),
      );
      return ok({
        requests: rows.map(advisoryOf),
        pagination: { pageNumber: page.number, pageSize: page.size, totalRecords: total },
      });
    },
  );
};
