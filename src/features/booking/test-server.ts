import { vi } from 'vitest';

/**
 * A fake of the API for the booking tests, at the fetch boundary: the real store, endpoints and
 * base query run; each request is answered by a route of the test (or 404) and recorded.
 */
export interface Sent {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = { status?: number; data?: unknown; errors?: string[]; code?: string } | 'network';
type Route = (sent: Sent) => Answer | undefined;

const envelope = (answer: Exclude<Answer, 'network'>) => ({
  isSuccess: (answer.status ?? 200) < 400,
  codeMessageRespond: answer.code ?? null,
  message: null,
  data: answer.data ?? null,
  errors: answer.errors ?? null,
});

export function fakeServer(routes: Record<string, Route | Answer>) {
  const sent: Sent[] = [];
  // The app's base URL is relative ('/api/v1'); Node's Request needs an origin.
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
      const entry: Sent = {
        method: request.method,
        path: url.pathname.replace(/^\/api\/v1\//, ''),
        search: url.searchParams,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      sent.push(entry);
      const key = Object.keys(routes).find((pattern) => {
        const [method, path] = pattern.includes(' ') ? pattern.split(' ') : ['GET', pattern];
        return method === entry.method && new RegExp(`^${path}$`).test(entry.path);
      });
      const route = key ? routes[key] : undefined;
      const answer: Answer | undefined =
        typeof route === 'function' ? route(entry) : (route ?? { status: 404, code: 'not_found' });
      if (answer === 'network') throw new TypeError('Failed to fetch');
      const reply = answer ?? { status: 404 };
      return new Response(JSON.stringify(envelope(reply)), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    sent,
    calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path),
  };
}
