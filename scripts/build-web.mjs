// Builds the SPA and prints the first-load JavaScript size (gzip): the entry script and the chunks
// index.html preloads. Fails when it passes the budget.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { firstLoad, root, gitCommit } from './toolchain.mjs';

const BUDGET_KB = 100;
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VITE_GIT_COMMIT: gitCommit() },
});
if (result.status !== 0) process.exit(result.status ?? 1);

const { scripts, stylesheets, javaScriptBytes: total } = firstLoad();
for (const { src, bytes } of scripts) console.log(`  ${src}  ${(bytes / 1024).toFixed(1)} KB gzip`);
for (const { src, bytes } of stylesheets) console.log(`  ${src}  ${(bytes / 1024).toFixed(1)} KB gzip (stylesheet)`);
console.log(`First-load JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error(`First-load JavaScript is over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
