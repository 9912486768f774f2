// Bootstrap helpers in plain JavaScript: they run before `npm ci`, so they may use Node built-ins only.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { MAILPIT_VERSION, mailpitCachePath } from './mailpit.mjs';
import { estimate, formatDuration } from './start-plan.mjs';

export { mailpitArgs } from './mailpit.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
export const cacheBin = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
  'esos-reporting',
  'bin',
);

export function say(message) {
  process.stdout.write(`[esos] ${message}\n`);
}

/** The builds running now (their processes), so a start that is stopped stops them too. */
export const buildProcesses = new Set();

/**
 * Runs a command to its end without holding up the rest of the start (its output kept back, and
 * shown only when it fails, so builds side by side do not bury the progress lines); resolves with
 * its standard output. `background`: at the lowest CPU priority (nice 19), so it takes only what
 * the builds the service waits for leave.
 */
function runAsync(command, args, { background = false, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    buildProcesses.add(child);
    if (background && child.pid) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // not allowed here: it runs at the usual priority
      }
    }
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      output = (output + chunk).slice(-4000);
    });
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
    child.on('error', (err) => {
      buildProcesses.delete(child);
      reject(err);
    });
    child.on('close', (code, signal) => {
      buildProcesses.delete(child);
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(`${command} ${args.join(' ')} failed with ${signal ?? `exit code ${code}`}:\n${output.trimEnd()}`),
        );
    });
  });
}

/** Is node_modules missing, or older than package-lock.json? */
export function nodeModulesStale() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  return !(fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs);
}

/**
 * Installs the locked packages when node_modules is missing or older than package-lock.json.
 * `npm install` rather than `npm ci`: the registry reachable here serves only this platform's
 * optional binaries (@swc/core-darwin-arm64 and the like answer 404), so a lockfile made here lacks
 * them and `npm ci` rejects it; `npm install` installs the same locked versions without complaint.
 */
export async function ensureNodeModules() {
  if (!nodeModulesStale()) return;
  say(`Installing npm packages (the versions in package-lock.json; ${estimate('npm')})…`);
  await runAsync('npm', ['install', '--no-audit', '--no-fund']);
}

function onPath(binary) {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** Is Go installed (to build the Temporal CLI and Mailpit)? */
export const goInstalled = () => Boolean(onPath('go'));

/** TEMPORAL_CLI_PATH, then `temporal` on PATH, then the cache; null when none is found (nothing is built). */
export function findTemporalCli() {
  if (process.env.TEMPORAL_CLI_PATH) {
    if (!fs.existsSync(process.env.TEMPORAL_CLI_PATH))
      throw new Error(`TEMPORAL_CLI_PATH points to a missing file: ${process.env.TEMPORAL_CLI_PATH}`);
    return process.env.TEMPORAL_CLI_PATH;
  }
  const cached = path.join(cacheBin, 'temporal');
  return onPath('temporal') ?? (fs.existsSync(cached) ? cached : null);
}

/** The Temporal CLI as findTemporalCli finds it; built with Go into the cache when none is found. */
export async function ensureTemporalCli() {
  const found = findTemporalCli();
  if (found) return found;
  if (!goInstalled())
    throw new Error(
      'The Temporal CLI is missing and Go is not installed to build it. Install Go, or set TEMPORAL_CLI_PATH.',
    );
  say(`Building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into ${cacheBin} (${estimate('temporal')})…`);
  const started = Date.now();
  fs.mkdirSync(cacheBin, { recursive: true });
  await runAsync('go', ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], {
    env: { ...process.env, GOBIN: cacheBin, CGO_ENABLED: '0' },
    cwd: os.tmpdir(),
  });
  say(`Temporal CLI built in ${formatDuration(Date.now() - started)}.`);
  return path.join(cacheBin, 'temporal');
}

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
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
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
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

/** Is the SPA's build (dist/web) missing, or older than a source file of the web app or the lockfile? */
export function webBuildStale() {
  const built = path.join(root, 'dist', 'web', 'index.html');
  if (!fs.existsSync(built)) return true;
  const newest = (dir) => {
    let latest = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }
    return latest;
  };
  return (
    Math.max(
      ...['web', 'domain', 'processes'].map((dir) => newest(path.join(root, dir))),
      fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
    ) > fs.statSync(built).mtimeMs
  );
}

/** Builds the SPA when webBuildStale says so. */
export async function ensureWebBuild() {
  if (!webBuildStale()) return;
  say(`Building the web application (${estimate('web')})…`);
  await runAsync(process.execPath, [path.join(root, 'scripts', 'build-web.mjs')]);
}

/**
 * What the built SPA's first load fetches (the entry script and the chunks index.html preloads, and
 * its stylesheets), each with its gzip size: the one measure `npm run build` and `npm run bench` print.
 */
export function firstLoad(outDir = path.join(root, 'dist', 'web')) {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const gzipBytes = (file) =>
    zlib.gzipSync(fs.readFileSync(path.join(outDir, file.replace(/^\//, ''))), { level: 9 }).length;
  const scripts = [
    ...new Set(
      [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]),
    ),
  ].map((src) => ({ src, bytes: gzipBytes(src) }));
  const stylesheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => ({
    src: m[1],
    bytes: gzipBytes(m[1]),
  }));
  return { scripts, stylesheets, javaScriptBytes: scripts.reduce((a, s) => a + s.bytes, 0) };
}

export function spawnChild(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => say(`${name} stopped (${signal ?? `exit ${code}`})`));
  return child;
}

export function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------- the Temporal cluster (npm run start:cluster)
// The Temporal server itself (not the CLI's dev server) on PostgreSQL, built with Go like the CLI.

export const TEMPORAL_SERVER_VERSION = 'v1.30.4';
/** The UI server the CLI v1.5.1 embeds: its module is in the Go cache already once the CLI is built. */
export const TEMPORAL_UI_VERSION = 'v2.42.1';
export const temporalServerHome = path.join(cacheBin, `temporal-server-${TEMPORAL_SERVER_VERSION}`);
export const temporalUiHome = path.join(cacheBin, `temporal-ui-${TEMPORAL_UI_VERSION}`);

function goEnv(name) {
  return execFileSync('go', ['env', name], { encoding: 'utf8' }).trim();
}

/**
 * The Temporal server and its SQL schema tool, cached in ~/.cache/esos-reporting/bin/temporal-server-v1.30.4
 * with the module's schema and configuration files copied beside them (so `go clean -modcache`
 * does not take them away). Built with `go install` when missing (several minutes, once per machine).
 * Returns null with the reason when Go is missing and nothing is cached.
 */
export async function ensureTemporalServer({ build = true } = {}) {
  const home = temporalServerHome;
  const found = {
    server: path.join(home, 'server'),
    sql: path.join(home, 'sql'),
    schemaDir: path.join(home, 'schema', 'postgresql', 'v12'),
    configTemplate: path.join(home, 'config', 'development-postgres12.yaml'),
  };
  if (Object.values(found).every((p) => fs.existsSync(p))) return found;
  if (!build) return null;
  if (!onPath('go'))
    throw new Error(`The Temporal server ${TEMPORAL_SERVER_VERSION} is not built and Go is not installed to build it.`);
  say(
    `Building the Temporal server ${TEMPORAL_SERVER_VERSION} and its schema tool with Go into ${home} (takes several minutes, once per machine)…`,
  );
  fs.mkdirSync(home, { recursive: true });
  const started = Date.now();
  const env = { ...process.env, GOBIN: home, CGO_ENABLED: '0' };
  await runAsync(
    'go',
    [
      'install',
      `go.temporal.io/server/cmd/server@${TEMPORAL_SERVER_VERSION}`,
      `go.temporal.io/server/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}`,
    ],
    { env, cwd: os.tmpdir() },
  );
  const moduleDir = path.join(goEnv('GOMODCACHE'), 'go.temporal.io', `server@${TEMPORAL_SERVER_VERSION}`);
  fs.cpSync(path.join(moduleDir, 'schema', 'postgresql'), path.join(home, 'schema', 'postgresql'), { recursive: true });
  fs.cpSync(path.join(moduleDir, 'config'), path.join(home, 'config'), { recursive: true });
  // Files in the module cache are read-only: make the copies writable so the cache can be removed.
  spawnSync('chmod', ['-R', 'u+w', path.join(home, 'schema'), path.join(home, 'config')]);
  say(`Temporal server built in ${formatDuration(Date.now() - started)}.`);
  return found;
}

/** The Temporal UI server, built like the server; null (with a note) when it cannot be. */
export async function ensureTemporalUi() {
  const binary = path.join(temporalUiHome, 'server');
  if (fs.existsSync(binary)) return binary;
  if (!onPath('go')) return null;
  say(`Building the Temporal UI ${TEMPORAL_UI_VERSION} with Go (once per machine)…`);
  try {
    await runAsync('go', ['install', `github.com/temporalio/ui-server/v2/cmd/server@${TEMPORAL_UI_VERSION}`], {
      cwd: os.tmpdir(),
      env: { ...process.env, GOBIN: temporalUiHome, CGO_ENABLED: '0' },
    });
  } catch {
    // said below
  }
  if (!fs.existsSync(binary)) {
    say('The Temporal UI could not be built: the cluster runs without it (the `temporal` CLI reads the same server).');
    return null;
  }
  return binary;
}

/**
 * Creates the two databases (persistence and visibility) when missing, then sets their schema up
 * and upgrades it to the server's version with the server's own tool: `setup-schema -v 0.0` makes
 * the version tables (a no-op when they exist), `update-schema -d <versioned>` applies what is missing.
 */
export function setupTemporalSchema(binaries, { host, port, user, password, database, visibilityDatabase }) {
  const base = [
    '--plugin',
    'postgres12',
    '--endpoint',
    host,
    '--port',
    String(port),
    '--user',
    user,
    ...(password ? ['--password', password] : []),
  ];
  const tool = (db, ...rest) => spawnSync(binaries.sql, [...base, '--db', db, ...rest], { encoding: 'utf8' });
  for (const [db, schema] of [
    [database, 'temporal'],
    [visibilityDatabase, 'visibility'],
  ]) {
    const created = tool(db, 'create-database');
    if (created.status !== 0 && !/already exists/.test(created.stdout + created.stderr))
      throw new Error(`creating the database ${db} failed:\n${created.stdout}${created.stderr}`);
    for (const step of [
      ['setup-schema', '-v', '0.0'],
      ['update-schema', '-d', path.join(binaries.schemaDir, schema, 'versioned')],
    ]) {
      const result = tool(db, ...step);
      if (result.status !== 0) throw new Error(`${step[0]} of ${db} failed:\n${result.stdout}${result.stderr}`);
    }
  }
}

/**
 * Ports of one cluster: nine in a row from `base` (the frontend's gRPC port), none of the dev server's.
 * The server records its services' ports in its `cluster_membership` table as PostgreSQL smallint,
 * so every one must be below 32768 (a higher one stops the server at start: "out of range").
 */
export function clusterPorts(base) {
  if (!Number.isInteger(base) || base < 1024 || base + 8 > 32767)
    throw new Error(
      `CLUSTER_TEMPORAL_PORT must be a whole number from 1024 to 32759 (the server keeps its ports as smallint): ${base}`,
    );
  return {
    frontend: base,
    frontendHttp: base + 1,
    history: base + 2,
    matching: base + 3,
    worker: base + 4,
    frontendMembership: base + 5,
    historyMembership: base + 6,
    matchingMembership: base + 7,
    workerMembership: base + 8,
  };
}

/**
 * The server's configuration: the module's config/development-postgres12.yaml with our databases,
 * user and ports, no metrics or pprof listener, and dynamic configuration of our own (updates on).
 */
export function writeTemporalServerConfig(
  binaries,
  dir,
  { host, port, user, password, database, visibilityDatabase, ports, logLevel = 'warn' },
) {
  let yaml = fs.readFileSync(binaries.configTemplate, 'utf8');
  const replaceOnce = (from, to) => {
    if (!yaml.includes(from)) throw new Error(`the Temporal config template has no "${from}"`);
    yaml = yaml.replace(from, to);
  };
  replaceOnce('level: info', `level: ${logLevel}`);
  replaceOnce('databaseName: "temporal"', `databaseName: "${database}"`);
  replaceOnce('databaseName: "temporal_visibility"', `databaseName: "${visibilityDatabase}"`);
  yaml = yaml.replaceAll('connectAddr: "127.0.0.1:5432"', `connectAddr: "${host}:${port}"`);
  yaml = yaml.replaceAll('user: "temporal"', `user: "${user}"`);
  yaml = yaml.replaceAll('password: "temporal"', `password: "${password}"`);
  // The metrics and pprof listeners would clash with a second cluster on the machine: none.
  yaml = yaml.replace(/\n  pprof:\n    port: \d+\n/, '\n');
  yaml = yaml.replace(/\n  metrics:\n(    .*\n|#.*\n)*/, '\n');
  const services = {
    frontend: ['frontend', 'frontendMembership'],
    history: ['history', 'historyMembership'],
    matching: ['matching', 'matchingMembership'],
    worker: ['worker', 'workerMembership'],
  };
  for (const [service, [grpc, membership]] of Object.entries(services)) {
    yaml = yaml.replace(
      new RegExp(`(\\n  ${service}:\\n    rpc:\\n      grpcPort: )\\d+(\\n      membershipPort: )\\d+`),
      `$1${ports[grpc]}$2${ports[membership]}`,
    );
  }
  replaceOnce('httpPort: 7243', `httpPort: ${ports.frontendHttp}`);
  replaceOnce('rpcAddress: "localhost:7233"', `rpcAddress: "127.0.0.1:${ports.frontend}"`);
  replaceOnce(
    'filepath: "config/dynamicconfig/development-sql.yaml"',
    `filepath: "${path.join(dir, 'dynamicconfig.yaml')}"`,
  );
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'temporal.yaml'), yaml);
  fs.writeFileSync(
    path.join(dir, 'dynamicconfig.yaml'),
    [
      'frontend.enableUpdateWorkflowExecution:',
      '  - value: true',
      'frontend.enableUpdateWorkflowExecutionAsyncAccepted:',
      '  - value: true',
      '',
    ].join('\n'),
  );
  return dir;
}

/** Starts the server from a configuration directory written by writeTemporalServerConfig. */
export function temporalServerArgs(configDir) {
  // No authorizer: the frontend listens on 127.0.0.1 only, as the dev server does.
  return ['--config-file', path.join(configDir, 'temporal.yaml'), '--allow-no-auth', 'start'];
}

// ---------------------------------------------------------------- the mailbox (Mailpit, scripts/mailpit.mjs)
// A real SMTP server with a web page to read what it received, so `npm start` sends every e-mail
// over SMTP and a newcomer opens invitations and reset links at http://localhost:8025.

/**
 * Mailpit's web pages: the Go module carries their sources, not the built files (the project builds
 * them with npm before `go build`), so `go install` alone gives a mailbox whose page is blank. Built
 * here as its Dockerfile does, with only what the build needs: this registry lacks versions its
 * lockfile pins, and `rapidoc` (its API reference page, left out) at the major it asks for.
 */
async function buildMailpitUi(dir, background) {
  const pkgFile = path.join(dir, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
  const buildTools = ['@vue/compiler-sfc', 'esbuild', 'esbuild-plugin-vue-next', 'esbuild-sass-plugin'];
  delete pkg.dependencies.rapidoc;
  pkg.devDependencies = Object.fromEntries(
    Object.entries(pkg.devDependencies).filter(([name]) => buildTools.includes(name)),
  );
  fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  fs.rmSync(path.join(dir, 'package-lock.json'), { force: true });
  const configFile = path.join(dir, 'esbuild.config.mjs');
  const config = fs.readFileSync(configFile, 'utf8');
  const entries = '"server/ui-src/app.js", "server/ui-src/docs.js"';
  if (!config.includes(entries)) throw new Error('its esbuild.config.mjs has changed');
  fs.writeFileSync(configFile, config.replace(entries, '"server/ui-src/app.js"'));
  await runAsync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: dir,
    background,
  });
  await runAsync(process.execPath, ['esbuild.config.mjs'], {
    cwd: dir,
    env: { ...process.env, MINIFY: 'true' },
    background,
  });
}

/** MAILPIT_PATH, else Mailpit in ~/.cache/esos-reporting/bin/mailpit-v1.33.1 when it is built there; else null. */
export function findMailpit() {
  if (process.env.MAILPIT_PATH) return fs.existsSync(process.env.MAILPIT_PATH) ? process.env.MAILPIT_PATH : null;
  const binary = mailpitCachePath();
  return fs.existsSync(binary) ? binary : null;
}

/**
 * Mailpit as findMailpit finds it, else built into ~/.cache/esos-reporting/bin/mailpit-v1.33.1: its
 * module from the Go module proxy, its web pages with npm, then `go build` (a few minutes, once per
 * machine; `background`: at the lowest CPU priority). Null, saying why, when it cannot be had.
 */
export async function ensureMailpit({ build = true, background = false } = {}) {
  const found = findMailpit();
  if (found || process.env.MAILPIT_PATH || !build) return found;
  const binary = mailpitCachePath();
  const mailpitHome = path.dirname(binary);
  if (!goInstalled()) {
    say(
      'Mailpit (the mailbox) is not built and Go is not installed to build it: e-mails stay in the email_outbox table.',
    );
    return null;
  }
  say(
    `Building Mailpit ${MAILPIT_VERSION}, the mailbox, with Go and npm into ${mailpitHome} (${estimate('mailpit')})…`,
  );
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-mailpit-'));
  try {
    const module = JSON.parse(
      await runAsync('go', ['mod', 'download', '-json', `github.com/axllent/mailpit@${MAILPIT_VERSION}`], {
        cwd: os.tmpdir(),
        background,
      }),
    );
    // Without blocking: a start serving meanwhile holds the mailbox's ports in this process (its
    // SMTP greeting must not wait; scripts/mailpit.mjs holdMailboxPorts).
    await fs.promises.cp(module.Dir, work, { recursive: true });
    await runAsync('chmod', ['-R', 'u+w', work]);
    try {
      await buildMailpitUi(work, background);
    } catch (err) {
      say(`Mailpit's web pages could not be built (${err.message}): its mailbox page stays blank, its API answers.`);
    }
    fs.mkdirSync(mailpitHome, { recursive: true });
    await runAsync(
      'go',
      ['build', '-ldflags', `-s -w -X github.com/axllent/mailpit/config.Version=${MAILPIT_VERSION}`, '-o', binary, '.'],
      { cwd: work, env: { ...process.env, CGO_ENABLED: '0' }, background },
    );
    say(`Mailpit built in ${formatDuration(Date.now() - started)}.`);
    return binary;
  } catch (err) {
    say(`Mailpit could not be built (${err.message}): e-mails stay in the email_outbox table.`);
    return null;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
