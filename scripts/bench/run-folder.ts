// The run's folder, .data/bench/<timestamp>/: the servers' logs (Temporal, workers, API processes)
// and CPU profiles go there, so the bench's own output is its tables; named again at the end.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
let folder: string | undefined;

/** The run's folder, made on first use. */
export function runFolder(): string {
  if (!folder) {
    folder = path.join(root, '.data', 'bench', new Date().toISOString().replace(/[:.]/g, '-'));
    fs.mkdirSync(folder, { recursive: true });
  }
  return folder;
}

/** A log file in the run's folder, opened for appending (close the descriptor once a child has it). */
export function openLog(name: string): number {
  return fs.openSync(path.join(runFolder(), name), 'a');
}

/** Where the run's files are (relative to the current folder when inside it); undefined when none were written. */
export function runFolderForHumans(): string | undefined {
  if (!folder) return undefined;
  const rel = path.relative(process.cwd(), folder);
  return rel.startsWith('..') ? folder : rel;
}
