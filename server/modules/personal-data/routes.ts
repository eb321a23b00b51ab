import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  DataAccessLogPage,
  DataAccessLogQuery,
  GiveHealthDataConsentBody,
  HealthDataConsent,
} from '../../../schemas/personal-data';
import type { Database } from '../../db/database';
import { contentDisposition } from '../../lib/send-file';
import { ok } from '../../lib/envelope';
import type { Storage } from '../../services/storage/index';
import { noSharedCounters, type SharedCounters } from '../../services/shared-counters/index';
import { rateHit } from '../accounts/index';
import { appointmentNumbers } from '../appointments/index';
import { patientNames } from '../patients/index';
import { listDataAccess } from './access-log';
import { giveHealthDataConsent, healthDataConsentState, withdrawHealthDataConsent } from './consent';
import { planExport, streamArchive } from './export';
import type { PersonalDataSection } from './section';
import { personalDataSections } from './sections';

/** One export per minute per user: an archive reads every file of the account. */
export const EXPORT_LIMIT = { max: 1, windowSeconds: 60 } as const;

/**
 * The signed-in user's personal data (schemas/personal-data.ts): the health-data consent, the log
 * of who read their health data, and the export archive. `sections` defaults to every feature's
 * section (sections.ts); tests pass their own.
 */
export const personalDataRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  storage: Storage;
  sections?: () => PersonalDataSection[];
  counters?: SharedCounters;
}> = async (app, { db, storage, sections = personalDataSections, counters = noSharedCounters }) => {
  const tags = ['personal-data'];
  const config = { auth: true } as const;
  const security = [{ bearer: [] }];

  app.get(
    '/Users/GetHealthDataConsent',
    {
      config,
      schema: {
        tags,
        summary: "The tenant's health-data consent text (request language) and the caller's consent",
        security,
        response: { 200: Envelope(HealthDataConsent) },
      },
    },
    async (request) => {
      const tenant = request.tenant.config;
      return ok(
        await db.tenant(tenant.code, (sql) =>
          healthDataConsentState(sql, request.auth!.userId, tenant, request.lang),
        ),
      );
    },
  );

  app.post(
    '/Users/GiveHealthDataConsent',
    {
      config,
      schema: {
        tags,
        summary: 'Consent to the current version of the health-data text (409 consent_version_changed)',
        security,
        body: GiveHealthDataConsentBody,
        response: { 200: Envelope(HealthDataConsent), ...errorReplies({ 409: ['consent_version_changed'] }) },
      },
    },
    async (request) => {
      const tenant = request.tenant.config;
      const userId = request.auth!.userId;
      const state = await db.tenant(tenant.code, async (sql) => {
        await giveHealthDataConsent(sql, userId, tenant, {
          version: request.body.version,
          lang: request.lang,
          ip: request.ip || null,
          deviceId: request.auth!.deviceId || null,
        });
        return healthDataConsentState(sql, userId, tenant, request.lang);
      });
      return ok(state);
    },
  );

  app.post(
    '/Users/WithdrawHealthDataConsent',
    {
      config,
      schema: {
        tags,
        summary: 'Withdraw the health-data consent (new health data is refused; stored data stays)',
        security,
        response: { 200: Envelope(HealthDataConsent) },
      },
    },
    async (request) => {
      const tenant = request.tenant.config;
      const userId = request.auth!.userId;
      const state = await db.tenant(tenant.code, async (sql) => {
        await withdrawHealthDataConsent(sql, userId);
        return healthDataConsentState(sql, userId, tenant, request.lang);
      });
      return ok(state);
    },
  );

  app.get(
    '/Users/GetDataAccessLog',
    {
      config,
      schema: {
        tags,
        summary: "Who read the caller's health data and when, newest first (not itself logged)",
        security,
        querystring: DataAccessLogQuery,
        response: { 200: Envelope(DataAccessLogPage) },
      },
    },
    async (request) => {
      const { PageNumber = 1, PageSize = 15 } = request.query;
      const userId = request.auth!.userId;
      const page = await db.tenant(request.tenant.config.code, async (sql) => {
        const log = await listDataAccess(sql, userId, { pageNumber: PageNumber, pageSize: PageSize });
        const ids = (key: 'patientId' | 'appointmentId') => [
          ...new Set(log.rows.map((r) => r[key]).filter((v): v is number => v !== null)),
        ];
        const names = await patientNames(sql, userId, ids('patientId'));
        const numbers = await appointmentNumbers(sql, userId, ids('appointmentId'));
        return { log, names, numbers };
      });
      return ok({
        entries: page.log.rows.map((r) => ({
          accessId: r.accessId,
          at: r.at,
          actor: { kind: r.actorKind, label: r.actorLabel },
          action: r.action,
          resource: { kind: r.resourceKind, id: r.resourceId, label: r.resourceLabel },
          patient:
            r.patientId === null
              ? null
              : { patientId: r.patientId, fullName: page.names.get(r.patientId) ?? '' },
          appointment:
            r.appointmentId === null
              ? null
              : {
                  appointmentId: r.appointmentId,
                  appointmentNumber: page.numbers.get(r.appointmentId) ?? null,
                },
        })),
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.log.total },
      });
    },
  );

  app.get(
    '/Users/ExportMyData',
    {
      config,
      schema: {
        tags,
        summary: "All the caller's personal data as one zip archive (data.json and files/); one a minute",
        security,
      },
    },
    async (request, reply) => {
      const tenant = request.tenant.config;
      const userId = request.auth!.userId;
      // Counted in its own transaction: a refused or failed export still uses the minute.
      await db.tenant(tenant.code, (sql) =>
        rateHit(
          { sql, tenant: tenant.code, deps: { counters, db } },
          `data-export:${userId}`,
          EXPORT_LIMIT,
          new Date(),
        ),
      );
      const plan = await db.tenant(tenant.code, (sql) =>
        planExport(sql, userId, tenant, sections(), request.ip || null),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          contentDisposition('attachment', `personal-data-${tenant.code}-${day}.zip`),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(streamArchive(storage, tenant.code, plan));
    },
  );
};
