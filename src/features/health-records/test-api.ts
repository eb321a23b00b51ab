import { vi } from 'vitest';

/** One recorded request of the fake API. */
export interface SentRequest {
  method: string;
  /** The path under /api/v1/ (or the whole pathname for other URLs, e.g. an upload URL). */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** A JSON body parsed; any other body as its size in bytes. */
  body: unknown;
}

/** An answer: envelope parts, raw bytes (a file), or a function of the request. */
export type FakeAnswer =
  | { status?: number; data?: unknown; errors?: string[]; code?: string }
  | { bytes: Uint8Array<ArrayBuffer>; type: string };
type FakeRoute = FakeAnswer | ((sent: SentRequest) => FakeAnswer);

/**
 * The API faked at the fetch boundary for the health records component tests: the real store,
 * endpoints and base query run. Routes are 'METHOD path' (or 'path' for GET) matched exactly;
 * anything else answers 404. Upload PUTs carry file bytes, so non-JSON bodies are recorded by
 * size. Every request is recorded.
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
      let body: unknown;
      if (request.method !== 'GET') {
        const bytes = new Uint8Array(await request.arrayBuffer());
        const text = new TextDecoder().decode(bytes);
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = bytes.length;
        }
      }
      const entry: SentRequest = {
        method: request.method,
        path: url.pathname.replace(/^\/api\/v1\//, ''),
        search: url.searchParams,
        headers: request.headers,
        body,
      };
      sent.push(entry);
      const route =
        routes[`${entry.method} ${entry.path}`] ?? (entry.method === 'GET' ? routes[entry.path] : undefined);
      const answer: FakeAnswer =
        typeof route === 'function' ? route(entry) : (route ?? { status: 404, code: 'not_found' });
      if ('bytes' in answer) {
        return new Response(answer.bytes as Uint8Array<ArrayBuffer>, {
          status: 200,
          headers: { 'Content-Type': answer.type },
        });
      }
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
  return {
    sent,
    calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path),
  };
}
