import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Storage } from '../../services/storage/index';

/** The public origin of a request (scheme and host as the browser used them). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Erases stored files after the transaction that removed their rows has committed (a failed
 * transaction keeps both). A driver failure is logged, not answered: the rows are already gone,
 * so the file is unreachable, and the key is in the log for a clean-up.
 */
export async function eraseFiles(
  storage: Storage,
  tenant: string,
  keys: string[],
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(tenant, key);
    } catch (error) {
      log?.error({ err: error, key, tenant }, 'health-records: could not erase a stored file');
    }
  }
}
