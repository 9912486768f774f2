// The API in a bench child process, as production runs it (node:cluster when BENCH_API_PROCESSES > 1),
// with the bench's token key and cache size, answering the bench's `stats` messages.
import cluster from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, type JWK } from 'jose';
import { answerStats, ownStats, type ApiStats } from './process-stats';
import { AUDIENCE, ISSUER } from './tokens';

export async function serveApi(): Promise<void> {
  const processes = Number(process.env.BENCH_API_PROCESSES ?? 1);
  if (processes > 1 && cluster.isPrimary) return servePrimary(processes);
  const app = await createBenchApp();
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 60_000;
  listenForTheBench(server);
}

async function createBenchApp() {
  await import('../../test/processes/two-step');
  const { createApp } = await import('../../api/app');
  const { createTokenVerifier } = await import('../../api/auth/verify-token');
  const { loadConfig } = await import('../../infra/config');
  const { createDb } = await import('../../infra/db');
  const { createLogger } = await import('../../infra/logger');
  const { lazyClient } = await import('../../infra/temporal');
  const { ClamdScanner } = await import('../../infra/clamd');
  const config = loadConfig();
  const verifyToken = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: createLocalJWKSet({ keys: [JSON.parse(process.env.BENCH_JWK!) as JWK] }),
    cacheSize: Number(process.env.BENCH_TOKEN_CACHE),
  });
  const logger = createLogger(process.env.BENCH_LOG_LEVEL ?? 'silent');
  return createApp({
    config,
    db: createDb(config.databaseUrl, { min: 2, max: 12 }),
    logger,
    temporal: lazyClient(config),
    verifyToken,
    virusScanner: new ClamdScanner(config.clamav),
  });
}

/**
 * Listens on a free port and tells the bench which; ends on SIGINT or when the bench goes.
 * (In a cluster every worker's listen(0) gets the same port, handed out by the primary.)
 */
export function listenForTheBench(server: http.Server): void {
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('SIGINT', () => process.exit(0)); // --cpu-prof writes its profile on a normal exit
  process.on('disconnect', () => process.exit(0));
  answerStats();
}

/** The cluster's primary: forks the API processes, tells the bench the port once all listen, sums their figures. */
export async function servePrimary(processes: number): Promise<void> {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  const ports = await Promise.all(
    workers.map((w) => new Promise<number>((resolve) => w.once('message', (m: { port: number }) => resolve(m.port)))),
  );
  process.send!({ port: ports[0] });
  const stop = () => {
    for (const w of workers) w.process.kill('SIGINT');
    void Promise.all(workers.map((w) => new Promise((r) => (w.isDead() ? r(null) : w.once('exit', r))))).then(() =>
      process.exit(0),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('message', async (m: { type: string }) => {
    if (m.type !== 'stats') return;
    const each = await Promise.all(workers.map((w) => askWorker(w)));
    const primary = ownStats();
    process.send!({
      maxRssMb: each.reduce((a, b) => a + b.maxRssMb, 0),
      cpuMs: primary.cpuMs + each.reduce((a, b) => a + b.cpuMs, 0),
      each: each.map((e) => e.maxRssMb),
      eachCpuMs: each.map((e) => e.cpuMs),
    } satisfies ApiStats);
  });
}

function askWorker(w: ReturnType<typeof cluster.fork>): Promise<ApiStats> {
  return new Promise<ApiStats>((resolve) => {
    w.once('message', resolve);
    w.send({ type: 'stats' });
  });
}
