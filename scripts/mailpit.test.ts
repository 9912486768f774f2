// Mail goes where it should (issue 40, docs/operations.md "E-mail"): in production no mailbox is
// started and neither `npm start`, `npm run start:cluster` nor the worker starts without SMTP_URL;
// in development our Mailpit answers only requests addressed to it (a DNS-rebinding page gets 403),
// and a mailbox already answering on its ports is used only when it is the one we started.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/free-port';
import { createMailer, MailServerAway } from '../infra/mailer';

interface MailpitModule {
  mailpitArgs: (o: { uiPort: number; smtpPort: number; database: string }) => string[];
  mailboxPlan: (o: { env: NodeJS.ProcessEnv; answering: boolean; ours: boolean }) => string;
  productionMailProblem: (env: NodeJS.ProcessEnv) => string | null;
  isOurMailpit: (pidFile: string, uiPort: number, readFile?: (p: string, e: string) => string) => boolean;
  mailpitCachePath: () => string;
  holdMailboxPorts: (o: {
    uiPort: number;
    smtpPort: number;
    status: string;
  }) => Promise<{ setStatus: (text: string) => void; release: () => Promise<void> }>;
}

const mailpit = require('./mailpit.mjs') as MailpitModule;
const root = path.resolve(__dirname, '..');

describe('where e-mails go', () => {
  it('starts no mailbox in production and refuses to go on without SMTP_URL', () => {
    const production = { NODE_ENV: 'production' };
    expect(mailpit.productionMailProblem(production)).toContain('NODE_ENV=production needs SMTP_URL');
    expect(mailpit.mailboxPlan({ env: production, answering: false, ours: false })).toBe('refuse');
    expect(mailpit.mailboxPlan({ env: production, answering: true, ours: true })).toBe('refuse');
    const named = { NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example.com' };
    expect(mailpit.productionMailProblem(named)).toBeNull();
    expect(mailpit.mailboxPlan({ env: named, answering: true, ours: false })).toBe('configured');
  });

  it('uses a mailbox already answering only when it is the one we started', () => {
    const dev = { NODE_ENV: 'development' };
    expect(mailpit.mailboxPlan({ env: dev, answering: false, ours: false })).toBe('start');
    expect(mailpit.mailboxPlan({ env: dev, answering: true, ours: true })).toBe('reuse');
    expect(mailpit.mailboxPlan({ env: dev, answering: true, ours: false })).toBe('foreign');
    // Ours: the recorded process is a Mailpit serving that port.
    const files = (cmdline: string) => (p: string) => (p.endsWith('.pid') ? '4242\n' : cmdline);
    const ourArgs = ['/cache/mailpit', '--listen', '127.0.0.1:8025', '--smtp', '127.0.0.1:1025'].join('\0');
    expect(mailpit.isOurMailpit('/data/mailpit.pid', 8025, files(ourArgs))).toBe(true);
    expect(mailpit.isOurMailpit('/data/mailpit.pid', 8026, files(ourArgs))).toBe(false);
    expect(
      mailpit.isOurMailpit('/data/mailpit.pid', 8025, files(['/usr/bin/nc', '-l', '127.0.0.1:8025'].join('\0'))),
    ).toBe(false);
    expect(
      mailpit.isOurMailpit('/data/mailpit.pid', 8025, () => {
        throw new Error('ENOENT');
      }),
    ).toBe(false);
  });

  it('refuses `npm start` and `npm run start:cluster` in production without SMTP_URL, before starting anything', () => {
    for (const script of ['start.mjs', 'start-cluster.mjs']) {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
      delete env.SMTP_URL;
      const run = spawnSync(process.execPath, [path.join(root, 'scripts', script)], {
        env,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout + run.stderr).toContain('NODE_ENV=production needs SMTP_URL');
    }
  });

  it('refuses to start the worker, which sends the e-mails, in production without SMTP_URL', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' };
    delete env.SMTP_URL;
    const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const child = spawn(process.execPath, [tsx, path.join(root, 'worker.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('SMTP_URL must name the mail server when NODE_ENV=production');
  }, 60_000);

  it('holds the mailbox ports while Mailpit is built: e-mails are told to wait, the page says why', async () => {
    const [uiPort, smtpPort] = [await freePort(), await freePort()];
    const holder = await mailpit.holdMailboxPorts({ uiPort, smtpPort, status: 'The mailbox is being built.' });
    try {
      // The worker's mailer hears "not available" (421): the outbox keeps the e-mail, uncounted.
      const send = createMailer(`smtp://127.0.0.1:${smtpPort}`, 'ESOS <no-reply@esos.test>')!;
      const email = { to: 'ann@example.com', subject: 'Hello', text: 'Hello', messageId: '<1@esos.test>' };
      await expect(send(email)).rejects.toBeInstanceOf(MailServerAway);
      await expect(send(email)).rejects.toThrow('421 4.3.2 The mailbox is being built.');
      const page = () =>
        new Promise<{ status: number; body: string }>((resolve, reject) =>
          (require('node:http') as typeof import('node:http'))
            .get({ host: '127.0.0.1', port: uiPort, path: '/' }, (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            })
            .on('error', reject),
        );
      expect(await page()).toEqual({ status: 503, body: expect.stringContaining('The mailbox is being built.') });
      holder.setStatus('It could not be built.');
      expect((await page()).body).toContain('It could not be built.');
      // Something else cannot take the ports meanwhile.
      const other = require('node:net').createServer() as import('node:net').Server;
      await expect(
        new Promise((resolve, reject) => other.once('error', reject).listen(smtpPort, '127.0.0.1', () => resolve(1))),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await holder.release();
    }
    // Released: nothing answers there until Mailpit takes the ports.
    const send = createMailer(`smtp://127.0.0.1:${smtpPort}`, 'ESOS <no-reply@esos.test>')!;
    await expect(
      send({ to: 'ann@example.com', subject: 'Hello', text: 'Hello', messageId: '<2@esos.test>' }),
    ).rejects.toBeInstanceOf(MailServerAway);
  });

  const binary = process.env.MAILPIT_PATH || mailpit.mailpitCachePath();
  (fs.existsSync(binary) ? it : it.skip)(
    'answers only requests addressed to it: another Host (DNS rebinding) gets 403',
    async () => {
      const [uiPort, smtpPort] = [await freePort(), await freePort()];
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-mailpit-'));
      const args = mailpit.mailpitArgs({ uiPort, smtpPort, database: path.join(dir, 'mailpit.db') });
      expect(args).toEqual(
        expect.arrayContaining(['--listen', `127.0.0.1:${uiPort}`, '--smtp', `127.0.0.1:${smtpPort}`]),
      );
      const child = spawn(binary, args, { stdio: 'ignore' });
      try {
        const get = (host?: string) =>
          new Promise<number>((resolve, reject) => {
            const req = (require('node:http') as typeof import('node:http')).get(
              { host: '127.0.0.1', port: uiPort, path: '/api/v1/messages', headers: host ? { host } : {} },
              (res) => {
                res.resume();
                resolve(res.statusCode ?? 0);
              },
            );
            req.on('error', reject);
          });
        for (let i = 0; ; i++) {
          try {
            await get();
            break;
          } catch (err) {
            if (i > 100) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        expect(await get()).toBe(200);
        expect(await get(`localhost:${uiPort}`)).toBe(200);
        expect(await get(`attacker.example:${uiPort}`)).toBe(403);
        expect(await get('attacker.example')).toBe(403);
      } finally {
        child.kill();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
