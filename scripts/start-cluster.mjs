// `npm run start:cluster`: the production topology on one machine — the Temporal server itself
// (v1.30.4, built with Go, on the local PostgreSQL in databases of its own), the Temporal UI, two
// worker processes and two API processes sharing one port (node:cluster, WEB_CONCURRENCY=2).
// A process that dies is started again after a second, as a process manager would; Ctrl-C stops all.
//
// Environment (all optional):
//   PORT (3000)  DATABASE_URL (postgres://postgres@127.0.0.1:5432/esos_cluster: apart from `npm start`'s
//   `esos`, whose requests live in the dev server's history)  TEMPORAL_NAMESPACE (default)
//   CLUSTER_TEMPORAL_PORT (7433: the frontend; the server's other services take the next eight ports)
//   CLUSTER_UI_PORT (8433)  CLUSTER_WORKERS (2)  CLUSTER_API_PROCESSES (2)
//   CLUSTER_TEMPORAL_DB / CLUSTER_TEMPORAL_VISIBILITY_DB (temporal / temporal_visibility)
//   CLUSTER_DATA_DIR (.data/cluster: generated configuration, and state.json with the processes' ids)
//   CLUSTER_SKIP_WEB_BUILD (set: the SPA is not built first; for API-only use)
//   CLUSTER_METRICS_PORT (9564: the API processes' metrics from it, one port each, then the workers')
//   CLUSTER_MAILPIT_PORT / CLUSTER_MAILPIT_SMTP_PORT (8525 / 1525: the mailbox, unless SMTP_URL is set)
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import {
  clusterPorts,
  ensureMailpit,
  findMailpit,
  ensureNodeModules,
  ensurePostgres,
  ensureTemporalServer,
  ensureTemporalUi,
  ensureWebBuild,
  mailpitArgs,
  portOpen,
  root,
  say,
  setupTemporalSchema,
  socketOpen,
  temporalServerArgs,
  waitForPort,
  waitForSocket,
  writeTemporalServerConfig,
} from './toolchain.mjs';
import { ensureClamdInstalled } from './clamav.mjs';
import { foreignMailboxMessage, isOurMailpit, mailboxPlan, mailpitPidFile, productionMailProblem } from './mailpit.mjs';

const env = process.env;
// Production sends mail only to the server SMTP_URL names: no mailbox is started, and no start without one.
if (productionMailProblem(env)) {
  say(productionMailProblem(env));
  process.exit(1);
}
await ensureNodeModules();
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esos_cluster';
await ensurePostgres(databaseUrl);
// The builds side by side: the web application (the API-only cluster test leaves it out), the
// Temporal server and its UI; the mailbox, when one may be started, in the background at the lowest
// priority (it is waited for only where it is started, below).
const mailpitBuild = env.SMTP_URL || findMailpit() ? null : ensureMailpit({ background: true });
const [binaries, ui] = await Promise.all([
  ensureTemporalServer(),
  ensureTemporalUi(),
  env.CLUSTER_SKIP_WEB_BUILD ? null : ensureWebBuild(),
]);

const pg = new URL(databaseUrl);
const dataDir = path.resolve(root, env.CLUSTER_DATA_DIR ?? path.join('.data', 'cluster'));
const ports = clusterPorts(Number(env.CLUSTER_TEMPORAL_PORT ?? 7433));
const uiPort = Number(env.CLUSTER_UI_PORT ?? 8433);
const apiProcesses = Number(env.CLUSTER_API_PROCESSES ?? 2);
const workers = Number(env.CLUSTER_WORKERS ?? 2);
const metricsBase = Number(env.CLUSTER_METRICS_PORT ?? 9564);
/** Each process's metrics address: the API processes' (node:cluster, METRICS_PORT plus their index), then the workers'. */
const metrics = {
  ...Object.fromEntries(
    Array.from({ length: apiProcesses }, (_, i) => [`api-${i}`, `http://127.0.0.1:${metricsBase + i}/metrics`]),
  ),
  ...Object.fromEntries(
    Array.from({ length: workers }, (_, i) => [
      `worker-${i + 1}`,
      `http://127.0.0.1:${metricsBase + apiProcesses + i}/metrics`,
    ]),
  ),
};
const temporalAddress = `127.0.0.1:${ports.frontend}`;
const database = {
  host: pg.hostname || '127.0.0.1',
  port: Number(pg.port || 5432),
  user: decodeURIComponent(pg.username || 'postgres'),
  password: decodeURIComponent(pg.password || ''),
  database: env.CLUSTER_TEMPORAL_DB ?? 'temporal',
  visibilityDatabase: env.CLUSTER_TEMPORAL_VISIBILITY_DB ?? 'temporal_visibility',
};

say(
  `Preparing the Temporal databases ${database.database} and ${database.visibilityDatabase} (schema set up and upgraded to the server's version)…`,
);
setupTemporalSchema(binaries, database);
const configDir = writeTemporalServerConfig(binaries, path.join(dataDir, 'temporal'), { ...database, ports });

// ---------------------------------------------------------------- supervision
const processes = new Map(); // name → child
let stopping = false;
const statePath = path.join(dataDir, 'state.json');
function writeState() {
  const pids = Object.fromEntries([...processes].map(([name, child]) => [name, child.pid]));
  fs.writeFileSync(
    statePath,
    JSON.stringify(
      {
        supervisor: process.pid,
        temporalAddress,
        port: Number(env.PORT ?? 3000),
        ports,
        uiPort,
        databaseUrl,
        metrics,
        pids,
      },
      null,
      2,
    ),
  );
}

/** Starts a process and starts it again a second after it dies, until the cluster stops. */
function supervise(name, command, args, childEnv = {}, options = {}) {
  const start = () => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { ...env, ...childEnv },
      stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    processes.set(name, child);
    writeState();
    child.on('exit', (code, signal) => {
      if (processes.get(name) === child) processes.delete(name);
      if (stopping) return;
      say(`${name} stopped (${signal ?? `exit ${code}`}): starting it again in a second`);
      setTimeout(() => !stopping && start(), 1000);
    });
  };
  start();
}

function stopAll() {
  if (stopping) return;
  stopping = true;
  // The Node processes first, then the Temporal server once they are gone (a worker shutting down
  // still talks to it); anything left after 20 s is killed.
  const stopped = (name) =>
    new Promise((resolve) => {
      const child = processes.get(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  const force = setTimeout(() => {
    for (const child of processes.values()) child.kill('SIGKILL');
  }, 20_000);
  force.unref();
  Promise.all([...processes.keys()].filter((n) => n !== 'temporal').map(stopped))
    .then(() => stopped('temporal'))
    .then(() => {
      clearTimeout(force);
      fs.rmSync(statePath, { force: true });
      process.exit(0);
    });
  // A child that ignored SIGTERM and SIGKILL (none should): give up after 25 s.
  setTimeout(() => process.exit(1), 25_000).unref();
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

fs.mkdirSync(dataDir, { recursive: true });
say(`Starting the Temporal server ${path.basename(path.dirname(binaries.server))} (frontend ${temporalAddress})…`);
supervise('temporal', binaries.server, temporalServerArgs(configDir), {}, { cwd: configDir });
await waitForPort(ports.frontend, '127.0.0.1', 'The Temporal server', 120_000);

// `node --import tsx file.ts`, not tsx's CLI: one process each, so a signal (or SIGKILL) reaches the
// program itself rather than a parent that relays it and may leave the program behind.
const tsx = '--import=tsx';
const appEnv = { DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalAddress };
const setup = spawn(process.execPath, [tsx, 'scripts/temporal-namespace.ts'], {
  cwd: root,
  env: { ...env, ...appEnv },
  stdio: 'inherit',
});
const setupCode = await new Promise((resolve) => setup.on('exit', resolve));
if (setupCode !== 0) {
  say('Could not register the namespace and search attributes: stopping.');
  stopAll();
} else {
  if (ui) {
    const uiDir = path.join(dataDir, 'ui', 'config');
    fs.mkdirSync(uiDir, { recursive: true });
    fs.writeFileSync(
      path.join(uiDir, 'cluster.yaml'),
      `temporalGrpcAddress: ${temporalAddress}\nhost: 127.0.0.1\nport: ${uiPort}\nenableUi: true\ndefaultNamespace: ${env.TEMPORAL_NAMESPACE ?? 'default'}\ncors:\n  allowOrigins: []\n`,
    );
    // Its stdout is a line per HTTP request: dropped (errors still reach stderr).
    supervise(
      'ui',
      ui,
      ['--root', path.join(dataDir, 'ui'), '--config', 'config', '--env', 'cluster', 'start'],
      {},
      { quiet: true },
    );
  }

  // Uploads are scanned by ClamAV, as with `npm start`: Debian's daemon, else one of our own.
  if (!env.CLAMAV_SOCKET && !env.CLAMAV_HOST) {
    const debianSocket = '/var/run/clamav/clamd.ctl';
    const ownSocket = path.join(root, '.data', 'clamav', 'clamd.sock');
    if (await socketOpen(debianSocket)) appEnv.CLAMAV_SOCKET = debianSocket;
    else if (await socketOpen(ownSocket)) appEnv.CLAMAV_SOCKET = ownSocket;
    else if (ensureClamdInstalled(say)) {
      supervise('clamav', process.execPath, [tsx, 'infra/local-clamd.ts', path.join(root, '.data', 'clamav')]);
      await waitForSocket(ownSocket, 'ClamAV');
      appEnv.CLAMAV_SOCKET = ownSocket;
    }
  }

  // The mailbox, as with `npm start`, on ports of its own; never in production, and never one that
  // something else already answers on.
  let mailbox = null;
  const mailpitPort = Number(env.CLUSTER_MAILPIT_PORT ?? 8525);
  const smtpPort = Number(env.CLUSTER_MAILPIT_SMTP_PORT ?? 1525);
  const plan = env.SMTP_URL
    ? 'configured'
    : mailboxPlan({
        env,
        answering: (await portOpen(mailpitPort)) || (await portOpen(smtpPort)),
        ours: isOurMailpit(mailpitPidFile(dataDir), mailpitPort),
      });
  if (plan === 'foreign') say(foreignMailboxMessage(mailpitPort, smtpPort));
  if (plan === 'reuse') {
    appEnv.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    mailbox = `http://localhost:${mailpitPort}`;
  }
  if (plan === 'start') {
    const mailpit = await (mailpitBuild ?? ensureMailpit());
    if (mailpit) {
      supervise(
        'mailpit',
        mailpit,
        mailpitArgs({ uiPort: mailpitPort, smtpPort, database: path.join(dataDir, 'mailpit.db') }),
      );
      fs.writeFileSync(mailpitPidFile(dataDir), String(processes.get('mailpit')?.pid ?? ''));
      await waitForPort(mailpitPort, '127.0.0.1', 'Mailpit');
      appEnv.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
      mailbox = `http://localhost:${mailpitPort}`;
    }
  }

  for (let i = 1; i <= workers; i++)
    supervise(`worker-${i}`, process.execPath, [tsx, 'worker.ts'], {
      ...appEnv,
      METRICS_PORT: String(metricsBase + apiProcesses + i - 1),
    });
  supervise('api', process.execPath, [tsx, 'api/server.ts'], {
    ...appEnv,
    WEB_CONCURRENCY: String(apiProcesses),
    METRICS_PORT: String(metricsBase),
  });
  say(
    `Starting… the service will be at http://localhost:${env.PORT ?? 3000}/ (${apiProcesses} API processes, ${workers} workers), ` +
      `Temporal at ${temporalAddress}${ui ? `, its UI at http://localhost:${uiPort}` : ''}${mailbox ? `, the mailbox at ${mailbox}` : ''}; ` +
      `metrics at ${Object.values(metrics).join(' ')}`,
  );
}
