import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../db/unavailable';
import { ApiError } from '../lib/api-error';
import { failure } from '../lib/envelope';
import { messageFor } from '../lib/messages';

interface ValidationIssue {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

/**
 * Turns every failure into the envelope with a clear, translated message and never a stack trace:
 * validation -> 400 with the schema's message keys (`x-message`), bad JSON -> 400, oversize -> 413,
 * ApiError -> its status and code, the database out of reach (restarting, failing over) -> 503
 * `database_unavailable` with Retry-After, a PostgreSQL data exception -> 400 (logged as a bug: the
 * edge should have refused the input), anything else -> 500 logged with the request id. Each
 * carries `requestId` (an addition to the spec's envelope: clients ignore fields they do not know).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? 'vi';
    // Every error reply names its request (also in the x-request-id header and every log line of
    // the request), so a patient's "it failed" finds its log lines and trace.
    const failed = (status: number, code: string, errors?: string[] | null) =>
      reply.status(status).send({ ...failure(code, messageFor(code, lang), errors), requestId: request.id });
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      // A service the request needed was away (503): the cause is for the operator's log.
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.code);
      return failed(error.statusCode, error.code, error.errors);
    }
    if (error.validation) {
      const keys = validationKeys(error.validation as ValidationIssue[], error.validationContext);
      return failed(400, 'invalid_request', keys);
    }
    if (error instanceof DatabaseUnavailableError) {
      // The client may simply ask again once the database is back, in seconds: the transaction
      // did not commit, or (its COMMIT's answer lost) a booking retried with the same
      // Idempotency-Key replays the appointment it made.
      request.log.warn({ err: error.cause }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return failed(503, 'database_unavailable');
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return failed(413, 'request_too_large');
    if (status === 415) return failed(415, 'unsupported_media_type');
    if (status === 429) return failed(429, 'too_many_requests');
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, empty JSON body, bad content length...).
      const code =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'invalid_json'
          : 'invalid_request';
      return failed(400, code);
    }
    if (isDataException(error)) {
      // Input the edge let through and PostgreSQL refused (a value out of its column's range, an
      // unstorable character): the client's mistake, answered as one, but a gap in our schemas.
      request.log.error({ err: error, bug: 'input reached the database unchecked' }, 'data exception');
      return failed(400, 'invalid_request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return failed(500, 'server_error');
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      ...failure('not_found', messageFor('not_found', request.lang ?? 'vi')),
      requestId: request.id,
    }),
  );
}

/**
 * Errors Fastify raises before a route is chosen (a path with invalid percent-encoding, such as
 * the bytes of a lone surrogate): the envelope's 400 like any bad input, in the language asked for
 * (the tenant is not resolved yet).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const asked = String(request.headers['x-accept-language'] ?? '')
    .slice(0, 2)
    .toLowerCase();
  const lang = asked === 'en' ? 'en' : 'vi';
  void reply
    .status(400)
    .send({ ...failure('invalid_request', messageFor('invalid_request', lang)), requestId: request.id });
}

/** PostgreSQL's class 22, "data exception" (22003 out of range, 22021 bad character, 22P02...). */
const isDataException = (error: unknown): boolean =>
  typeof (error as { code?: unknown }).code === 'string' &&
  /^22[0-9A-Z]{3}$/.test((error as { code: string }).code);

/** Message keys of the failing fields: the schema's `x-message`, else `invalid_<part>_<field>`. */
function validationKeys(issues: ValidationIssue[], part: string | undefined): string[] {
  const keys = new Set<string>();
  for (const issue of issues) {
    const missing = issue.keyword === 'required' ? String(issue.params?.missingProperty ?? '') : '';
    // A missing field reports the key of the field itself ('enter_confirm_pass'), not of its parent.
    const fieldSchema = missing
      ? (issue.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined)?.[missing]
      : issue.parentSchema;
    const custom = fieldSchema?.['x-message'];
    if (typeof custom === 'string') {
      keys.add(custom);
      continue;
    }
    const field = [issue.instancePath?.replace(/^\//, '').replace(/\//g, '.'), missing]
      .filter(Boolean)
      .join('.');
    keys.add(`invalid_${part ?? 'body'}${field ? `_${field}` : ''}`);
  }
  return [...keys];
}
