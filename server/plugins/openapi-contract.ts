import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorReply, errorReplies } from '../../schemas/envelope';
import { FORM_SCHEMAS, type FormId } from '../../schemas/forms/merge';

type Json = Record<string, unknown>;

/**
 * The OpenAPI document is the API's contract (spec section 8: every failure is the envelope with a
 * translated message key). Each operation is documented as a class from how the route is
 * declared, so a new route is documented the day it is added:
 * - the envelope failures every API route can give: 400 (input refused: `invalid_request` with the
 *   fields' keys, `invalid_text`, `invalid_json`), 401 when it reads a token (`config.auth`),
 *   404 `tenant_not_found` / `feature_disabled` (`not_found` for a path no route matches), 413/415 when it takes a body, 429 (rate limits),
 *   431 (a request line and headers too long, answered by clientErrorHandler) and 503 (a service
 *   it needs is away, with Retry-After);
 * - the failures a route declares itself next to its handler (`errorReplies` in its `response`:
 *   403/404/409... with its own keys), merged with the above;
 * - `security: bearer` from `config.auth` (optional: anonymous or bearer);
 * - a body validated against a schema-rendered form (`FormBody`) is published as that form's
 *   base schema (a tenant's tenant.json may add rules to it, never remove one).
 * It runs as @fastify/swagger's `transform`: the document only, validation and serialization
 * are untouched.
 */
export function documentOperation({
  schema,
  url,
  route,
}: {
  schema: Json | undefined;
  url: string;
  route: RouteOptions;
}): { schema: Json; url: string } {
  const base = (schema ?? {}) as Json;
  if (!url.startsWith('/api/') || base.hide) return { schema: base, url };
  const config = (route.config ?? {}) as { auth?: boolean | 'optional'; tenant?: false; feature?: string };
  const out: Json = { ...base };
  const hasBody = Boolean(base.body);
  const hasInput = hasBody || Boolean(base.querystring) || Boolean(base.params);
  const responses: Json = { ...((base.response as Json | undefined) ?? {}) };
  // A route without a schema for its success still succeeds: an untyped 200 (a file, a redirect...).
  if (!Object.keys(responses).some((status) => Number(status) < 400))
    responses[200] = { description: 'Default Response' };

  const add = (status: number, codes: string[]) => {
    const declared = responses[status] as Json | undefined;
    responses[status] = ErrorReply([...new Set([...codesOf(declared), ...codes])]);
  };
  add(400, ['invalid_request', ...(hasInput ? ['invalid_text'] : []), ...(hasBody ? ['invalid_json'] : [])]);
  if (config.auth) {
    add(401, ['unauthorized', 'token_tenant_mismatch']);
    // A route that reads a token when sent answers anonymous callers too.
    out.security = config.auth === true ? [{ bearer: [] }] : [{}, { bearer: [] }];
  }
  if (config.tenant !== false)
    add(404, ['tenant_not_found', ...(config.feature ? ['feature_disabled'] : [])]);
  // A path whose parameters no route matches (an empty or slash-bearing segment) is not found.
  if (base.params) add(404, ['not_found']);
  if (hasBody) {
    add(413, ['request_too_large']);
    add(415, ['unsupported_media_type']);
  }
  add(429, ['too_many_requests']);
  add(431, ['request_too_large']);
  add(503, ['storage_unavailable']);
  out.response = responses;
  if (hasBody) out.body = publishedBody(base.body as Json);
  return { schema: out, url };
}

const isErrorReply = (reply: unknown) => Array.isArray((reply as Json | undefined)?.['x-message-keys']);
const codesOf = (reply: unknown): string[] =>
  isErrorReply(reply) ? ((reply as Json)['x-message-keys'] as string[]) : [];

/** A `FormBody` is published as its form's base schema, with the route's own fields added. */
function publishedBody(body: Json): Json {
  const formId = body['x-form'] as FormId | undefined;
  if (!formId) return body;
  const { $id: _id, ...form } = FORM_SCHEMAS[formId] as Json;
  const own = (body.properties ?? {}) as Json;
  return {
    ...form,
    properties: { ...(form.properties as Json), ...own },
    required: [...new Set([...((form.required as string[]) ?? []), ...((body.required as string[]) ?? [])])],
    description: `The tenant's "${formId}" form (tenant.json forms.${formId} may add rules to it).`,
  };
}

/**
 * Declares failures every route of a plugin answers with its own keys (the care workspace's 403
 * `care_forbidden`...): merged into each route's `response` as it is registered, next to the
 * routes rather than in each of them.
 */
export function declareErrors(app: FastifyInstance, byStatus: Record<number, string[]>): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Json;
    const response = { ...((schema.response as Json | undefined) ?? {}) };
    for (const [status, reply] of Object.entries(errorReplies(byStatus))) {
      const codes = [...codesOf(response[status] as Json | undefined), ...codesOf(reply)];
      response[status] = ErrorReply([...new Set(codes)]);
    }
    route.schema = { ...schema, response };
  });
}
