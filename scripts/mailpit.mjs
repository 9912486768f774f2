// Mailpit, the mailbox `npm start` sends every e-mail to: a real SMTP server with a web page and an
// API to read what it received. Built by scripts/toolchain.mjs (ensureMailpit); the browser tests
// run it too (test/setup/e2e-setup.ts). Which mailbox e-mails go to, and when none may be started
// (production), is decided here too (docs/operations.md "E-mail"). Node built-ins only.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const MAILPIT_VERSION = 'v1.33.1';

/** Where the built binary is kept: ~/.cache/esos-reporting/bin/mailpit-v1.33.1/mailpit. */
export function mailpitCachePath(env = process.env) {
  return path.join(
    env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
    'esos-reporting',
    'bin',
    `mailpit-${MAILPIT_VERSION}`,
    'mailpit',
  );
}

/**
 * Mailpit's arguments: its web page and API on 127.0.0.1:uiPort, answering only requests addressed
 * to that host and port (`--allowed-hosts`: a web page on another name that resolves to 127.0.0.1,
 * DNS rebinding, gets 403), SMTP on 127.0.0.1:smtpPort (no sign-in: it takes mail from this machine
 * only), messages kept in `database` (at most `max`).
 */
export function mailpitArgs({ uiPort, smtpPort, database, max = 500 }) {
  return [
    '--listen',
    `127.0.0.1:${uiPort}`,
    '--allowed-hosts',
    `127.0.0.1:${uiPort},localhost:${uiPort}`,
    '--smtp',
    `127.0.0.1:${smtpPort}`,
    '--database',
    database,
    '--max',
    String(max),
    '--disable-version-check',
    '--smtp-disable-rdns',
    '--quiet',
  ];
}

/** Why the service must not start as configured: production with no mail server named. */
export function productionMailProblem(env = process.env) {
  return env.NODE_ENV === 'production' && !env.SMTP_URL
    ? 'NODE_ENV=production needs SMTP_URL (the mail server, e.g. smtps://user:password@smtp.example.com): no mailbox is started in production.'
    : null;
}

/** Where the process id of the Mailpit we started is kept, beside its database. */
export const mailpitPidFile = (dataDir) => path.join(dataDir, 'mailpit.pid');

/**
 * Is the Mailpit recorded in `pidFile` alive and serving `uiPort`: the one we started (on Linux,
 * read from /proc; anywhere else, or anything unclear, no)?
 */
export function isOurMailpit(pidFile, uiPort, readFile = fs.readFileSync) {
  try {
    const pid = Number(String(readFile(pidFile, 'utf8')).trim());
    if (!Number.isInteger(pid) || pid <= 0) return false;
    const args = String(readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return path.basename(args[0] ?? '') === 'mailpit' && args.includes(`127.0.0.1:${uiPort}`);
  } catch {
    return false;
  }
}

/**
 * Where e-mails go: 'configured' (SMTP_URL names the server), 'refuse' (production without one),
 * 'reuse' (the ports answer and it is the Mailpit we started), 'foreign' (something else answers
 * there: nothing is sent to it), 'start' (start ours: it is `built`), 'build' (build ours first, Go
 * being there to build it: its ports are held meanwhile and e-mails wait in the outbox) or
 * 'unavailable' (it cannot be had: e-mails stay in the email_outbox table, unsent).
 */
export function mailboxPlan({ env = process.env, answering, ours, built = true, canBuild = true }) {
  if (env.SMTP_URL) return 'configured';
  if (productionMailProblem(env)) return 'refuse';
  if (answering) return ours ? 'reuse' : 'foreign';
  if (built) return 'start';
  return canBuild ? 'build' : 'unavailable';
}

/**
 * Holds the mailbox's ports on 127.0.0.1 while Mailpit is being built, so the worker can be told
 * where to send from the start and nothing else takes them meanwhile. SMTP answers
 * `421 4.3.2 …` (not available, try later: the e-mails wait in the outbox, no attempt counted,
 * infra/mailer.ts) and the web page 503 with `status` (it reloads itself, so it becomes the
 * mailbox once that answers). `release()` frees both just before Mailpit starts on them.
 */
export async function holdMailboxPorts({ uiPort, smtpPort, status }) {
  let current = status;
  const smtp = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(`421 4.3.2 ${current.replace(/[\r\n]+/g, ' ')}\r\n`);
  });
  const web = http.createServer((req, res) => {
    const text = current.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(503, {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': '15',
      'cache-control': 'no-store',
      connection: 'close',
    });
    res.end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="15"><title>Mailbox not ready</title><p>${text}</p></html>`,
    );
  });
  const listen = (server, port) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const close = (server) => new Promise((resolve) => server.close(() => resolve()));
  try {
    await listen(smtp, smtpPort);
    await listen(web, uiPort);
  } catch (err) {
    await Promise.all([close(smtp), close(web)].map((p) => p.catch(() => undefined)));
    throw err;
  }
  return {
    setStatus: (text) => (current = text),
    release: async () => {
      web.closeAllConnections?.();
      await Promise.all([close(smtp), close(web)]);
    },
  };
}

/** What to tell the user when something else answers on the mailbox's ports. */
export const foreignMailboxMessage = (uiPort, smtpPort) =>
  `Something that is not our Mailpit already answers on ${uiPort} or ${smtpPort}: no e-mail is sent to it (they stay in the email_outbox table). Set SMTP_URL to use it, or MAILPIT_PORT and MAILPIT_SMTP_PORT to start ours on other ports.`;
