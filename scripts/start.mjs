// `npm start`: the whole service on embedded defaults — PostgreSQL database, Temporal dev server
// (state in .data/), the mailbox (Mailpit), ClamAV, the worker, and the web process on PORT (3000),
// each process's metrics on a port of its own. On a new machine what is missing is built side by
// side (scripts/start-plan.mjs): the npm packages and the web build, the Temporal CLI with Go, and in
// the background the mailbox, which the service does not wait for (e-mails wait in the outbox).
import fs from 'node:fs';
import path from 'node:path';
import {
  foreignMailboxMessage,
  holdMailboxPorts,
  isOurMailpit,
  mailboxPlan,
  mailpitPidFile,
  productionMailProblem,
} from './mailpit.mjs';
import { formatDuration, startPlan, stillBuilding } from './start-plan.mjs';
import {
  buildProcesses,
  ensureMailpit,
  ensureNodeModules,
  ensurePostgres,
  ensureTemporalCli,
  ensureWebBuild,
  findMailpit,
  findTemporalCli,
  goInstalled,
  mailpitArgs,
  nodeModulesStale,
  portOpen,
  root,
  say,
  socketOpen,
  spawnChild,
  waitForPort,
  waitForSocket,
  webBuildStale,
} from './toolchain.mjs';
import { ensureClamdInstalled } from './clamav.mjs';

const startedAt = Date.now();
// Production sends mail only to the server SMTP_URL names: no mailbox is started, and no start without one.
if (productionMailProblem()) {
  say(productionMailProblem());
  process.exit(1);
}

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const build of buildProcesses) build.kill('SIGTERM');
  for (const child of children.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
/** A step that failed stops the start, saying why. */
const orStop = (promise) =>
  promise.catch((err) => {
    say(err.message);
    stopAll(1);
    return new Promise(() => {}); // nothing after it runs
  });

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esos';
const temporalPort = Number(process.env.TEMPORAL_DEV_PORT ?? 7233);
const uiPort = Number(process.env.MAILPIT_PORT ?? 8025);
const smtpPort = Number(process.env.MAILPIT_SMTP_PORT ?? 1025);
const mailpitPid = mailpitPidFile(path.join(root, '.data'));

// ---------------------------------------------------------------- what is missing, built side by side
const temporal = process.env.TEMPORAL_ADDRESS
  ? 'configured'
  : (await portOpen(temporalPort))
    ? 'answering'
    : findTemporalCli()
      ? 'found'
      : 'build';
// E-mails go over SMTP to the mailbox, Mailpit (unless SMTP_URL names a mail server), where they
// are read at http://localhost:8025. A mailbox already answering on its ports is used only when it
// is the Mailpit we started (its pid file); anything else there gets nothing.
const mailbox = mailboxPlan({
  answering: !process.env.SMTP_URL && ((await portOpen(uiPort)) || (await portOpen(smtpPort))),
  ours: isOurMailpit(mailpitPid, uiPort),
  built: Boolean(findMailpit()),
  canBuild: !process.env.MAILPIT_PATH && goInstalled(),
});
const plan = startPlan({ nodeModules: nodeModulesStale(), webBuild: webBuildStale(), temporal, mailbox });

const running = [];
const builders = {
  npm: ensureNodeModules,
  web: ensureWebBuild,
  temporal: ensureTemporalCli,
  mailpit: () => ensureMailpit({ background: true }),
};
const done = {};
for (const step of plan) {
  // A build that fails stops the start at once, saying why (the mailbox's never fails: it says why instead).
  done[step.build] = orStop(
    Promise.all(step.after.map((build) => done[build])).then(async () => {
      const entry = { build: step.build, since: Date.now() };
      running.push(entry);
      try {
        return await builders[step.build]();
      } finally {
        running.splice(running.indexOf(entry), 1);
      }
    }),
  );
}
const progress = setInterval(() => {
  const line = stillBuilding(running);
  if (line) say(line);
}, 30_000);
progress.unref();

// While Mailpit is built its ports are held (SMTP answers "421 not available": the outbox keeps the
// e-mails, uncounted, and tries again every 10 s), so the worker is told where to send from the start.
let holder = null;
if (mailbox === 'build') {
  try {
    holder = await holdMailboxPorts({
      uiPort,
      smtpPort,
      status:
        'The mailbox (Mailpit) is being built by npm start (a few minutes, once per machine). E-mails wait in the outbox and arrive here once it answers; this page reloads itself.',
    });
  } catch (err) {
    say(`The mailbox's ports ${uiPort} and ${smtpPort} could not be held (${err.message}).`);
    say(foreignMailboxMessage(uiPort, smtpPort));
  }
}

const waitedFor = plan.filter((step) => step.serviceWaits && step.build !== 'temporal');
await orStop(Promise.all(waitedFor.map((step) => done[step.build])));
await orStop(ensurePostgres(databaseUrl));

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const env = { DATABASE_URL: databaseUrl };
if (temporal === 'found' || temporal === 'build') env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
/** Starts a process of the service; when one stops, the rest are stopped. */
function run(name, command, args, extraEnv) {
  const child = spawnChild(name, command, args, extraEnv);
  children.push(child);
  child.on('exit', () => stopAll(1));
  return child;
}

// Uploads are scanned by ClamAV: the configured clamd, else Debian's, else one of our own; a
// machine without it gets Debian's clamav-daemon installed when the user may (scripts/clamav.mjs).
let clamdAnswers = Promise.resolve();
if (!process.env.CLAMAV_SOCKET && !process.env.CLAMAV_HOST) {
  const debianSocket = '/var/run/clamav/clamd.ctl';
  const ownSocket = path.join(root, '.data', 'clamav', 'clamd.sock');
  if (await socketOpen(debianSocket)) {
    say(`ClamAV answers on ${debianSocket}: uploads are scanned there.`);
    env.CLAMAV_SOCKET = debianSocket;
  } else if (ensureClamdInstalled(say)) {
    say('Starting ClamAV (clamd) for upload scanning…');
    run('ClamAV', process.execPath, [tsx, 'infra/local-clamd.ts', path.join(root, '.data', 'clamav')]);
    clamdAnswers = waitForSocket(ownSocket, 'ClamAV');
    env.CLAMAV_SOCKET = ownSocket;
  }
}

// The mailbox: ours now when it is built; when it is being built, its address now (the held ports)
// and Mailpit on them once built; none when something else answers there or it cannot be had.
const mailboxUrl = `http://localhost:${uiPort}`;
async function startMailpit(binary) {
  fs.mkdirSync(path.join(root, '.data'), { recursive: true });
  const child = run(
    'Mailpit',
    binary,
    mailpitArgs({ uiPort, smtpPort, database: path.join(root, '.data', 'mailpit.db') }),
  );
  fs.writeFileSync(mailpitPid, String(child.pid));
  await waitForPort(uiPort, '127.0.0.1', 'Mailpit');
}
if (mailbox === 'reuse') say(`Our mailbox already answers on ${uiPort} and ${smtpPort}: e-mails go there.`);
if (mailbox === 'foreign') say(foreignMailboxMessage(uiPort, smtpPort));
if (mailbox === 'unavailable')
  say(
    process.env.MAILPIT_PATH
      ? `MAILPIT_PATH points to a missing file (${process.env.MAILPIT_PATH}): no mailbox.`
      : 'Mailpit (the mailbox) is not built and Go is not installed to build it: no mailbox.',
  );
if (mailbox === 'start') await orStop(startMailpit(findMailpit()));
const sendsToMailbox = mailbox === 'reuse' || mailbox === 'start' || (mailbox === 'build' && holder !== null);
if (sendsToMailbox) env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

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

// The web server now: it migrates and seeds the database while Temporal is built or starts (it needs
// Temporal only for requests). The worker once Temporal answers.
run('Web server', process.execPath, [tsx, 'api/server.ts'], { ...env, ...metricsEnv(metricsPorts.web) });
if (temporal === 'answering') say(`A Temporal server already answers on ${temporalPort}: using it.`);
if (temporal === 'found' || temporal === 'build') {
  const cli = await orStop(temporal === 'build' ? done.temporal : Promise.resolve(findTemporalCli()));
  fs.mkdirSync(path.join(root, '.data'), { recursive: true });
  say(`Starting the Temporal dev server (frontend ${temporalPort}, Web UI http://localhost:${temporalPort + 1000})…`);
  run('Temporal', cli, [
    'server',
    'start-dev',
    '--db-filename',
    path.join(root, '.data', 'temporal.sqlite'),
    '--ip',
    '127.0.0.1',
    '--port',
    String(temporalPort),
    '--ui-port',
    String(temporalPort + 1000),
    '--log-level',
    'warn',
    '--dynamic-config-value',
    'frontend.enableUpdateWorkflowExecution=true',
    '--dynamic-config-value',
    'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
  ]);
  await orStop(waitForPort(temporalPort, '127.0.0.1', 'Temporal'));
}
run('Worker', process.execPath, [tsx, 'worker.ts'], { ...env, ...metricsEnv(metricsPorts.worker) });

const port = Number(process.env.PORT ?? 3000);
say(`Starting… the service will be at http://localhost:${port}/`);
say(
  !sendsToMailbox
    ? 'E-mails it sends stay in the email_outbox table (no mailbox).'
    : mailbox === 'build'
      ? `E-mails it sends wait in the outbox until the mailbox is built, then arrive at ${mailboxUrl}`
      : `E-mails it sends are in the mailbox at ${mailboxUrl}`,
);
if (metricsFree)
  say(
    `Metrics: http://127.0.0.1:${metricsPorts.web}/metrics (web) and http://127.0.0.1:${metricsPorts.worker}/metrics (worker).`,
  );

// Serving: the web server answers, ClamAV too, and the worker polls its task queue (its metrics show
// its pollers; without metrics that is not seen, and the line comes once the web server answers).
async function workerPolls() {
  if (!metricsFree) return true;
  try {
    const res = await fetch(`http://127.0.0.1:${metricsPorts.worker}/metrics`);
    return /^temporal_num_pollers\{/m.test(await res.text());
  } catch {
    return false;
  }
}
void (async () => {
  await waitForPort(port, '127.0.0.1', 'The web server', 600_000);
  await clamdAnswers;
  while (!(await workerPolls())) await new Promise((r) => setTimeout(r, 500));
  say(`Serving at http://localhost:${port}/ (ready ${formatDuration(Date.now() - startedAt)} after \`npm start\`).`);
})().catch((err) => say(err.message));

if (mailbox === 'build' && holder) {
  const binary = await done.mailpit;
  if (!binary) {
    holder.setStatus(
      'The mailbox (Mailpit) could not be built: npm start said why. E-mails wait in the email_outbox table and go out once it is built (the next npm start tries again).',
    );
  } else if (!stopping) {
    await holder.release();
    await orStop(startMailpit(binary));
    say(`The mailbox answers at ${mailboxUrl}: e-mails that waited go out within 10 s.`);
  }
}
