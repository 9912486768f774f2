// Mailpit, the mailbox `npm start` sends every e-mail to: a real SMTP server with a web page and an
// API to read what it received. Built by scripts/toolchain.mjs (ensureMailpit); the browser tests
// run it too (test/setup/e2e-setup.ts). Node built-ins only.
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
 * Mailpit's arguments: its web page and API on 127.0.0.1:uiPort, SMTP on 127.0.0.1:smtpPort (no
 * sign-in: it takes mail from this machine only), messages kept in `database` (at most `max`).
 */
export function mailpitArgs({ uiPort, smtpPort, database, max = 500 }) {
  return [
    '--listen',
    `127.0.0.1:${uiPort}`,
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
