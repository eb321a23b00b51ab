import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of eSMS.vn's JSON API (SendMultipleMessage_V4_post_json, as documented at
 * developers.esms.vn): checks ApiKey/SecretKey (101), the brand name (104), answers 100 with an
 * SMSID, and 124 for a RequestId it has already taken (eSMS blocks a repeated RequestId for 24 h).
 */
export interface TestEsmsGateway {
  url: string;
  /** Messages the gateway took (a duplicate RequestId is not taken again). */
  accepted: { Phone: string; Content: string; Brandname: string; RequestId?: string; IsUnicode: string }[];
  /** Every request, duplicates included. */
  requests: Record<string, string>[];
  /** Answer the next requests with this HTTP status (e.g. 503), or null for normal service. */
  failWith: number | null;
  /**
   * Runs after the gateway took a message and before it answers (a process killed in the middle
   * of a send has the message taken but never hears so).
   */
  afterAccept: (() => Promise<void>) | null;
  close(): Promise<void>;
}

export async function startEsmsGateway(credentials: {
  apiKey: string;
  secretKey: string;
  brandName: string;
}): Promise<TestEsmsGateway> {
  const seen = new Set<string>();
  const state: TestEsmsGateway = {
    url: '',
    accepted: [],
    requests: [],
    failWith: null,
    afterAccept: null,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      void (async () => {
        const reply = (json: object) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(json));
        };
        if (state.failWith) {
          res.statusCode = state.failWith;
          return res.end('unavailable');
        }
        const r = JSON.parse(body) as Record<string, string>;
        state.requests.push(r);
        if (r.ApiKey !== credentials.apiKey || r.SecretKey !== credentials.secretKey)
          return reply({ CodeResult: '101', CountRegenerate: 0, ErrorMessage: 'Authorize Failed' });
        if (r.Brandname !== credentials.brandName)
          return reply({
            CodeResult: '104',
            CountRegenerate: 0,
            ErrorMessage: 'Brand name code is not exist',
          });
        if (r.RequestId && seen.has(r.RequestId))
          return reply({
            CodeResult: '124',
            CountRegenerate: 0,
            ErrorMessage: 'Request exist 1',
            SendStatus: '5',
          });
        if (r.RequestId) seen.add(r.RequestId);
        state.accepted.push({
          Phone: r.Phone!,
          Content: r.Content!,
          Brandname: r.Brandname!,
          RequestId: r.RequestId,
          IsUnicode: r.IsUnicode!,
        });
        if (state.afterAccept) await state.afterAccept();
        reply({ CodeResult: '100', CountRegenerate: 0, SMSID: `sms-${state.accepted.length}` });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/MainService.svc/json/SendMultipleMessage_V4_post_json/`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
