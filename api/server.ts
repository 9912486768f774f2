// The web process: migrates the database, then serves the SPA, the API and the identity provider
// on one origin. With WEB_CONCURRENCY=n (default 1) it runs n processes sharing the port
// (node:cluster): one Node process uses one core, and everything they share (sessions, keys,
// sign-in counters) is in PostgreSQL, so any of them can answer any request.
// First: with tracing on, it patches `pg` before anything loads it (infra/tracing.ts).
import { startTracing } from '../infra/tracing';
import cluster from 'node:cluster';
import type http from 'node:http';
import { createApp } from './app';
import { createHttpServer } from './http-server';
import type { AppDeps } from './deps';
import { loadConfig, type Config } from '../infra/config';
import { createDb, ensureDatabase, migrate, type Db } from '../infra/db';
import { createLogger, type Logger } from '../infra/logger';
import { lazyClient } from '../infra/temporal';
import { createLocalJWKSet } from 'jose';
import { createTokenVerifier } from './auth/verify-token';
import { createIdentity } from '../identity';
import { publicJwks } from '../identity/keys';
import { seedDemoData } from '../infra/seed';
import { ClamdScanner } from '../infra/clamd';
import { setMiReaderPasswords } from '../infra/mi-readers';
import { createApiMetrics, startMetricsServer } from './metrics';

/** Once per start, before any process serves: the schema, the demo data and the signing key. */
async function prepare(config: Config, db: Db, logger: Logger): Promise<void> {
  await ensureDatabase(config.databaseUrl);
  await migrate(db);
  await setMiReaderPasswords(db, config.databaseUrl, config.miReports.readerPassword);
  if (config.seedDemoData) await seedDemoData(db, logger);
}

export async function startServer(
  options: { prepared?: boolean } = {},
): Promise<{ server: http.Server; close: () => Promise<void> }> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const tracing = startTracing('esos-api');
  const db = createDb(config.databaseUrl);
  if (!options.prepared) await prepare(config, db, logger);
  const metrics = config.metrics.port !== null || config.metrics.token ? createApiMetrics(db) : undefined;
  const { issuer, audience, embedded } = config.oidc;
  const deps: AppDeps = {
    config,
    db,
    logger,
    temporal: lazyClient(config),
    verifyToken: createTokenVerifier({
      issuer,
      audience,
      keys: embedded ? createLocalJWKSet(await publicJwks(db)) : undefined,
    }),
    virusScanner: new ClamdScanner(config.clamav),
    metrics,
  };
  const identity = await createIdentity(db, config, logger);
  const app = createApp(deps, { mount: identity.mount });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const metricsPort = config.metrics.port === null ? null : config.metrics.port + processIndex();
  const metricsServer =
    metrics && metricsPort !== null
      ? await startMetricsServer(metrics.registry, metricsPort, config.metrics.host)
      : null;
  logger.info(
    {
      url: config.publicUrl,
      pid: process.pid,
      ...(metricsServer ? { metrics: `http://${config.metrics.host}:${metricsPort}/metrics` } : {}),
    },
    'ESOS Reporting is listening',
  );
  return {
    server,
    close: async () => {
      identity.close();
      metricsServer?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      await tracing?.shutdown();
    },
  };
}

/** Which of the WEB_CONCURRENCY processes this is, from 0 (the primary gives each its index): its metrics port is METRICS_PORT plus it. */
function processIndex(): number {
  return Number(process.env.ESOS_PROCESS_INDEX ?? 0);
}

/** WEB_CONCURRENCY: how many web processes; 1 (one process, no cluster) unless set. */
export function webConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.WEB_CONCURRENCY ?? 1);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not "${env.WEB_CONCURRENCY}"`);
  return n;
}

/**
 * The cluster's primary: prepares the database once, then forks the workers and replaces one that
 * dies. SIGTERM/SIGINT stop every worker (each closes its server and pool), then the primary.
 */
async function runPrimary(processes: number): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = createDb(config.databaseUrl, { min: 0, max: 1 });
  await prepare(config, db, logger);
  // The signing key is created on first use: create it here, not in n racing workers.
  await publicJwks(db);
  await db.destroy();

  let stopping = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ ESOS_PROCESS_INDEX: String(index) });
    let listening = false;
    worker.once('listening', () => (listening = true));
    worker.once('exit', (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      // A worker that never started would fail again: stop rather than loop.
      if (!listening) {
        logger.error({ pid: worker.process.pid, code, signal }, 'a web process failed to start');
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
        process.exitCode = 1;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'a web process died; starting another');
      setTimeout(() => fork(index), 1000).unref();
    });
  };
  for (let i = 0; i < processes; i++) fork(i);
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(process.exitCode ?? 0);
    for (const w of workers) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function runWorker(options: { prepared: boolean }): void {
  startServer(options)
    .then(({ close }) => {
      let closing = false;
      const stop = () => {
        if (closing) return;
        closing = true;
        void close().then(() => process.exit(0));
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      // A cluster worker has nothing to serve once the primary (which accepts the connections) is gone.
      if (cluster.isWorker) process.on('disconnect', stop);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

if (require.main === module) {
  if (cluster.isWorker) runWorker({ prepared: true });
  else {
    const processes = webConcurrency();
    if (processes === 1) runWorker({ prepared: false });
    else
      runPrimary(processes).catch((err) => {
        console.error(err);
        process.exit(1);
      });
  }
}
