import type { ApiEnvelope } from '../../schemas/envelope';

/** A successful reply in the envelope. */
export function ok<T>(data: T, message: string | null = null): ApiEnvelope<T> {
  return { isSuccess: true, codeMessageRespond: null, message, data, errors: null };
}

/** A failed reply in the envelope. */
export function failure(
  code: string,
  message: string | null,
  errors: string[] | null = null,
): ApiEnvelope<null> {
  return { isSuccess: false, codeMessageRespond: code, message, data: null, errors };
}
