import { vi } from 'vitest';

/** One recorded request of the fake API. */
export interface Sent {
  method: string;
  /** The path under /api/v1/ (or the whole pathname for other URLs). */
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** An answer: the envelope's data (and status / errors), or raw bytes. */
export type Answer =
  | { status?: number; data?: unknown; errors?: string[]; code?: string }
  | { bytes: Uint8Array<ArrayBuffer>; type: string };

/**
 * The API faked at the fetch boundary for the insurance component tests (the real store,
 * endpoints and base query run): `answer` gives each request's reply, null for 404. Every request
 * is recorded. (A copy of the health records tests' fake in a smaller form: features do not import
 * each other's test helpers.)
 */
export function fakeApi(answer: (sent: Sent) => Answer | null) {
  const sent: Sent[] = [];
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
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text.length;
      }
      const entry: Sent = {
        method: request.method,
        path: url.pathname.replace(/^\/api\/v1\//, ''),
        search: url.searchParams,
        body,
      };
      sent.push(entry);
      const reply = answer(entry) ?? { status: 404, code: 'not_found' };
      if ('bytes' in reply)
        return new Response(reply.bytes, { status: 200, headers: { 'Content-Type': reply.type } });
      const status = reply.status ?? 200;
      return new Response(
        JSON.stringify({
          isSuccess: status < 400,
          codeMessageRespond: reply.code ?? null,
          message: null,
          data: reply.data ?? null,
          errors: reply.errors ?? null,
        }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return {
    sent,
    calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path),
  };
}
