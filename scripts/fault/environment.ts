// The fault run's parts, each its own process so it can die for real: a PostgreSQL cluster of the
// run's own, a Temporal dev server keeping its state in SQLite, the worker (worker.ts), an SMTP
// server that counts what arrives; and the API in this process, as a replica would run, against all
// of them. Everything started is stopped by the run's cleanups (cleanups.ts).
import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../api/app';
import type { AppDeps } from '../../api/deps';
import { createHttpServer } from '../../api/http-server';
import { ClamdScanner } from '../../infra/clamd';
import { loadConfig, type Config } from '../../infra/config';
import { createDb, type Db } from '../../infra/db';
import type { Logger } from '../../infra/logger';
import { ensureSearchAttributes, lazyClient } from '../../infra/temporal';
import { testClock } from '../../test/clock';
import { startSmtpPeer } from '../../test/smtp-peer';
import { verifyTestToken } from '../../test/tokens';
import { atEnd, wasInterrupted } from './cleanups';
import { OwnPostgres } from './own-postgres';
import { OwnTemporal } from './own-temporal';
import { bundleWorkflows } from '../../test/workflow-bundle';
import { prepareDatabase } from '../../infra/db';
import { WorkerProcess } from './worker-process';

export interface Parts {
  pg: OwnPostgres;
  temporal: OwnTemporal;
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  worker: WorkerProcess;
  apiUrl: string;
  /** The checker's own view of the database (the API's pool is the one under test). */
  observer: Db;
  /** The run's own Temporal client, for what it starts as the tests do (an RFI due in seconds). */
  temporalClient: Client;
  taskQueue: string;
}

const TASK_QUEUE = 'esos-fault';

/** Starts every part in `dir`; logs where they are. */
export async function startParts(dir: string, apiLogger: Logger, log: (line: string) => void): Promise<Parts> {
  const pg = await OwnPostgres.create(path.join(dir, 'pg'));
  atEnd(
    () => pg.destroy(),
    () => pg.destroy(),
  );
  await prepareDatabase(pg.url);
  const [temporal, smtp, bundle] = await Promise.all([
    OwnTemporal.create(path.join(dir, 'temporal')),
    startSmtpPeer(),
    bundleWorkflows(dir),
  ]);
  atEnd(
    () => temporal.kill(),
    () => temporal.kill(),
  );
  atEnd(() => smtp.close());
  await registerSearchAttributes(temporal.address);
  log(`parts up: PostgreSQL on ${pg.port}, Temporal on ${temporal.port}, SMTP at ${smtp.url}`);
  const worker = new WorkerProcess(
    {
      DATABASE_URL: pg.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: TASK_QUEUE,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      WORKFLOW_BUNDLE_PATH: bundle,
      NODE_ENV: 'test',
    },
    path.join(dir, 'worker.log'),
  );
  atEnd(
    () => worker.stop(),
    () => void worker.stop(),
  );
  worker.start();
  const apiUrl = await startApi(pg.url, temporal.address, apiLogger);
  const observer = createDb(pg.url, { min: 0, max: 4 });
  atEnd(() => observer.destroy());
  const temporalClient = new Client({ connection: await Connection.connect({ address: temporal.address }) });
  atEnd(async () => {
    if (!wasInterrupted()) await temporalClient.connection.close();
  });
  return { pg, temporal, smtp, worker, apiUrl, observer, temporalClient, taskQueue: TASK_QUEUE };
}

/** Our search attributes, before the first request needs them (the worker also registers them). */
async function registerSearchAttributes(address: string): Promise<void> {
  const setupClient = new Client({ connection: await Connection.connect({ address }) });
  await ensureSearchAttributes(setupClient, 'default');
  await setupClient.connection.close();
}

/** The API in this process on a free port; answers its URL. */
async function startApi(databaseUrl: string, temporalAddress: string, logger: Logger): Promise<string> {
  const base = loadConfig();
  const config: Config = {
    ...base,
    databaseUrl,
    temporal: { ...base.temporal, address: temporalAddress, taskQueue: TASK_QUEUE },
    reporting: { ...base.reporting, now: testClock },
  };
  const db = createDb(databaseUrl, { min: 0, max: 10 });
  atEnd(() => db.destroy());
  const deps: AppDeps = {
    config,
    db,
    logger,
    temporal: lazyClient(config),
    verifyToken: verifyTestToken,
    virusScanner: new ClamdScanner(config.clamav),
  };
  const server: http.Server = createHttpServer(createApp(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  atEnd(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  // (Interrupted, calls may still be retrying on it: closing it under them would throw.)
  atEnd(async () => {
    if (!wasInterrupted()) await (await deps.temporal()).connection.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
