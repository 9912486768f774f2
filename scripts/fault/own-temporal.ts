// A Temporal dev server of the fault run's own, keeping its state in a SQLite file, so it survives SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/free-port';
import { temporalCliPath } from '../../test/temporal';
import { portAnswers, waitFor } from './waiting';

class ExitedEarly extends Error {}

/** A Temporal dev server whose state is a SQLite file: SIGKILL it and start it again, nothing is lost. */
export class OwnTemporal {
  private child: ChildProcess | null = null;
  private constructor(
    readonly dir: string,
    private _port: number,
  ) {}

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
      'server',
      'start-dev',
      '--headless',
      '--db-filename',
      path.join(this.dir, 'temporal.sqlite'),
      '--ip',
      '127.0.0.1',
      '--port',
      String(this.port),
      '--log-level',
      'error',
      '--dynamic-config-value',
      'frontend.enableUpdateWorkflowExecution=true',
      '--dynamic-config-value',
      'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
    ];
    const log = fs.openSync(path.join(this.dir, 'temporal.log'), 'a');
    const child = spawn(temporalCliPath(), args, { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    this.child = child;
    const logTail = () =>
      fs.readFileSync(path.join(this.dir, 'temporal.log'), 'utf8').trim().split('\n').slice(-5).join('\n');
    await waitFor('Temporal', async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new ExitedEarly(
          `Temporal on port ${this.port} exited as it started (${child.exitCode ?? child.signalCode}):\n${logTail()}`,
        );
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
