// The SPA's API types (web/lib/api-types.ts) are what the code's API description makes: a route or
// response schema changed without `npm run api-types` fails here. The generator runs as a child
// process: openapi-typescript loads ES modules, which Jest's CommonJS runtime cannot.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(__dirname, '..', 'web', 'lib', 'api-types.ts');

it('web/lib/api-types.ts is up to date with the API description (run `npm run api-types`)', async () => {
  const made = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'api-types.ts'), '--print'],
      { cwd: path.join(__dirname, '..'), maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LOG_LEVEL: 'silent' } },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
    ),
  );
  expect(fs.readFileSync(FILE, 'utf8') === made).toBe(true);
}, 180_000);
