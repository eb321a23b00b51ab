import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces: one span per request, named by its route template, with the
 * SQL it ran as child spans, exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) when one is set; nothing is loaded or recorded otherwise.
 * This file holds only what the app needs at run time (the API, a no-op without the SDK);
 * start.ts starts the SDK before the server loads (server/server.ts).
 */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Flushes spans not yet exported (set by start.ts; the server awaits it before exiting). */
let flush: () => Promise<void> = async () => undefined;
export const flushTraces = () => flush();
export function setTraceFlush(fn: () => Promise<void>): void {
  flush = fn;
}

/**
 * Names each request's span by method and route template (the HTTP instrumentation knows only
 * the method) and tags it with the tenant and the request id, so a trace is found from a log
 * line or an error reply's requestId.
 */
export function nameRequestSpans(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const span = trace.getActiveSpan();
    if (!span) return;
    const route = request.routeOptions.url ?? 'unmatched';
    span.updateName(`${request.method} ${route}`);
    span.setAttributes({
      'http.route': route,
      'songkhoe.request_id': request.id,
      ...(request.tenant && { 'songkhoe.tenant': request.tenant.config.code }),
    });
  });
}
