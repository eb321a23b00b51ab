import { register } from 'node:module';
import { setTraceFlush } from './index';

/**
 * Starts the OpenTelemetry SDK: HTTP server spans and PostgreSQL (`pg`) query spans, exported in
 * batches over OTLP/HTTP (JSON) to the endpoint of the standard OTEL_* variables (service name
 * OTEL_SERVICE_NAME, default songkhoe). Our modules are ES modules, so the instrumentations patch
 * them through import-in-the-middle's loader hook, registered here before the server loads.
 * Probes (/healthz, /readyz) are not traced: they would drown the traces that matter.
 */
export async function startTracing(): Promise<void> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'songkhoe',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz)\b/.test(request.url ?? ''),
      }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  setTraceFlush(() => sdk.shutdown());
}
