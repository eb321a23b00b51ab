import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What the request layer needs from i18next: a lookup and an existence check. */
export interface Translator {
  t: (key: string) => string;
  exists: (key: string) => boolean;
}

interface ErrorBody {
  codeMessageRespond?: string | null;
  message?: string | null;
  errors?: string[] | null;
}

const bodyOf = (error: FetchBaseQueryError): ErrorBody =>
  error.data && typeof error.data === 'object' ? (error.data as ErrorBody) : {};

const translated = (i18n: Translator, key: string | null | undefined) =>
  key && i18n.exists(key) ? i18n.t(key) : null;

/**
 * The messages to show for a failed request, after spec section 8 "Request-layer handling":
 * 401/403 a message mapped from codeMessageRespond (else the reply's message, else "unknown
 * error"), or "access denied" without a code; 500 the server-error sentence; other statuses each
 * entry of `errors`, translated when a key exists; and a generic fallback.
 */
export function requestErrorMessages(error: FetchBaseQueryError, i18n: Translator): string[] {
  const body = bodyOf(error);
  const { status } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return [i18n.t('request.networkError')];
  if (status === 401 || status === 403) {
    if (!body.codeMessageRespond) return [body.message || i18n.t('request.accessDenied')];
    return [translated(i18n, body.codeMessageRespond) ?? (body.message || i18n.t('request.unknownError'))];
  }
  if (status === 500) return [i18n.t('request.serverError')];
  const listed = (body.errors ?? []).filter(Boolean).map((entry) => translated(i18n, entry) ?? entry);
  if (listed.length > 0) return listed;
  const single = translated(i18n, body.codeMessageRespond) ?? body.message;
  return [single || i18n.t('request.fallback')];
}
