// The test run's ClamAV daemon (infra/local-clamd.ts): one per run, in a temporary directory,
// stopped and removed at teardown. Its socket goes to the tests (and the processes they start) as
// CLAMAV_SOCKET.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalClamd } from '../../infra/local-clamd';
import { onTeardown } from './cleanup';

export async function startTestClamd(): Promise<string> {
  // Started already by another project's setup in this run.
  if (process.env.ESOS_TEST_CLAMAV_SOCKET) return process.env.ESOS_TEST_CLAMAV_SOCKET;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-clamd-'));
  const clamd = await startLocalClamd(dir);
  onTeardown(async () => {
    await clamd.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  process.env.ESOS_TEST_CLAMAV_SOCKET = clamd.socket;
  return clamd.socket;
}
