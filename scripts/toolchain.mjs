// Bootstrap helpers in plain JavaScript: they run before `npm ci`, so they may use Node built-ins only.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
export const cacheBin = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'esos-reporting', 'bin');

export function say(message) {
  process.stdout.write(`[esos] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

/**
 * Installs the locked packages when node_modules is missing or older than package-lock.json.
 * `npm install` rather than `npm ci`: the registry reachable here serves only this platform's
 * optional binaries (@swc/core-darwin-arm64 and the like answer 404), so a lockfile made here lacks
 * them and `npm ci` rejects it; `npm install` installs the same locked versions without complaint.
 */
export function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  say('Installing npm packages (the versions in package-lock.json)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function onPath(binary) {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** TEMPORAL_CLI_PATH, then `temporal` on PATH, then the cache; builds it with Go when none is found. */
export function ensureTemporalCli() {
  if (process.env.TEMPORAL_CLI_PATH) {
    if (!fs.existsSync(process.env.TEMPORAL_CLI_PATH)) throw new Error(`TEMPORAL_CLI_PATH points to a missing file: ${process.env.TEMPORAL_CLI_PATH}`);
    return process.env.TEMPORAL_CLI_PATH;
  }
  const fromPath = onPath('temporal');
  if (fromPath) return fromPath;
  const cached = path.join(cacheBin, 'temporal');
  if (fs.existsSync(cached)) return cached;
  if (!onPath('go')) throw new Error('The Temporal CLI is missing and Go is not installed to build it. Install Go, or set TEMPORAL_CLI_PATH.');
  say(`Building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into ${cacheBin} (takes a few minutes, once per machine)…`);
  fs.mkdirSync(cacheBin, { recursive: true });
  run('go', ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], { env: { ...process.env, GOBIN: cacheBin, CGO_ENABLED: '0' }, cwd: os.tmpdir() });
  say('Temporal CLI built.');
  return cached;
}

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForPort(port, host, what, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portOpen(port, host)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer on ${host}:${port} within ${timeoutMs / 1000} s`);
}

/** Does a Unix socket accept connections (e.g. clamd's)? */
export function socketOpen(socketPath) {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForSocket(socketPath, what, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await socketOpen(socketPath)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer on ${socketPath} within ${timeoutMs / 1000} s`);
}

/** Makes sure the PostgreSQL server of DATABASE_URL answers; starts the local cluster when it does not. */
export async function ensurePostgres(databaseUrl) {
  const url = new URL(databaseUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  if (await portOpen(port, host)) return;
  const local = ['127.0.0.1', 'localhost', '::1'].includes(host);
  if (local && fs.existsSync('/etc/postgresql')) {
    say('PostgreSQL is not answering: starting the local cluster…');
    for (const version of fs.readdirSync('/etc/postgresql')) {
      spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    }
    await waitForPort(port, host, 'PostgreSQL', 30000);
    return;
  }
  throw new Error(`PostgreSQL does not answer at ${host}:${port}. Start it, or set DATABASE_URL.`);
}

/** Builds the SPA when dist/web is missing or older than any source file of the web app. */
export function ensureWebBuild() {
  const built = path.join(root, 'dist', 'web', 'index.html');
  const newest = (dir) => {
    let latest = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }
    return latest;
  };
  const sourcesChanged = () => Math.max(newest(path.join(root, 'web')), newest(path.join(root, 'domain')), fs.statSync(path.join(root, 'package-lock.json')).mtimeMs) > fs.statSync(built).mtimeMs;
  if (fs.existsSync(built) && !sourcesChanged()) return;
  say('Building the web application…');
  run(process.execPath, [path.join(root, 'scripts', 'build-web.mjs')]);
}

export function spawnChild(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => say(`${name} stopped (${signal ?? `exit ${code}`})`));
  return child;
}

export function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}
