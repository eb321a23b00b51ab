import type { FastifyError, FastifyInstance } from 'fastify';
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
 * ApiError -> its status and code, anything else -> 500 logged with the request id.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? 'vi';
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .send(failure(error.code, messageFor(error.code, lang), error.errors));
    }
    if (error.validation) {
      const keys = validationKeys(error.validation as ValidationIssue[], error.validationContext);
      return reply.status(400).send(failure('invalid_request', messageFor('invalid_request', lang), keys));
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send(failure('request_too_large', messageFor('request_too_large', lang)));
    if (status === 415) {
      return reply
        .status(415)
        .send(failure('unsupported_media_type', messageFor('unsupported_media_type', lang)));
    }
    if (status === 429)
      return reply.status(429).send(failure('too_many_requests', messageFor('too_many_requests', lang)));
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, empty JSON body, bad content length...).
      const code =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'invalid_json'
          : 'invalid_request';
      return reply.status(400).send(failure(code, messageFor(code, lang)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('server_error', messageFor('server_error', lang)));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(failure('not_found', messageFor('not_found', request.lang ?? 'vi'))),
  );
}

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
