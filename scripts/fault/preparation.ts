// A temporary folder for a fault run's parts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the PostgreSQL folder inside belongs to the postgres user
  return dir;
}
