// Starts the whole service for browser tests: its own database, a Temporal dev server, the worker
// and the web process on a free port, exactly as `npm start` runs them.
// With E2E_BASE_URL set, the tests drive that running service instead (for example `npm run
// start:cluster`), and E2E_DATABASE_URL names its database (default: the cluster's esos_cluster).
// Start it as the tests expect their service: NODE_ENV=test and ESOS_CLOCK=<TEST_NOW of test/clock.ts>.
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
import { TEST_NOW } from '../clock';
import { startSmtpPeer } from '../smtp-peer';


async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the web process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the service at ${url} did not become healthy`);
}

/** A service already running at E2E_BASE_URL: checked, not started. */
async function useRunningService(baseUrl: string): Promise<void> {
  const url = baseUrl.replace(/\/$/, '');
  const res = await fetch(`${url}/api/health`).catch((err: Error) => {
    throw new Error(`E2E_BASE_URL=${url} does not answer (${err.message}): start the service first, e.g. npm run start:cluster`);
  });
  if (!res.ok) throw new Error(`E2E_BASE_URL=${url}: /api/health answered ${res.status}`);
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/esos_cluster';
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
  // E-mails go over SMTP to a peer that keeps them as files (E2E_MAILDIR), as a mail server would.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-e2e-mail-'));
  const smtp = await startSmtpPeer({ saveTo: mailDir });
  onTeardown(async () => {
    await smtp.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  });
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
    CLAMAV_SOCKET: clamavSocket,
    SMTP_URL: smtp.url,
  };
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const start = (file: string) => {
    const child = spawn(process.execPath, [tsx, file], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    onTeardown(
      () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    );
    return child;
  };
  const web = start('api/server.ts');
  start('worker.ts');
  await waitHealthy(baseUrl, web);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_MAILDIR = mailDir;
  process.env.E2E_TEMPORAL_ADDRESS = temporal.address;
  process.env.E2E_TASK_QUEUE = env.TEMPORAL_TASK_QUEUE;
}
