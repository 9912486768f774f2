// `npm test`: installs what is missing, then runs every test (unit, API, workflow, browser) with Jest.
// Extra arguments go to Jest, e.g. `npm test -- api/routes/system.test.ts`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ensureMailpit,
  ensureNodeModules,
  ensurePostgres,
  ensureTemporalCli,
  ensureWebBuild,
  root,
  say,
} from './toolchain.mjs';

// What is missing is built side by side: the Temporal CLI and the mailbox with Go while npm installs
// and the web build runs (scripts/start-plan.mjs says how long each takes).
const [temporalCli, mailpit] = await Promise.all([
  ensureTemporalCli(),
  // The mailbox the browser tests send to and read (optional: without it they use an SMTP peer of their own).
  ensureMailpit(),
  ensureNodeModules().then(ensureWebBuild),
  ensurePostgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
]).catch((err) => {
  say(err.message);
  process.exit(1);
});
const wholeRun = process.argv.length === 2;
if (wholeRun) {
  // Lint and format first (about a minute): the rules a type checker cannot give, and one layout.
  say('Linting (ESLint) and checking the format (Prettier)…');
  for (const [tool, args] of [
    ['eslint', ['.']],
    ['prettier', ['--check', '.', '--log-level', 'warn']],
  ]) {
    const lint = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', tool, 'bin', tool === 'eslint' ? 'eslint.js' : 'prettier.cjs'), ...args],
      { cwd: root, stdio: 'inherit' },
    );
    if (lint.status !== 0) {
      say(`${tool} found problems: \`npm run format\` fixes the layout; the rest is named above.`);
      process.exit(1);
    }
  }
}
say('Running the tests…');
// Every route's answers in the API tests (test/api-answers.ts), checked against the API description
// after a whole run (test/api-contract.ts); a run of some tests only sees some answers.
const answers = process.env.ESOS_API_ANSWERS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'esos-api-answers-'));
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(process.execPath, [jest, '--maxWorkers=2', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    TEMPORAL_CLI_PATH: temporalCli,
    MAILPIT_PATH: mailpit ?? '',
    NODE_ENV: 'test',
    ESOS_API_ANSWERS: answers,
  },
});
let status = result.status ?? 1;
if (status === 0 && wholeRun) {
  status =
    spawnSync(process.execPath, ['--import', 'tsx', 'test/api-contract.ts', answers], { cwd: root, stdio: 'inherit' })
      .status ?? 1;
}
if (!process.env.ESOS_API_ANSWERS) fs.rmSync(answers, { recursive: true, force: true });
process.exit(status);
