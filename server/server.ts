/**
 * Process entry (`node --import tsx server/server.ts`, `npm start`, the container's CMD). When
 * traces are configured (OTEL_EXPORTER_OTLP_ENDPOINT), tracing starts first: it patches `http` and
 * `pg` as they load, so the server is loaded after it, dynamically (server/main.ts).
 */
import { tracingConfigured } from './services/tracing/index';

if (tracingConfigured(process.env)) {
  const { startTracing } = await import('./services/tracing/start');
  await startTracing();
}
await import('./main');
