// A throwaway PostgreSQL cluster of the fault run's own (initdb in a temporary folder, on a free port —
// never the machine's shared cluster, which other sessions use), stopped with `pg_ctl -m immediate`
// (a crash) and started again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/free-port';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb and postgres refuse root). */
function pgCommand(bin: string, args: string[]): [string, string[]] {
  const exe = path.join(PG_BIN, bin);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
}

/** A PostgreSQL cluster of our own, stopped with `pg_ctl -m immediate` (a crash) and started again. */
export class OwnPostgres {
  readonly dataDir: string;
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(dir, 'data');
  }

  static async create(dir: string): Promise<OwnPostgres> {
    const pg = new OwnPostgres(dir, await freePort());
    fs.mkdirSync(dir, { recursive: true });
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
    const [cmd, args] = pgCommand('initdb', [
      '-D',
      pg.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    execFileSync(cmd, args, { stdio: 'ignore' });
    await pg.start();
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/esos`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB`;
    const [cmd, args] = pgCommand('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-w',
      '-t',
      '120',
      'start',
    ]);
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
