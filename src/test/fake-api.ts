import { http, HttpResponse } from 'msw';
import { server } from './msw-server';

/**
 * The API faked at the network for component tests, on the one MSW server (src/test/msw-server.ts):
 * the real store, RTK Query endpoints and base query run, and fetch itself is the platform's.
 * Every request is recorded. One implementation for every feature's tests.
 */

/** One recorded request. */
export interface SentRequest {
  method: string;
  /** The path under /api/v1/ (or the whole pathname for other URLs, e.g. an upload URL). */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  authorization: string | null;
  /** A JSON body parsed; a multipart body as FormData (also in `form`); any other body as its size. */
  body: unknown;
  /** The multipart body, when the request sent one. */
  form?: FormData;
}

/** An answer: envelope parts, raw bytes (a file), a whole Response, or 'network' (fetch fails). */
export type FakeAnswer =
  | { status?: number; data?: unknown; errors?: string[]; code?: string; message?: string }
  | { bytes: Uint8Array<ArrayBuffer>; type: string }
  | Response
  | 'network';
/** A route's answer to one request; a promise holds the reply back while the test acts. */
type Answering = (
  sent: SentRequest,
) => FakeAnswer | null | undefined | Promise<FakeAnswer | null | undefined>;
export type FakeRoute = FakeAnswer | Answering;
/** Routes 'METHOD path' (or 'path' for GET) matched exactly, or one function answering every request. */
export type FakeRoutes = Record<string, FakeRoute> | Answering;

const NOT_FOUND = { status: 404, code: 'not_found' } as const;

/**
 * A multipart body read by hand: Node's own parser (Request.formData) rejects the files it makes
 * under jsdom, whose File is not Node's. Files come back as jsdom Files, as a page would see them.
 */
function readMultipart(bytes: Uint8Array, type: string): FormData {
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1] ?? '';
  // Latin-1 keeps one character per byte, so a file's bytes survive the split.
  const text = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  const form = new FormData();
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split);
    const body = Uint8Array.from(part.slice(split + 4, -2), (char) => char.charCodeAt(0));
    const name = /; name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /; filename="([^"]*)"/.exec(head)?.[1];
    const partType = /content-type: *([^\r\n]+)/i.exec(head)?.[1] ?? '';
    if (filename === undefined) form.append(name, new TextDecoder().decode(body));
    else form.append(name, new File([body], filename, { type: partType }));
  }
  return form;
}

async function record(request: Request): Promise<SentRequest> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  const sent: SentRequest = {
    method: request.method,
    path: url.pathname.replace(/^\/api\/v1\//, ''),
    search: url.searchParams,
    headers: request.headers,
    authorization: request.headers.get('authorization'),
    body: undefined,
  };
  if (request.method === 'GET') return sent;
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (type.startsWith('multipart/form-data')) {
    sent.form = readMultipart(bytes, type);
    sent.body = sent.form;
    return sent;
  }
  const text = new TextDecoder().decode(bytes);
  try {
    sent.body = text ? JSON.parse(text) : undefined;
  } catch {
    sent.body = bytes.length;
  }
  return sent;
}

function respond(answer: FakeAnswer): Response {
  if (answer === 'network') return HttpResponse.error();
  if (answer instanceof Response) return answer;
  if ('bytes' in answer) {
    return new Response(answer.bytes, { status: 200, headers: { 'Content-Type': answer.type } });
  }
  const status = answer.status ?? 200;
  return Response.json(
    {
      isSuccess: status < 400,
      codeMessageRespond: answer.code ?? null,
      message: answer.message ?? null,
      data: answer.data ?? null,
      errors: answer.errors ?? null,
    },
    { status },
  );
}

/**
 * Answers every request of this test (any URL: the API's, an upload URL) from `routes`; anything
 * they do not answer gets 404 `not_found`. A later call replaces the earlier one's routes.
 */
export function fakeApi(routes: FakeRoutes) {
  const sent: SentRequest[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const entry = await record(request);
      sent.push(entry);
      const route =
        typeof routes === 'function'
          ? routes
          : (routes[`${entry.method} ${entry.path}`] ??
            (entry.method === 'GET' ? routes[entry.path] : undefined));
      const answer = typeof route === 'function' ? await route(entry) : route;
      return respond(answer ?? NOT_FOUND);
    }),
  );
  return {
    sent,
    /** The requests of one route: `calls('GET', 'Users/X')` or `calls('GET Users/X')`. */
    calls: (method: string, path?: string) =>
      sent.filter((s) =>
        path === undefined ? `${s.method} ${s.path}` === method : s.method === method && s.path === path,
      ),
  };
}
