import { AsyncLocalStorage } from 'node:async_hooks';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino from 'pino';

/** Fields every line logged while handling one HTTP request carries (e.g. the workflow it acted on). */
const requestFields = new AsyncLocalStorage<Record<string, unknown>>();

export function withLogFields<T>(fn: () => T): T {
  return requestFields.run({}, fn);
}

/** Adds fields to the lines logged from here to the end of the current request (none outside one). */
export function addLogFields(fields: Record<string, unknown>): void {
  const store = requestFields.getStore();
  if (store) Object.assign(store, fields);
}

/**
 * The active span's trace and span ids (tracing on: infra/tracing.ts), so an operator goes from a
 * line to its trace, and the request's own fields.
 */
function mixin(): Record<string, unknown> {
  const span = trace.getActiveSpan()?.spanContext();
  const ids = span && isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {};
  const fields = requestFields.getStore();
  return fields ? { ...ids, ...fields } : ids;
}

/** Logs JSON lines to stdout, or to `destination` (a test's or a script's own sink). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    { level, base: { service: 'esos-reporting' }, mixin, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
