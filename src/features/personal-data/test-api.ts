import { vi } from 'vitest';

/** One recorded request of the fake API. */
export interface SentRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** An envelope's parts, or a whole Response (the export archive). */
export type FakeAnswer = { status?: number; data?: unknown; errors?: string[]; code?: string } | Response;
type FakeRoute = FakeAnswer | ((sent: SentRequest) => FakeAnswer);

/**
 * The API faked at the fetch boundary for the personal-data component tests: the real store,
 * endpoints and base query run; routes are 'METHOD path' (or 'path' for GET); anything else
 * answers 404. Every request is recorded.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const sent: SentRequest[] = [];
  const NodeRequest = globalThis.Request;
  class RelativeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? `http://portal.test${input}` : input, init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new RelativeRequest(input as string, init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const entry: SentRequest = {
        method: request.method,
        path: url.pathname.replace(/^\/api\/v1\//, ''),
        search: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
        headers: request.headers,
      };
      sent.push(entry);
      const route =
        routes[`${entry.method} ${entry.path}`] ?? (entry.method === 'GET' ? routes[entry.path] : undefined);
      const answer =
        typeof route === 'function' ? route(entry) : (route ?? { status: 404, code: 'not_found' });
      if (answer instanceof Response) return answer;
      const status = answer.status ?? 200;
      return new Response(
        JSON.stringify({
          isSuccess: status < 400,
          codeMessageRespond: answer.code ?? null,
          message: null,
          data: answer.data ?? null,
          errors: answer.errors ?? null,
        }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return { sent, calls: (key: string) => sent.filter((s) => `${s.method} ${s.path}` === key) };
}

/** The consent reply of GetHealthDataConsent. */
export const consentReply = (consented: boolean, version = '2026-01') => ({
  version,
  text: 'Sống Khỏe xử lý dữ liệu sức khỏe của bạn để lưu hồ sơ.',
  language: 'vi',
  consented,
  givenAt: consented ? '2026-03-01T02:05:00.000Z' : null,
});
