import type { FastifyRequest } from 'fastify';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { doctorExists } from './doctor-extras-repository';

/**
 * The doctor endpoints' guard (the doctor page's side calls and the schedule): runs fn in the
 * tenant after checking that the doctor is an approved doctor of the tenant (404
 * doctor_not_found otherwise): public reads, on the read replica when there is one
 * (`tenantRead`), else in `tenant`.
 */
export const approvedDoctorRun =
  (db: Database) =>
  <T>(
    request: FastifyRequest,
    doctorId: number,
    fn: (sql: Sql) => Promise<unknown>,
    run: Database['tenant'] = (tenant, read) => db.tenantRead(tenant, read),
  ) =>
    run(request.tenant.config.code, async (sql) => {
      if (!(await doctorExists(sql, doctorId))) throw new ApiError(404, 'doctor_not_found');
      return (await fn(sql)) as T;
    });
