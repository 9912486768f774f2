// The worker (worker.ts) as a child process of the fault run, so it can die for real: killed,
// frozen, and started again whenever it exits, as a supervisor would.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** worker.ts as a child process, started again whenever it exits until stop(). */
export class WorkerProcess {
  private child: ChildProcess | null = null;
  private stopped = false;
  restarts = 0;
  unexpectedExits = 0;
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {}

  start(): void {
    // One worker at a time: a second start (two fault paths restarting it at once) is a no-op.
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    // tsx as a loader in this one process (its CLI would run the worker in a child, which a
    // SIGKILL of the CLI leaves running).
    const log = fs.openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'worker.ts')], {
      cwd: root,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', log, log],
    });
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
