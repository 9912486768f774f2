// Builds the SPA and prints the first-load JavaScript size (gzip): the entry script and the chunks
// index.html preloads. Fails when it passes the budget.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root, gitCommit } from './toolchain.mjs';

const BUDGET_KB = 100;
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit', env: { ...process.env, VITE_GIT_COMMIT: gitCommit() } });
if (result.status !== 0) process.exit(result.status ?? 1);

const out = path.join(root, 'dist', 'web');
const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const src of new Set(scripts)) {
  const bytes = zlib.gzipSync(fs.readFileSync(path.join(out, src.replace(/^\//, ''))), { level: 9 }).length;
  total += bytes;
  console.log(`  ${src}  ${(bytes / 1024).toFixed(1)} KB gzip`);
}
const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
for (const href of css) {
  const bytes = zlib.gzipSync(fs.readFileSync(path.join(out, href.replace(/^\//, ''))), { level: 9 }).length;
  console.log(`  ${href}  ${(bytes / 1024).toFixed(1)} KB gzip (stylesheet)`);
}
console.log(`First-load JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error(`First-load JavaScript is over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
