// `npm test`: installs what is missing, then runs every test (unit, API, workflow, browser) with Jest.
// Extra arguments go to Jest, e.g. `npm test -- api/routes/system.test.ts`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureMailpit, ensureNodeModules, ensurePostgres, ensureTemporalCli, ensureWebBuild, root, say } from './toolchain.mjs';

ensureNodeModules();
await ensurePostgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const temporalCli = ensureTemporalCli();
// The mailbox the browser tests send to and read (optional: without it they use an SMTP peer of their own).
const mailpit = ensureMailpit();
ensureWebBuild();
say('Running the tests…');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(process.execPath, [jest, '--maxWorkers=2', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEMPORAL_CLI_PATH: temporalCli, MAILPIT_PATH: mailpit ?? '', NODE_ENV: 'test' },
});
process.exit(result.status ?? 1);
