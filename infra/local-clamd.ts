// A ClamAV daemon of our own, for tests and `npm start` on a machine without a configured one:
// Debian's clamd (`apt-get install clamav-daemon`) with a config in a directory of ours, listening
// on a Unix socket there. freshclam cannot download signatures here, so unless real ones are in
// /var/lib/clamav the daemon loads a one-line database that knows the EICAR test file — enough to
// see a refusal end to end. Production points CLAMAV_SOCKET or CLAMAV_HOST at a clamd with
// freshclam-updated signatures instead.
//
//   node node_modules/tsx/dist/cli.mjs infra/local-clamd.ts <dir>   (runs until stopped)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ClamdScanner } from './clamd';

/** The EICAR anti-virus test file, put together at run time so this source file is not itself flagged. */
export const EICAR_TEST_STRING = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'].join(
  '',
);

const SYSTEM_SIGNATURES = '/var/lib/clamav';

/**
 * What clamd may leave unscanned, and that it must say so (project issue 27). An .docx, .xlsx or
 * OpenDocument file is a ZIP: with clamd's defaults a member past a limit, or encrypted, is skipped
 * and the file answers OK. With these, such a file answers `Heuristics.Limits.Exceeded.…` or
 * `Heuristics.Encrypted.…` FOUND, and the upload is refused (api/files/uploads.ts). Production's
 * clamd.conf needs the same lines (README, "Virus scanning").
 */
export const CLAMD_SCAN_LIMITS = [
  // Above the 20MB upload limit, so every accepted upload is scanned whole.
  'StreamMaxLength 25M',
  // Bytes scanned of one upload in all, its archive members unpacked included.
  'MaxScanSize 200M',
  // Any one file or archive member, unpacked.
  'MaxFileSize 100M',
  // Archives inside archives (the upload itself is the first level of an Office file).
  'MaxRecursion 12',
  // Members of one archive.
  'MaxFiles 10000',
  // Below the client's CLAMAV_TIMEOUT_MS (30 s), so a slow scan is an answer, not a timeout.
  'MaxScanTime 20000',
  // Past any of those limits: FOUND Heuristics.Limits.Exceeded.<limit>, not OK.
  'AlertExceedsMax yes',
  // Encrypted archives and documents cannot be scanned: FOUND Heuristics.Encrypted.<type>.
  'AlertEncrypted yes',
  'AlertEncryptedArchive yes',
  'AlertEncryptedDoc yes',
  'HeuristicAlerts yes',
] as const;

/** clamd's path: CLAMD_PATH, Debian's /usr/sbin/clamd, or clamd on PATH; null when not installed. */
export function findClamd(): string | null {
  if (process.env.CLAMD_PATH) return process.env.CLAMD_PATH;
  if (fs.existsSync('/usr/sbin/clamd')) return '/usr/sbin/clamd';
  const found = spawnSync('sh', ['-c', 'command -v clamd'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function hasSystemSignatures(): boolean {
  try {
    return fs.readdirSync(SYSTEM_SIGNATURES).some((f) => /\.(cvd|cld)$/.test(f));
  } catch {
    return false;
  }
}

/** Writes the config (and the EICAR-only database when needed) under dir; the socket clamd will listen on. */
export function prepareLocalClamd(
  dir: string,
  options: { systemSignatures?: boolean } = {},
): { config: string; socket: string } {
  fs.mkdirSync(dir, { recursive: true });
  const socket = path.join(dir, 'clamd.sock');
  let database = path.join(dir, 'signatures');
  if (options.systemSignatures && hasSystemSignatures()) database = SYSTEM_SIGNATURES;
  else {
    fs.mkdirSync(database, { recursive: true });
    fs.writeFileSync(
      path.join(database, 'esos-test.ndb'),
      `Eicar-Test-Signature:0:*:${Buffer.from(EICAR_TEST_STRING).toString('hex')}\n`,
    );
  }
  const config = path.join(dir, 'clamd.conf');
  fs.writeFileSync(
    config,
    [
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${database}`,
      'Foreground yes',
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      ...CLAMD_SCAN_LIMITS,
      'MaxThreads 4',
      'LogTime yes',
      `LogFile ${path.join(dir, 'clamd.log')}`,
      '',
    ].join('\n'),
  );
  fs.rmSync(socket, { force: true });
  return { config, socket };
}

export interface LocalClamd {
  socket: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts clamd with a config under dir and waits until its socket answers. */
export async function startLocalClamd(
  dir: string,
  options: { systemSignatures?: boolean; timeoutMs?: number } = {},
): Promise<LocalClamd> {
  const clamd = findClamd();
  if (!clamd) throw new Error('ClamAV is not installed: apt-get install clamav-daemon (or set CLAMD_PATH)');
  const { config, socket } = prepareLocalClamd(dir, options);
  const child = spawn(clamd, ['-c', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const scanner = new ClamdScanner({ socket, timeoutMs: 2000 });
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`clamd exited with code ${child.exitCode}; see ${path.join(dir, 'clamd.log')}`);
    if ((await scanner.ping().catch(() => '')) === 'PONG') break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`clamd did not answer on ${socket}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    socket,
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (require.main === module) {
  const dir = path.resolve(process.argv[2] ?? '.data/clamav');
  startLocalClamd(dir, { systemSignatures: true })
    .then((clamd) => {
      process.stdout.write(`[esos] ClamAV is answering on ${clamd.socket}\n`);
      const stop = () => void clamd.stop().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      clamd.process.once('exit', (code) => process.exit(code ?? 1));
    })
    .catch((err) => {
      console.error(String(err));
      process.exit(1);
    });
}
