// What a process has cost: its own CPU and peak RSS (sent over IPC by the bench's child processes),
// and other processes' from /proc (Linux): the Temporal server's and PostgreSQL's backends'.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Knex } from 'knex';

export interface ApiStats {
  /** Peak RSS, summed over the API processes. */
  maxRssMb: number;
  /** CPU time used so far (user + system), summed. */
  cpuMs: number;
  /** Peak RSS per API process, when there are several. */
  each?: number[];
  /** CPU per API process, when there are several. */
  eachCpuMs?: number[];
}

/** This process's figures. */
export function ownStats(): ApiStats {
  const cpu = process.cpuUsage();
  return { maxRssMb: process.resourceUsage().maxRSS / 1024, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Answers the parent's `stats` messages with this process's figures. */
export function answerStats(): void {
  process.on('message', (m: { type: string }) => {
    if (m.type === 'stats') process.send!(ownStats());
  });
}

let clockTicks: number | undefined;
const ticks = () => (clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** CPU ms of a process from its /proc/<pid>/stat (utime + stime, children not included). */
function statCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks();
}

/** CPU time (ms) of a process from /proc, children not included. */
export const processCpuMs = (pid: number): number => statCpuMs(pid);

/** Peak RSS (MB) of a process from /proc. */
export function processPeakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * CPU ms so far of each PostgreSQL client backend serving the given databases (the bench's own when
 * none are named), from /proc (Linux): with the API's, it says what a request costs whatever else the
 * machine is doing. Compare two snapshots with `cpuSince`.
 */
export async function postgresCpu(db: Knex, databases?: string[]): Promise<Map<number, number>> {
  const { rows } = await db.raw(
    `select pid from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and ${databases ? 'datname = any(?)' : 'datname = current_database()'}`,
    databases ? [databases] : [],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      cpu.set(pid, statCpuMs(pid));
    } catch {
      // the backend ended meanwhile
    }
  }
  return cpu;
}

/** CPU ms between two snapshots: a backend that started meanwhile counts whole; one that ended is lost (never negative). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
