import { vi } from 'vitest';
import type { FeeGuarantee } from './api';

/** One recorded request: JSON bodies parsed, multipart bodies as FormData. */
export interface Sent {
  method: string;
  path: string;
  search: URLSearchParams;
  json?: unknown;
  form?: FormData;
  authorization: string | null;
}

type Answer = { status?: number; data?: unknown; errors?: string[]; code?: string };

/**
 * The API faked at the fetch boundary (the real store, endpoints and base query run): routes are
 * 'METHOD path' (or 'path' for GET); anything else answers 404. Every request is recorded.
 */
export function fakeFeeApi(routes: Record<string, Answer | ((sent: Sent) => Answer)>) {
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
      const type = request.headers.get('content-type') ?? '';
      const entry: Sent = {
        method: request.method,
        path: url.pathname.replace(/^\/api\/v1\//, ''),
        search: url.searchParams,
        authorization: request.headers.get('authorization'),
      };
      if (type.startsWith('multipart/form-data')) entry.form = await request.formData();
      else if (request.method !== 'GET') {
        const text = await request.text();
        entry.json = text ? JSON.parse(text) : undefined;
      }
      sent.push(entry);
      const route =
        routes[`${entry.method} ${entry.path}`] ?? (entry.method === 'GET' ? routes[entry.path] : undefined);
      const answer =
        typeof route === 'function' ? route(entry) : (route ?? { status: 404, code: 'not_found' });
      const status = answer.status ?? 200;
      return Response.json(
        {
          isSuccess: status < 400,
          codeMessageRespond: answer.code ?? null,
          message: null,
          data: answer.data ?? null,
          errors: answer.errors ?? null,
        },
        { status },
      );
    }),
  );
  return sent;
}

/** A request as the server describes it. */
export const request = (overrides: Partial<FeeGuarantee> = {}): FeeGuarantee => ({
  feeGuaranteeId: 7,
  status: 'waiting',
  appointmentId: 41,
  appointmentNumber: 'SH-20301105-0041',
  patientId: 3,
  patientName: 'Trần Thị Mai',
  hospitalId: 2,
  hospitalName: 'Bệnh viện Sông Hồng',
  insuranceCompany: 'Bảo Việt',
  policyNumber: 'BV-1',
  estimatedAmount: 5_000_000,
  note: '',
  approvedAmount: null,
  decisionNote: null,
  decidedAt: null,
  signedAt: null,
  signatureUrl: null,
  createdAt: '2030-03-03T17:30:00.000Z',
  ...overrides,
});
