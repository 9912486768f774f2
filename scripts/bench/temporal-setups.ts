// The two Temporal set-ups the journeys run on: the CLI's dev server on SQLite as `npm start` runs
// it, and the Temporal server v1.30.4 on PostgreSQL as `npm run start:cluster` runs it (built with Go
// as start:cluster builds it, or the bench fails saying why). Their logs go to the run's folder.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { BASE_DB } from './options';
import { openLog } from './run-folder';

export interface TemporalSetup {
  name: string;
  address: string;
  pid: number;
  /** Databases whose PostgreSQL backends count as this set-up's store (none for SQLite). */
  pgDatabases: string[];
  stop: () => Promise<void>;
}

/** What the bench uses of scripts/toolchain.mjs (plain JavaScript: it runs before npm install). */
interface Toolchain {
  ensureTemporalServer: (o: { build: boolean }) => Promise<{ server: string } | null>;
  setupTemporalSchema: (binaries: object, database: object) => void;
  clusterPorts: (base: number) => { frontend: number };
  writeTemporalServerConfig: (binaries: object, dir: string, options: object) => string;
  temporalServerArgs: (dir: string) => string[];
  TEMPORAL_SERVER_VERSION: string;
}

async function toolchain(): Promise<Toolchain> {
  const toolchainModule: string = '../toolchain.mjs';
  return (await import(toolchainModule)) as Toolchain;
}

/**
 * The Temporal server's binaries, built now when missing as `npm run start:cluster` builds them;
 * throws, saying so, when they cannot be (no Go). Asked before anything is measured.
 */
export async function ensureClusterServer(): Promise<void> {
  try {
    await (await toolchain()).ensureTemporalServer({ build: true });
  } catch (err) {
    throw new Error(
      `${(err as Error).message}\nThe bench measures the journeys on the cluster too: build it (Go), or leave it out with --skip-cluster.`,
    );
  }
}

/** The CLI's dev server on a SQLite file, started as `npm start` starts it. */
export async function startDevServer(): Promise<TemporalSetup> {
  const { temporalCliPath } = await import('../../test/temporal');
  const port = 17_233;
  const dir = fs.mkdtempSync('/tmp/esos-bench-dev-');
  const args = [
    'server',
    'start-dev',
    '--db-filename',
    `${dir}/temporal.sqlite`,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--headless',
    '--log-level',
    'warn',
    '--dynamic-config-value',
    'frontend.enableUpdateWorkflowExecution=true',
    '--dynamic-config-value',
    'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
    '--search-attribute',
    'EsosAccountId=Keyword',
    '--search-attribute',
    'EsosRequestType=Keyword',
    '--search-attribute',
    'EsosCompetentAuthority=Keyword',
  ];
  const child = spawnLogged(temporalCliPath(), args, undefined, 'temporal-dev-server.log');
  await waitPort(port);
  return {
    name: 'dev server (SQLite)',
    address: `127.0.0.1:${port}`,
    pid: child.pid!,
    pgDatabases: [],
    stop: () => stopServer(child, dir),
  };
}

/** The Temporal server v1.30.4 on PostgreSQL (databases of the bench's own), as `npm run start:cluster` runs it. */
export async function startClusterServer(): Promise<TemporalSetup> {
  const tools = await toolchain();
  const binaries = (await tools.ensureTemporalServer({ build: true }))!;
  const { dropDatabase } = await import('../../infra/db');
  const { prepareNamespace } = await import('../temporal-namespace');
  const pg = new URL(BASE_DB);
  const database = {
    host: pg.hostname,
    port: Number(pg.port || 5432),
    user: decodeURIComponent(pg.username || 'postgres'),
    password: decodeURIComponent(pg.password),
    database: 'temporal_bench',
    visibilityDatabase: 'temporal_bench_visibility',
  };
  for (const name of [database.database, database.visibilityDatabase])
    await dropDatabase(Object.assign(new URL(BASE_DB), { pathname: `/${name}` }).toString());
  tools.setupTemporalSchema(binaries, database);
  const ports = tools.clusterPorts(17_433);
  const dir = tools.writeTemporalServerConfig(binaries, fs.mkdtempSync('/tmp/esos-bench-cluster-'), {
    ...database,
    ports,
  });
  const child = spawnLogged(binaries.server, tools.temporalServerArgs(dir), dir, 'temporal-cluster.log');
  await waitPort(ports.frontend);
  const address = `127.0.0.1:${ports.frontend}`;
  await prepareNamespace(address, 'default');
  return {
    name: `Temporal ${tools.TEMPORAL_SERVER_VERSION} (PostgreSQL)`,
    address,
    pid: child.pid!,
    pgDatabases: [database.database, database.visibilityDatabase],
    stop: () => stopServer(child, dir),
  };
}

function spawnLogged(command: string, args: string[], cwd: string | undefined, logName: string): ChildProcess {
  const log = openLog(logName);
  const child = spawn(command, args, { cwd, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  return child;
}

async function waitPort(port: number, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing answered on ${port}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, SIGKILL after 15 s; then its temporary folder goes. */
async function stopServer(child: ChildProcess, dir: string): Promise<void> {
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
  fs.rmSync(dir, { recursive: true, force: true });
}
