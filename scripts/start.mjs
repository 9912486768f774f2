// `npm start`: the whole service on embedded defaults — PostgreSQL database, Temporal dev server
// (state in .data/), the mailbox (Mailpit), ClamAV, the worker, and the web process on PORT (3000),
// each process's metrics on a port of its own.
import fs from 'node:fs';
import path from 'node:path';
import { foreignMailboxMessage, isOurMailpit, mailboxPlan, mailpitPidFile, productionMailProblem } from './mailpit.mjs';
import {
  ensureMailpit,
  ensureNodeModules,
  ensurePostgres,
  ensureTemporalCli,
  ensureWebBuild,
  mailpitArgs,
  portOpen,
  root,
  say,
  socketOpen,
  spawnChild,
  waitForPort,
  waitForSocket,
} from './toolchain.mjs';
import { ensureClamdInstalled } from './clamav.mjs';

// Production sends mail only to the server SMTP_URL names: no mailbox is started, and no start without one.
if (productionMailProblem()) {
  say(productionMailProblem());
  process.exit(1);
}
ensureNodeModules();
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esos';
await ensurePostgres(databaseUrl);
ensureWebBuild();

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

if (!process.env.TEMPORAL_ADDRESS) {
  if (await portOpen(7233)) {
    say('A Temporal server already answers on 7233: using it.');
  } else {
    const cli = ensureTemporalCli();
    fs.mkdirSync(path.join(root, '.data'), { recursive: true });
    say('Starting the Temporal dev server (frontend 7233, Web UI http://localhost:8233)…');
    children.push(
      spawnChild('Temporal', cli, [
        'server',
        'start-dev',
        '--db-filename',
        path.join(root, '.data', 'temporal.sqlite'),
        '--ip',
        '127.0.0.1',
        '--port',
        '7233',
        '--ui-port',
        '8233',
        '--log-level',
        'warn',
        '--dynamic-config-value',
        'frontend.enableUpdateWorkflowExecution=true',
        '--dynamic-config-value',
        'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
      ]),
    );
    await waitForPort(7233, '127.0.0.1', 'Temporal');
  }
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const env = { DATABASE_URL: databaseUrl };

// Uploads are scanned by ClamAV: the configured clamd, else Debian's, else one of our own; a
// machine without it gets Debian's clamav-daemon installed when the user may (scripts/clamav.mjs).
if (!process.env.CLAMAV_SOCKET && !process.env.CLAMAV_HOST) {
  const debianSocket = '/var/run/clamav/clamd.ctl';
  const ownSocket = path.join(root, '.data', 'clamav', 'clamd.sock');
  if (await socketOpen(debianSocket)) {
    say(`ClamAV answers on ${debianSocket}: uploads are scanned there.`);
    env.CLAMAV_SOCKET = debianSocket;
  } else if (ensureClamdInstalled(say)) {
    say('Starting ClamAV (clamd) for upload scanning…');
    children.push(
      spawnChild('ClamAV', process.execPath, [tsx, 'infra/local-clamd.ts', path.join(root, '.data', 'clamav')]),
    );
    await waitForSocket(ownSocket, 'ClamAV');
    env.CLAMAV_SOCKET = ownSocket;
  }
}

// E-mails go over SMTP to the mailbox, Mailpit (unless SMTP_URL names a mail server), where they
// are read at http://localhost:8025; without it they stay in the email_outbox table. A mailbox
// already answering on its ports is used only when it is the Mailpit we started (its pid file).
let mailbox = null;
if (!process.env.SMTP_URL) {
  const uiPort = Number(process.env.MAILPIT_PORT ?? 8025);
  const smtpPort = Number(process.env.MAILPIT_SMTP_PORT ?? 1025);
  const pidFile = mailpitPidFile(path.join(root, '.data'));
  const plan = mailboxPlan({
    answering: (await portOpen(uiPort)) || (await portOpen(smtpPort)),
    ours: isOurMailpit(pidFile, uiPort),
  });
  if (plan === 'reuse') {
    say(`Our mailbox already answers on ${uiPort} and ${smtpPort}: e-mails go there.`);
    mailbox = `http://localhost:${uiPort}`;
  } else if (plan === 'foreign') {
    say(foreignMailboxMessage(uiPort, smtpPort));
  } else {
    const mailpit = ensureMailpit();
    if (mailpit) {
      fs.mkdirSync(path.join(root, '.data'), { recursive: true });
      const child = spawnChild(
        'Mailpit',
        mailpit,
        mailpitArgs({ uiPort, smtpPort, database: path.join(root, '.data', 'mailpit.db') }),
      );
      children.push(child);
      fs.writeFileSync(pidFile, String(child.pid));
      await waitForPort(uiPort, '127.0.0.1', 'Mailpit');
      mailbox = `http://localhost:${uiPort}`;
    }
  }
  if (mailbox) env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
}

// Metrics for Prometheus, each process on a port of its own (METRICS_PORT, 9464 by default): the web
// processes from it (one a process with WEB_CONCURRENCY), the worker after them.
const metricsBase = Number(process.env.METRICS_PORT ?? 9464);
const webProcesses = Number(process.env.WEB_CONCURRENCY ?? 1);
const metricsPorts = { web: metricsBase, worker: metricsBase + webProcesses };
const metricsFree = !(
  await Promise.all(Array.from({ length: webProcesses + 1 }, (_, i) => portOpen(metricsBase + i)))
).some(Boolean);
if (!metricsFree)
  say(`A port from ${metricsBase} to ${metricsPorts.worker} is taken: no metrics (set METRICS_PORT to another).`);
const metricsEnv = (port) => (metricsFree ? { METRICS_PORT: String(port) } : { METRICS_PORT: '' });

children.push(
  spawnChild('Web server', process.execPath, [tsx, 'api/server.ts'], { ...env, ...metricsEnv(metricsPorts.web) }),
);
children.push(
  spawnChild('Worker', process.execPath, [tsx, 'worker.ts'], { ...env, ...metricsEnv(metricsPorts.worker) }),
);
for (const child of children) child.on('exit', () => stopAll(1));
say(`Starting… the service will be at http://localhost:${process.env.PORT ?? 3000}/`);
say(
  mailbox
    ? `E-mails it sends are in the mailbox at ${mailbox}`
    : 'E-mails it sends stay in the email_outbox table (no mailbox).',
);
if (metricsFree)
  say(
    `Metrics: http://127.0.0.1:${metricsPorts.web}/metrics (web) and http://127.0.0.1:${metricsPorts.worker}/metrics (worker).`,
  );
