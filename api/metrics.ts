// The API process's Prometheus metrics (prom-client): requests by route template and status, their
// latency and 5xx errors, the database pool, the e-mail outbox's backlog and the open tasks. Served
// on a port of their own (METRICS_PORT) and/or on the public port behind METRICS_TOKEN, never openly
// on the public port (infra/config.ts). The worker's come from the Temporal SDK (worker.ts).
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import client from 'prom-client';
import type { Db } from '../infra/db';
import { routeTemplate } from './middleware/route-template';

/** How long one read of the backlog and the open tasks serves scrapes (several Prometheus servers, or a fast scrape). */
export const BACKLOG_CACHE_MS = 5000;

interface BacklogRow {
  kind: 'task' | 'outbox';
  key: string;
  count: number;
  overdue: number;
  oldest_due_seconds: number;
}

/**
 * Open tasks by type with how many are overdue, and the e-mails waiting (with how long the
 * longest-due has waited) or given up on: one statement, each part read from an index
 * (migrations/20261201000000_metrics_indexes.ts).
 */
async function readBacklog(db: Db): Promise<BacklogRow[]> {
  const { rows } = await db.raw<{ rows: BacklogRow[] }>(`
    select 'task' as kind, type as key, count(*)::int as count, (count(*) filter (where due_at < now()))::int as overdue, 0 as oldest_due_seconds
      from request_tasks group by type
    union all
    select 'outbox', 'PENDING', count(*)::int, 0, coalesce(greatest(0, extract(epoch from now() - min(next_attempt_at))), 0)::int
      from email_outbox where status = 'PENDING'
    union all
    select 'outbox', 'FAILED', count(*)::int, 0, 0 from email_outbox where status = 'FAILED'`);
  return rows;
}

/** `read`, shared by the calls within `ms` of the last one (and by calls made while it runs). */
function cached<T>(read: () => Promise<T>, ms: number): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > ms) {
      const value = read();
      last = { at: Date.now(), value };
      value.catch(() => (last = null));
    }
    return last.value;
  };
}

export interface ApiMetrics {
  registry: client.Registry;
  /** Counts and times every request; first in the stack, so it sees the answer the client gets. */
  middleware: Middleware;
}

export function createApiMetrics(db: Db): ApiMetrics {
  const registry = new client.Registry();
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new client.Counter({
    name: 'esos_http_requests_total',
    help: 'HTTP requests answered, by route template and status',
    labelNames,
    registers,
  });
  const errors = new client.Counter({
    name: 'esos_http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status',
    labelNames,
    registers,
  });
  const duration = new client.Histogram({
    name: 'esos_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by route template and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  new client.Gauge({
    name: 'esos_db_pool_connections',
    help: 'Connections of the database pool: used (lent to a query), free, and pending (queries waiting for one)',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = (db.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } })
        .pool;
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
    },
  });

  const backlog = cached(() => readBacklog(db), BACKLOG_CACHE_MS);
  /** Sets a gauge from the backlog; while the database does not answer, the gauge has no value. */
  const fromBacklog = (gauge: client.Gauge<string>, fill: (rows: BacklogRow[]) => void) =>
    backlog().then(
      (rows) => {
        gauge.reset();
        fill(rows);
      },
      () => gauge.reset(),
    );
  new client.Gauge({
    name: 'esos_open_tasks',
    help: 'Open tasks, by task type (the same in every API process: aggregate with max)',
    labelNames: ['type'],
    registers,
    collect() {
      return fromBacklog(this, (rows) =>
        rows.filter((r) => r.kind === 'task').forEach((r) => this.set({ type: r.key }, r.count)),
      );
    },
  });
  new client.Gauge({
    name: 'esos_overdue_tasks',
    help: 'Open tasks past their due moment, by task type',
    labelNames: ['type'],
    registers,
    collect() {
      return fromBacklog(this, (rows) =>
        rows.filter((r) => r.kind === 'task').forEach((r) => this.set({ type: r.key }, r.overdue)),
      );
    },
  });
  new client.Gauge({
    name: 'esos_email_outbox_messages',
    help: 'E-mails in the outbox not sent: PENDING (waiting or being retried) and FAILED (given up after 10 attempts)',
    labelNames: ['status'],
    registers,
    collect() {
      return fromBacklog(this, (rows) =>
        rows.filter((r) => r.kind === 'outbox').forEach((r) => this.set({ status: r.key }, r.count)),
      );
    },
  });
  new client.Gauge({
    name: 'esos_email_outbox_oldest_due_seconds',
    help: 'How long the pending e-mail due longest ago has waited past its next attempt (0: none waiting)',
    registers,
    collect() {
      return fromBacklog(this, (rows) =>
        this.set(rows.find((r) => r.kind === 'outbox' && r.key === 'PENDING')?.oldest_due_seconds ?? 0),
      );
    },
  });

  const middleware: Middleware = async (ctx, next) => {
    const stop = duration.startTimer();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routeTemplate(ctx), status: String(ctx.status) };
      stop(labels);
      requests.inc(labels);
      if (ctx.status >= 500) errors.inc(labels);
    }
  };
  return { registry, middleware };
}

const sameToken = (given: string, token: string) =>
  given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));

/** `/metrics` on the public port, for `Authorization: Bearer <METRICS_TOKEN>` only; 404 for anyone else. */
export function metricsRoute(metrics: ApiMetrics, token: string): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    const given = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    if (ctx.method !== 'GET' || !given || !sameToken(given, token)) {
      ctx.status = 404;
      ctx.body = { code: 'NOT_FOUND', message: 'Page not found' };
      return;
    }
    ctx.set('Content-Type', metrics.registry.contentType);
    ctx.body = await metrics.registry.metrics();
  };
}

/** A listener of its own answering GET /metrics, off the public port (METRICS_PORT, METRICS_HOST). */
export async function startMetricsServer(registry: client.Registry, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (err: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  // `exclusive`: in a node:cluster process the port is its own, not shared with the others.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
