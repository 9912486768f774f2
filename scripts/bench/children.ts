// The bench's child processes (scripts/bench/child.ts): the API, the list floor and the journeys'
// worker, each its own process so its CPU and peak RSS are its own and the load generator does not
// share its event loop. Their output goes to a log file in the run's folder.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildMode } from './child';
import { options } from './options';
import type { ApiStats } from './process-stats';
import { openLog, runFolder } from './run-folder';

export interface BenchChild {
  child: ChildProcess;
  port: number;
  stats: () => Promise<ApiStats>;
}

/** Starts a child in `mode`; answers once it is listening (or, for the worker, running). */
export async function startChild(mode: ChildMode, env: NodeJS.ProcessEnv, logName: string): Promise<BenchChild> {
  const profile = options.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(runFolder(), 'profiles')}`] : [];
  const log = openLog(logName);
  // With --log-level the API's log lines (info, as in production) are written, but to nowhere.
  const stdout = options.logLevel ? 'ignore' : log;
  const child = fork(path.join(__dirname, 'child.ts'), [mode], {
    env,
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', stdout, log, 'ipc'],
  });
  fs.closeSync(log);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) =>
      reject(new Error(`the bench's ${mode} process exited with ${code}: see ${path.join(runFolder(), logName)}`)),
    );
  });
  return { child, port, stats: () => askStats(child) };
}

function askStats(child: ChildProcess): Promise<ApiStats> {
  return new Promise<ApiStats>((resolve) => {
    child.once('message', (m: ApiStats) => resolve(m));
    child.send({ type: 'stats' });
  });
}

/** SIGINT (so --cpu-prof writes its profile on a normal exit), then waits for it to end. */
export async function stopChild({ child }: { child: ChildProcess }): Promise<void> {
  child.kill('SIGINT');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
}
