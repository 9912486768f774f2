// OpenTelemetry traces: one trace from the caller's API call (a W3C `traceparent` header is
// joined) through the Koa route (api/middleware/trace.ts), the Temporal update, the workflow and its
// activities (@temporalio/interceptors-opentelemetry) down to each SQL statement (the pg
// instrumentation), exported over OTLP/HTTP to the collector the OpenTelemetry variables name.
//
// Off unless a collector is named (infra/config.ts tracingEnabled): then none of the SDK is loaded
// and nothing is patched. Import this module before anything that loads `pg` (api/server.ts and
// worker.ts import it first): the instrumentation hooks `require` and patches what is loaded after.
import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Resource } from '@opentelemetry/resources';
import { tracingEnabled } from './config';

if (tracingEnabled()) {
  const {
    registerInstrumentations,
  }: typeof import('@opentelemetry/instrumentation') = require('@opentelemetry/instrumentation');
  const {
    PgInstrumentation,
  }: typeof import('@opentelemetry/instrumentation-pg') = require('@opentelemetry/instrumentation-pg');
  // Statements inside a trace only: the outbox listener's and the pools' own chatter starts none.
  registerInstrumentations({ instrumentations: [new PgInstrumentation({ requireParentSpan: true })] });
}

export interface Tracing {
  resource: Resource;
  /** Where every span of the process goes, the workflows' too (the worker's `exporter` sink). */
  spanProcessor: SpanProcessor;
  /** Sends what is still buffered; call before the process exits. */
  shutdown: () => Promise<void>;
}

/**
 * Registers the process's tracer provider (W3C trace context, AsyncLocalStorage context) with a
 * batching OTLP/HTTP exporter; null when tracing is off. The OTEL_* variables (endpoint, headers,
 * OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER, OTEL_BSP_*) apply as the SDK
 * defines them; `serviceName` is the default service.name.
 */
export function startTracing(serviceName: string): Tracing | null {
  if (!tracingEnabled()) return null;
  const {
    NodeTracerProvider,
  }: typeof import('@opentelemetry/sdk-trace-node') = require('@opentelemetry/sdk-trace-node');
  const {
    BatchSpanProcessor,
  }: typeof import('@opentelemetry/sdk-trace-base') = require('@opentelemetry/sdk-trace-base');
  const {
    OTLPTraceExporter,
  }: typeof import('@opentelemetry/exporter-trace-otlp-http') = require('@opentelemetry/exporter-trace-otlp-http');
  const resources: typeof import('@opentelemetry/resources') = require('@opentelemetry/resources');
  const resource = resources.Resource.default()
    .merge(new resources.Resource({ 'service.name': serviceName }))
    .merge(resources.envDetectorSync.detect());
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  return { resource, spanProcessor, shutdown: () => provider.shutdown() };
}

/** The trace id of the span in whose context the caller runs, if any. */
export function activeTraceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? context.traceId : undefined;
}
