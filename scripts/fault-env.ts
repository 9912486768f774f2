// The parts the fault run kills and starts again, each its own process so it can die for real:
// a throwaway PostgreSQL cluster of the run's own (initdb in a temporary folder, on a free port —
// never the machine's shared cluster, which other sessions use), a Temporal dev server keeping its
// state in a SQLite file (so it survives SIGKILL), and the worker (worker.ts, restarted whenever it
// exits). The API runs in this process, as a replica would, against all three.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { createDb, ensureDatabase, migrate } from '../infra/db';
import { temporalCliPath } from '../test/temporal';
import { freePort } from '../test/free-port';

const root = path.resolve(__dirname, '..');
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ok()) return;
    await sleep(200);
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb and postgres refuse root). */
function pgCommand(bin: string, args: string[]): [string, string[]] {
  const exe = path.join(PG_BIN, bin);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
}

/** A PostgreSQL cluster of our own, stopped with `pg_ctl -m immediate` (a crash) and started again. */
export class OwnPostgres {
  readonly dataDir: string;
  private constructor(readonly dir: string, readonly port: number) {
    this.dataDir = path.join(dir, 'data');
  }

  static async create(dir: string): Promise<OwnPostgres> {
    const pg = new OwnPostgres(dir, await freePort());
    fs.mkdirSync(dir, { recursive: true });
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
    const [cmd, args] = pgCommand('initdb', ['-D', pg.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    execFileSync(cmd, args, { stdio: 'ignore' });
    await pg.start();
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/esos`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB`;
    const [cmd, args] = pgCommand('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', path.join(this.dir, 'postgres.log'), '-w', '-t', '120', 'start']);
    execFileSync(cmd, args, { stdio: 'ignore' });
  }

  /** Like a crash: no checkpoint, clients cut off; the next start replays the WAL. */
  stopImmediately(): void {
    const [cmd, args] = pgCommand('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    execFileSync(cmd, args, { stdio: 'ignore' });
  }

  running(): boolean {
    const [cmd, args] = pgCommand('pg_ctl', ['-D', this.dataDir, 'status']);
    try {
      execFileSync(cmd, args, { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }

  destroy(): void {
    if (this.running()) this.stopImmediately();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

class ExitedEarly extends Error {}

/** A Temporal dev server whose state is a SQLite file: SIGKILL it and start it again, nothing is lost. */
export class OwnTemporal {
  private child: ChildProcess | null = null;
  private constructor(readonly dir: string, private _port: number) {}

  static async create(dir: string): Promise<OwnTemporal> {
    fs.mkdirSync(dir, { recursive: true });
    const t = new OwnTemporal(dir, await freePort());
    // The port was free when asked for, but another test's server may take it (or one of the dev
    // server's other ports) before ours binds: the server then exits at once, and a fresh port is
    // tried. Only at creation: a restarted server keeps its address, which the workers hold.
    for (let attempt = 1; ; attempt++) {
      try {
        await t.start();
        return t;
      } catch (err) {
        if (!(err instanceof ExitedEarly) || attempt === 3) throw err;
        t._port = await freePort();
      }
    }
  }

  get port(): number {
    return this._port;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = [
      'server', 'start-dev', '--headless',
      '--db-filename', path.join(this.dir, 'temporal.sqlite'),
      '--ip', '127.0.0.1', '--port', String(this.port),
      '--log-level', 'error',
      '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecution=true',
      '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
    ];
    const log = fs.openSync(path.join(this.dir, 'temporal.log'), 'a');
    const child = spawn(temporalCliPath(), args, { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    this.child = child;
    const logTail = () => fs.readFileSync(path.join(this.dir, 'temporal.log'), 'utf8').trim().split('\n').slice(-5).join('\n');
    await waitFor('Temporal', async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new ExitedEarly(`Temporal on port ${this.port} exited as it started (${child.exitCode ?? child.signalCode}):\n${logTail()}`);
      return portAnswers(this.port);
    }).catch((err: Error) => {
      throw err instanceof ExitedEarly ? err : new Error(`${err.message}; its log ends:\n${logTail()}`);
    });
  }

  kill(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  async waitGone(): Promise<void> {
    await waitFor('Temporal to stop', async () => !(await portAnswers(this.port)), 20_000);
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }
}

/** The product's workflows bundled once, so a restarted worker starts in seconds. */
export async function bundleWorkflows(dir: string): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath: require.resolve('../workflows'), logger: new DefaultLogger('WARN') });
  const file = path.join(dir, 'workflow-bundle.js');
  fs.writeFileSync(file, code);
  return file;
}

/** worker.ts as a child process, started again whenever it exits until stop(). */
export class WorkerProcess {
  private child: ChildProcess | null = null;
  private stopped = false;
  restarts = 0;
  unexpectedExits = 0;
  constructor(private readonly env: NodeJS.ProcessEnv, private readonly logFile: string) {}

  start(): void {
    // One worker at a time: a second start (two fault paths restarting it at once) is a no-op.
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    // tsx as a loader in this one process (its CLI would run the worker in a child, which a
    // SIGKILL of the CLI leaves running).
    const log = fs.openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'worker.ts')], { cwd: root, env: { ...process.env, ...this.env }, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    this.child = child;
    child.once('exit', (_code, signal) => {
      if (this.child !== child || this.stopped) return;
      // It gave up by itself (e.g. Temporal away when it started): start it again, as a supervisor would.
      if (signal !== 'SIGKILL') this.unexpectedExits++;
      this.child = null;
      setTimeout(() => {
        if (!this.stopped && !this.child) {
          this.restarts++;
          this.start();
        }
      }, 1000);
    });
  }

  /** SIGKILL: no shutdown, no goodbye to Temporal; its activities and workflow tasks time out. */
  kill(): void {
    const child = this.child;
    this.child = null;
    child?.kill('SIGKILL');
  }

  /** Freezes it (SIGSTOP), so whatever it has taken from Temporal is held until it is killed. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
  }
}

export async function prepareDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  const db = createDb(url, { min: 0, max: 1 });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the PostgreSQL folder inside belongs to the postgres user
  return dir;
}

export { sleep, waitFor, portAnswers };
