import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { searchAttributeKeys } from '../domain/search-attributes';
import { freePort } from './free-port';

export function temporalCliPath(): string {
  return process.env.TEMPORAL_CLI_PATH ?? path.join(os.homedir(), '.cache', 'esos-reporting', 'bin', 'temporal');
}

// How long a dev server may take to answer. The SDK's own start (createLocal) gives it 5 s, which a
// loaded 2-core machine misses (9 s measured at load average 23): the tests start it themselves.
const START_TIMEOUT_MS = 90_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** `--search-attribute Name=Type` for each of ours, as the CLI spells the types (KEYWORD → Keyword). */
function searchAttributeArgs(): string[] {
  return searchAttributeKeys.flatMap((key) => [
    '--search-attribute',
    `${key.name}=${key.type
      .toLowerCase()
      .split('_')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('')}`,
  ]);
}

/**
 * A real Temporal dev server from the installed CLI (never a download), with our search attributes,
 * in memory; its teardown stops it. Another process may take the free port before the server binds
 * it: the server then exits at once, and a fresh port is tried.
 */
export async function startTestTemporal(attempt = 1): Promise<TestWorkflowEnvironment> {
  const port = await freePort();
  const args = ['server', 'start-dev', '--headless', '--ip', '127.0.0.1', '--port', String(port)];
  args.push('--http-port', String(await freePort()), '--log-level', 'error', ...searchAttributeArgs());
  // As the SDK's own start sets them: updates (which the processes use) and no version check.
  for (const value of [
    'frontend.enableServerVersionCheck=false',
    'frontend.enableUpdateWorkflowExecution=true',
    'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
  ])
    args.push('--dynamic-config-value', value);
  const child = spawn(temporalCliPath(), args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + START_TIMEOUT_MS;
  try {
    while (!(await portAnswers(port))) {
      if (child.exitCode !== null || child.signalCode !== null) {
        if (attempt < 3) return await startTestTemporal(attempt + 1);
        throw new Error(`The Temporal dev server on port ${port} exited as it started (${child.exitCode})`);
      }
      if (Date.now() > until)
        throw new Error(`The Temporal dev server did not answer within ${START_TIMEOUT_MS / 1000} s`);
      await sleep(100);
    }
    // The port answers a moment before the frontend is healthy ('Frontend is not healthy yet'): ask again.
    let env: TestWorkflowEnvironment | null = null;
    while (!env) {
      env = await TestWorkflowEnvironment.createFromExistingServer({ address: `127.0.0.1:${port}` }).catch((err) => {
        if (Date.now() > until) throw err;
        return null;
      });
      if (!env) await sleep(200);
    }
    // The port answers a moment before the default namespace is registered.
    while (
      !(await env.connection.workflowService.describeNamespace({ namespace: 'default' }).then(
        () => true,
        () => false,
      ))
    ) {
      if (Date.now() > until)
        throw new Error(`The Temporal dev server's namespace was not ready within ${START_TIMEOUT_MS / 1000} s`);
      await sleep(100);
    }
    const teardown = env.teardown.bind(env);
    env.teardown = async () => {
      await teardown();
      child.kill('SIGTERM');
      await exited;
    };
    return env;
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}
