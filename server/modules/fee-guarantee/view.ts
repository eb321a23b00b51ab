import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { Storage } from '../../services/storage/index';
import { toFeeGuarantee, type FeeGuaranteeRow } from './repository';

export interface FeeGuaranteeOptions {
  db: Database;
  storage: Storage;
}

/** The public origin of a request (scheme and host as the browser used them). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The contract's view of a row, with the owner-only signature URL. */
export const viewOf = (request: FastifyRequest, row: FeeGuaranteeRow) =>
  toFeeGuarantee(
    row,
    `${originOf(request)}/api/v1/HospitalBillCoverages/ViewSignature/${Number(row.fee_guarantee_id)}`,
  );
