import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import type { ApiEnvelope } from '../../schemas/envelope';
import { i18n } from './i18n/i18n';
import { navigateTo } from './navigation';
import { requestErrorMessages, type Translator } from './request-errors';
import { commonHeaders } from './request-headers';
import { showToast } from './toast/toast-store';
import { clearUser, mergeUser, readUser, type StoredUser } from './user-storage';

/** Per-endpoint options (`extraOptions`) of the base query. */
export interface RequestOptions {
  /** Send no Authorization header (login, refresh, public forms). */
  skipAuth?: boolean;
  /** The caller shows its own messages; the request layer shows no toast. */
  silent?: boolean;
}

/** A request header that means the same as `skipAuth`; it is removed before sending. */
export const SKIP_AUTH_HEADER = 'x-skip-auth';

export interface BaseQueryDeps {
  translator?: Translator;
}

type Result = Awaited<ReturnType<ReturnType<typeof fetchBaseQuery>>>;

/**
 * What a server-rendering store passes as its thunk `extra` (src/app/entry-server.tsx): the
 * request's headers (the spec's seven, as the browser would send them) and a fetch that answers
 * from the same server in-process. Server requests are anonymous: no token, no refresh, no toasts.
 */
export interface ServerRequestContext {
  serverFetch: typeof fetch;
  headers: Record<string, string>;
}

const isServerContext = (extra: unknown): extra is ServerRequestContext =>
  typeof extra === 'object' && extra !== null && 'serverFetch' in extra;

/** The server render's requests: relative URLs need an origin to form a Request in Node. */
const SERVER_BASE_URL = 'http://ssr.invalid/api/v1';

/**
 * The API's address in a page: /api/v1 of the page's origin, made absolute here rather than by the
 * browser so that the same Request also forms where there is a document but no browser fetch
 * (the web tests' jsdom, whose requests the fake server answers).
 */
const pageBaseUrl = () => (typeof location === 'undefined' ? '/api/v1' : `${location.origin}/api/v1`);

/**
 * The base query of every endpoint: adds the headers of spec section 7, refreshes the token once
 * on a 401 (requests failing meanwhile wait for that same refresh and replay with the new
 * token), and shows the request-layer messages of spec section 8 as toasts.
 */
export function createBaseQuery(
  deps: BaseQueryDeps = {},
): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, RequestOptions> {
  const raw = fetchBaseQuery({ baseUrl: pageBaseUrl() });
  const translator = deps.translator ?? i18n;
  // The single refresh in flight; every 401 that arrives meanwhile awaits it (a promise-based mutex).
  let refreshing: Promise<string | null> | null = null;

  const send = (args: string | FetchArgs, api: BaseQueryApi, token: string | null, skipAuth: boolean) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
    const given = new Headers(request.headers as HeadersInit | undefined);
    const headers = new Headers(commonHeaders());
    // A multipart body needs the browser's boundary in its Content-Type.
    if (request.body instanceof FormData) headers.delete('Content-Type');
    given.forEach((value, key) => headers.set(key, value));
    headers.delete(SKIP_AUTH_HEADER);
    if (!skipAuth && token) headers.set('Authorization', `Bearer ${token}`);
    return raw({ ...request, headers }, api, {});
  };

  const refresh = async (refreshToken: string, api: BaseQueryApi): Promise<string | null> => {
    const reply = await send(
      { url: 'Auth/RefreshToken', method: 'POST', body: { refreshToken } },
      api,
      null,
      true,
    );
    if (reply.error?.status === 'FETCH_ERROR') return null; // offline: keep the session, the call just fails
    const data = (reply.data as ApiEnvelope<Partial<StoredUser> | null> | undefined)?.data;
    if (!reply.error && data?.token) return mergeUser(data)?.token ?? null;
    endSession(translator);
    return null;
  };

  /** A token to replay with after a 401 on a request sent with `tokenUsed`, or null. */
  const renewToken = (tokenUsed: string | null, api: BaseQueryApi): Promise<string | null> | null => {
    const user = readUser();
    if (!user?.token) return null;
    // Another request already refreshed while this one was in flight: just replay.
    if (!refreshing && user.token !== tokenUsed) return Promise.resolve(user.token);
    if (!user.refreshToken) {
      endSession(translator);
      return Promise.resolve(null);
    }
    refreshing ??= refresh(user.refreshToken, api).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const sendFromServer = (args: string | FetchArgs, api: BaseQueryApi, context: ServerRequestContext) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
    const headers = new Headers(context.headers);
    new Headers(request.headers as HeadersInit | undefined).forEach((value, key) => headers.set(key, value));
    headers.delete(SKIP_AUTH_HEADER);
    return fetchBaseQuery({ baseUrl: SERVER_BASE_URL, fetchFn: context.serverFetch })(
      { ...request, headers },
      api,
      {},
    );
  };

  return async (args, api, options = {}) => {
    if (isServerContext(api.extra)) return sendFromServer(args, api, api.extra);
    const skipAuth = !!options.skipAuth || hasSkipHeader(args);
    const tokenUsed = skipAuth ? null : (readUser()?.token ?? null);
    let result: Result = await send(args, api, tokenUsed, skipAuth);
    let silent = !!options.silent;
    if (result.error?.status === 401 && !skipAuth) {
      const renewal = renewToken(tokenUsed, api);
      const token = renewal && (await renewal);
      if (token) result = await send(args, api, token, false);
      // The session ended (already announced) or there was nothing to renew with a stored user.
      else if (renewal) silent = true;
    }
    if (result.error && !silent) {
      for (const message of requestErrorMessages(result.error, translator)) showToast(message, 'error');
    }
    return result;
  };
}

function hasSkipHeader(args: string | FetchArgs): boolean {
  return (
    typeof args !== 'string' && new Headers(args.headers as HeadersInit | undefined).has(SKIP_AUTH_HEADER)
  );
}

/** Clears the stored user, says why, and goes home (spec section 4, "Session"). */
function endSession(translator: Translator) {
  clearUser();
  showToast(translator.t('request.sessionExpired'), 'error');
  navigateTo('/');
}
