/**
 * A failure the client should see: HTTP status, the spec's code (codeMessageRespond) and message
 * keys (errors). Thrown anywhere in a handler; the error handler turns it into the envelope.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly errors: string[] | null = null,
    /** A 503's Retry-After: when trying again may work (a service the request needs is away). */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const notFound = (code = 'not_found') => new ApiError(404, code);
export const badRequest = (errors: string[], code = 'invalid_request') => new ApiError(400, code, errors);
export const unauthorized = (code = 'unauthorized') => new ApiError(401, code);
