// Starts the whole service for browser tests: its own database, a Temporal dev server, the worker
// and the web process on a free port, exactly as `npm start` runs them.
// With E2E_BASE_URL set, the tests drive that running service instead (for example `npm run
// start:cluster`), and E2E_DATABASE_URL names its database (default: the cluster's esos_cluster).
// Start it as the tests expect their service: NODE_ENV=test, ESOS_CLOCK=<TEST_NOW of test/clock.ts> and
// ESOS_PHASES=<TEST_PHASES of test/clock.ts>.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Runtime, DefaultLogger } from '@temporalio/worker';
import { dropDatabase } from '../../infra/db';
import { startTestTemporal } from '../temporal';
import { onTeardown } from './cleanup';
import { startTestClamd } from './test-clamd';
import { createTestDatabase } from './test-database';
import { freePort } from '../free-port';
import { TEST_NOW, TEST_PHASES } from '../clock';
import { startSmtpPeer } from '../smtp-peer';

// Plain JavaScript shared with `npm start` (it runs before npm install): typed by what is used of it.
interface MailpitModule {
  mailpitCachePath: () => string;
  mailpitArgs: (o: { uiPort: number; smtpPort: number; database: string; max?: number }) => string[];
}

/** How long the service may take to become healthy (E2E_START_TIMEOUT_MS: a loaded machine needs longer). */
const startTimeoutMs = () => Number(process.env.E2E_START_TIMEOUT_MS) || 90_000;

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = startTimeoutMs()): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the web process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the service at ${url} did not become healthy in ${timeoutMs / 1000} s (last: ${last})`);
}

/** A service already running at E2E_BASE_URL: checked, not started. */
async function useRunningService(baseUrl: string): Promise<void> {
  const url = baseUrl.replace(/\/$/, '');
  const res = await fetch(`${url}/api/health`).catch((err: Error) => {
    throw new Error(
      `E2E_BASE_URL=${url} does not answer (${err.message}): start the service first, e.g. npm run start:cluster`,
    );
  });
  if (!res.ok) throw new Error(`E2E_BASE_URL=${url}: /api/health answered ${res.status}`);
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/esos_cluster';
}

/** Mailpit when it is built (`npm test` builds it: MAILPIT_PATH), as `npm start` runs it; '' when it could not be. */
function mailpitPath(): string | null {
  const mailpit =
    process.env.MAILPIT_PATH ?? (require('../../scripts/mailpit.mjs') as MailpitModule).mailpitCachePath();
  return mailpit && fs.existsSync(mailpit) ? mailpit : null;
}

/**
 * Where the service's e-mails go over SMTP: Mailpit, whose web page and API the tests read
 * (E2E_MAILPIT_URL), else a peer that keeps them as files (E2E_MAILDIR), as a mail server would.
 */
async function startMailbox(): Promise<{ smtpUrl: string; env: Record<string, string> }> {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-e2e-mail-'));
  onTeardown(() => fs.rmSync(mailDir, { recursive: true, force: true }));
  const mailpit = mailpitPath();
  if (mailpit) {
    const [uiPort, smtpPort] = [await freePort(), await freePort()];
    const { mailpitArgs } = require('../../scripts/mailpit.mjs') as MailpitModule;
    const child = spawn(
      mailpit,
      mailpitArgs({ uiPort, smtpPort, database: path.join(mailDir, 'mailpit.db'), max: 0 }),
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    onTeardown(() => stopChild(child));
    const url = `http://127.0.0.1:${uiPort}`;
    await waitFor('Mailpit', async () => (await fetch(`${url}/api/v1/info`)).ok, child);
    return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, env: { E2E_MAILPIT_URL: url } };
  }
  console.warn(
    'Mailpit is not built: the browser tests send e-mail to an SMTP peer, and the mailbox page is not tested.',
  );
  const smtp = await startSmtpPeer({ saveTo: mailDir });
  onTeardown(() => smtp.close());
  return { smtpUrl: smtp.url, env: { E2E_MAILDIR: mailDir } };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  child: ChildProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
}

export default async function e2eSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return useRunningService(process.env.E2E_BASE_URL);
  const root = path.resolve(__dirname, '..', '..');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const databaseUrl = await createTestDatabase();
  onTeardown(() => dropDatabase(databaseUrl));
  const temporal = await startTestTemporal();
  onTeardown(() => temporal.teardown());
  const clamavSocket = await startTestClamd();
  const mail = await startMailbox();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: `esos-e2e-${port}`,
    // Errors only: the warnings a browser test provokes on purpose (a silent sign-in refused, a
    // wrong password) are not news; an error still shows.
    LOG_LEVEL: 'error',
    ESOS_CLOCK: TEST_NOW,
    ESOS_PHASES: TEST_PHASES,
    CLAMAV_SOCKET: clamavSocket,
    SMTP_URL: mail.smtpUrl,
  };
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const start = (file: string) => {
    const child = spawn(process.execPath, [tsx, file], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    onTeardown(() => stopChild(child));
    return child;
  };
  const web = start('api/server.ts');
  start('worker.ts');
  await waitHealthy(baseUrl, web);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl;
  Object.assign(process.env, mail.env);
  process.env.E2E_TEMPORAL_ADDRESS = temporal.address;
  process.env.E2E_TASK_QUEUE = env.TEMPORAL_TASK_QUEUE;
}
