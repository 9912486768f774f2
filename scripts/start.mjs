// `npm start`: the whole service on embedded defaults — PostgreSQL database, Temporal dev server
// (state in .data/), the worker, and the web process on PORT (3000).
import fs from 'node:fs';
import path from 'node:path';
import { ensureNodeModules, ensurePostgres, ensureTemporalCli, ensureWebBuild, portOpen, root, say, socketOpen, spawnChild, waitForPort, waitForSocket } from './toolchain.mjs';

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
    children.push(spawnChild('Temporal', cli, [
      'server', 'start-dev',
      '--db-filename', path.join(root, '.data', 'temporal.sqlite'),
      '--ip', '127.0.0.1', '--port', '7233', '--ui-port', '8233',
      '--log-level', 'warn',
      '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecution=true',
      '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
    ]));
    await waitForPort(7233, '127.0.0.1', 'Temporal');
  }
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const env = { DATABASE_URL: databaseUrl };

// Uploads are scanned by ClamAV: the configured clamd, else Debian's, else one of our own.
if (!process.env.CLAMAV_SOCKET && !process.env.CLAMAV_HOST) {
  const debianSocket = '/var/run/clamav/clamd.ctl';
  const ownSocket = path.join(root, '.data', 'clamav', 'clamd.sock');
  if (await socketOpen(debianSocket)) {
    say(`ClamAV answers on ${debianSocket}: uploads are scanned there.`);
    env.CLAMAV_SOCKET = debianSocket;
  } else if (fs.existsSync('/usr/sbin/clamd') || process.env.CLAMD_PATH) {
    say('Starting ClamAV (clamd) for upload scanning…');
    children.push(spawnChild('ClamAV', process.execPath, [tsx, 'infra/local-clamd.ts', path.join(root, '.data', 'clamav')]));
    await waitForSocket(ownSocket, 'ClamAV');
    env.CLAMAV_SOCKET = ownSocket;
  } else {
    say('ClamAV is not installed (apt-get install clamav-daemon): file uploads will answer 503 until it is.');
  }
}
children.push(spawnChild('Web server', process.execPath, [tsx, 'api/server.ts'], env));
children.push(spawnChild('Worker', process.execPath, [tsx, 'worker.ts'], env));
for (const child of children) child.on('exit', () => stopAll(1));
say(`Starting… the service will be at http://localhost:${process.env.PORT ?? 3000}/`);
