import fs from 'node:fs';
import { Client, Connection, type ClientInterceptors, type ConnectionOptions } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { Config } from './config';
import { searchAttributeKeys } from '../domain/search-attributes';

function tlsOptions(config: Config): ConnectionOptions['tls'] {
  const tls = config.temporal.tls;
  if (tls === true) return true;
  if (tls === false) return undefined;
  return { clientCertPair: { crt: fs.readFileSync(tls.certPath), key: fs.readFileSync(tls.keyPath) } };
}

export async function connectClient(config: Config): Promise<Client> {
  const connection = await Connection.connect({ address: config.temporal.address, tls: tlsOptions(config) });
  return new Client({ connection, namespace: config.temporal.namespace, interceptors: clientInterceptors(config) });
}

/** With tracing on, each start, update and signal is a span whose context travels in the call's headers to the workflow. */
function clientInterceptors(config: Config): ClientInterceptors | undefined {
  if (!config.tracing.enabled) return undefined;
  const otel: typeof import('@temporalio/interceptors-opentelemetry') = require('@temporalio/interceptors-opentelemetry');
  return { workflow: [new otel.OpenTelemetryWorkflowClientInterceptor()] };
}

export function connectWorker(config: Config): Promise<NativeConnection> {
  return NativeConnection.connect({ address: config.temporal.address, tls: tlsOptions(config) });
}

/**
 * Worker options shared by the worker and the bench's.
 *
 * Polling: the SDK gives new workflow runs a fifth of a worker's pollers and the runs it holds the
 * rest, so on a busy worker a process being started waited seconds behind others' next steps; shared
 * evenly, a start waits about as long as a step (docs/performance.md, "Starting a process under load").
 *
 * Cache: a request's workflow waits on people for days, so a worker keeps only the
 * `maxCachedWorkflows` most recently active in memory and replays an evicted one from its history at
 * its next step. The SDK's default on a 4 GB heap is about 2,300, which let the worker grow to
 * 500–750 MB under the bench's journeys.
 */
export const workerTuning = (temporal: Pick<Config['temporal'], 'maxCachedWorkflows'>) => ({
  nonStickyToStickyPollRatio: 1,
  maxCachedWorkflows: temporal.maxCachedWorkflows,
});

/** Registers our search attributes when missing (idempotent; safe on every start). */
export async function ensureSearchAttributes(client: Client, namespace: string): Promise<void> {
  const { customAttributes } = await client.connection.operatorService.listSearchAttributes({ namespace });
  const missing = searchAttributeKeys.filter((key) => !(key.name in (customAttributes ?? {})));
  if (missing.length === 0) return;
  await client.connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(missing.map((key) => [key.name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
  });
}

/** A lazily connected client that retries on the next call after a failure. */
export function lazyClient(config: Config): () => Promise<Client> {
  let pending: Promise<Client> | null = null;
  return () => {
    pending ??= connectClient(config).catch((err) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
