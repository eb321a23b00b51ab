import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClusterWorld, type ClusterWorld } from './cluster-world';

/**
 * Traces from request to SQL: a real server process exports over OTLP/HTTP to a collector stand-in
 * (the boundary: it only records what it receives, as an OpenTelemetry Collector would).
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}
interface OtlpExport {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

const received: { scope: string; span: OtlpSpan }[] = [];
let collector: Server;
let world: ClusterWorld;
beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const data = JSON.parse(body) as OtlpExport;
        for (const resource of data.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans) received.push({ scope: scope.scope.name, span });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as { port: number };
  world = await startClusterWorld(1, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_BSP_SCHEDULE_DELAY: '200',
    OTEL_SERVICE_NAME: 'songkhoe-test',
  });
});
afterAll(async () => {
  await world?.close();
  collector?.close();
});

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((a) => a.key === key)?.value.stringValue;

describe('OpenTelemetry traces', () => {
  it('export a request span named by its route, tagged with tenant and request id, with its SQL as children', async () => {
    const server = world.servers[0]!;
    const reply = await fetch(`${server.url}/api/v1/Doctors/FilterDoctors`, {
      method: 'POST',
      headers: { companycode: 'songkhoe', 'content-type': 'application/json' },
      body: JSON.stringify({ pageNumber: 1, pageSize: 5, orderType: 'price' }),
    });
    expect(reply.status).toBe(200);
    const requestId = reply.headers.get('x-request-id')!;
    const deadline = Date.now() + 15_000;
    let root: OtlpSpan | undefined;
    while (!root && Date.now() < deadline) {
      root = received.find((r) => attribute(r.span, 'songkhoe.request_id') === requestId)?.span;
      if (!root) await new Promise((r) => setTimeout(r, 100));
    }
    expect(root?.name).toBe('POST /api/v1/Doctors/FilterDoctors');
    expect(attribute(root!, 'songkhoe.tenant')).toBe('songkhoe');
    // Wait for the query spans of that trace too (they end before the request's span).
    const queries = () =>
      received.filter((r) => r.span.traceId === root!.traceId && r.scope.includes('instrumentation-pg'));
    while (queries().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(queries().length).toBeGreaterThan(0);
    // Every span of the trace descends from the request's span.
    const byId = new Map(
      received.filter((r) => r.span.traceId === root!.traceId).map((r) => [r.span.spanId, r.span]),
    );
    for (const { span } of queries()) {
      let cursor: OtlpSpan | undefined = span;
      while (cursor && cursor.spanId !== root!.spanId)
        cursor = cursor.parentSpanId ? byId.get(cursor.parentSpanId) : undefined;
      expect(cursor?.spanId).toBe(root!.spanId);
    }
    // Probes are not traced (the start-up polled /readyz; one more, then a flush period).
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(received.some((r) => r.span.name.includes('readyz'))).toBe(false);
  });
});
