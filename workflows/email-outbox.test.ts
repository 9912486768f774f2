// The e-mail dispatcher on a real Temporal dev server, a real database and a real SMTP peer.
import {
  Worker,
  Runtime,
  DefaultLogger,
  bundleWorkflowCode,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createEmailActivities } from '../activities/email';
import { createDb, dropDatabase, type Db } from '../infra/db';
import { createTestDatabase } from '../test/setup/test-database';
import { createMailer } from '../infra/mailer';
import { queueEmails } from '../infra/outbox';
import { startSmtpPeer } from '../test/smtp-peer';
import { startTestTemporal } from '../test/temporal';
import { freePort } from '../test/free-port';
import { emailOutboxDispatcher, emailQueuedSignal } from './email-outbox';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;
let db: Db;
let databaseUrl: string;

beforeAll(async () => {
  // Each test stops its worker under a dispatcher still running: the SDK's warnings that a task's
  // workflow has gone meanwhile are expected here, not news.
  Runtime.install({
    logger: new DefaultLogger('ERROR'),
    telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' }, forward: {} } },
  });
  [env, bundle] = await Promise.all([
    startTestTemporal(),
    bundleWorkflowCode({ workflowsPath: require.resolve('./index'), logger: new DefaultLogger('WARN') }),
  ]);
  // Its own database: other test files queue e-mails into the shared one while this one runs.
  databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl);
});

afterAll(async () => {
  await db?.destroy();
  if (databaseUrl) await dropDatabase(databaseUrl);
  await env?.teardown();
});

beforeEach(() => db('email_outbox').delete());

async function runDispatcher(smtpUrl: string, until: () => Promise<boolean>) {
  const taskQueue = `email-${Date.now()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities: createEmailActivities({
      db,
      mailer: createMailer(smtpUrl, 'ESOS <no-reply@esos.test>'),
      domain: 'esos.test',
    }),
  });
  await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(emailOutboxDispatcher, {
      taskQueue,
      workflowId: `dispatcher-${taskQueue}`,
      args: [{ idlePollMs: 200 }],
    });
    const deadline = Date.now() + 20_000;
    while (!(await until())) {
      if (Date.now() > deadline) throw new Error('the dispatcher did not finish in time');
      await handle.signal(emailQueuedSignal);
      await new Promise((r) => setTimeout(r, 200));
    }
    await handle.terminate('test finished');
  });
}

it('delivers queued e-mails over SMTP once each and marks them sent', async () => {
  const smtp = await startSmtpPeer();
  try {
    await db.transaction((trx) =>
      queueEmails(trx, [
        { to: 'ann@example.com', subject: 'Your account is ready', text: 'Hello Ann' },
        { to: 'bob@example.com', subject: 'You have a new task', text: 'Hello Bob' },
      ]),
    );
    await runDispatcher(smtp.url, async () => (await db('email_outbox').where({ status: 'SENT' })).length === 2);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(smtp.received.find((m) => m.to[0] === 'ann@example.com')?.raw).toContain('Subject: Your account is ready');
    const rows = await db('email_outbox').orderBy('id');
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1 && r.message_id)).toBe(true);
  } finally {
    await smtp.close();
  }
});

it('keeps a message whose delivery failed, and schedules a retry with backoff', async () => {
  const smtp = await startSmtpPeer({ failFirst: 1 });
  try {
    await queueEmails(db, [{ to: 'cat@example.com', subject: 'Retry me', text: 'Hello' }]);
    await runDispatcher(smtp.url, async () => (await db('email_outbox').first()).attempts === 1);
    const row = await db('email_outbox').first();
    expect(row.status).toBe('PENDING');
    expect(row.last_error).toContain('Mailbox temporarily unavailable');
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(smtp.received).toHaveLength(0);
    // When the retry falls due, the same message goes out with the same Message-ID.
    await db('email_outbox').update({ next_attempt_at: db.fn.now() });
    await runDispatcher(smtp.url, async () => (await db('email_outbox').first()).status === 'SENT');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].raw).toContain(`Message-ID: ${row.message_id}`);
  } finally {
    await smtp.close();
  }
});

it('keeps e-mails queued before the mail server answers, counting no attempt, and sends them once it does', async () => {
  // As on a first `npm start`: the worker sends to the mailbox's port before Mailpit is built.
  // First nothing listens there, then the ports are held while it is built (SMTP greets 421), then
  // the mailbox answers. No signal is sent: the dispatcher's own recheck finds the server back.
  const { holdMailboxPorts } = require('../scripts/mailpit.mjs') as {
    holdMailboxPorts: (o: {
      uiPort: number;
      smtpPort: number;
      status: string;
    }) => Promise<{ release: () => Promise<void> }>;
  };
  const [smtpPort, uiPort] = [await freePort(), await freePort()];
  await queueEmails(db, [
    { to: 'dan@example.com', subject: 'Queued before the mailbox', text: 'Hello Dan' },
    { to: 'eve@example.com', subject: 'Queued before the mailbox too', text: 'Hello Eve' },
  ]);
  const taskQueue = `email-${Date.now()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities: createEmailActivities({
      db,
      mailer: createMailer(`smtp://127.0.0.1:${smtpPort}`, 'ESOS <no-reply@esos.test>'),
      domain: 'esos.test',
      mailServerRecheckMs: 300,
    }),
  });
  const rows = () => db('email_outbox').orderBy('id');
  const until = async (what: string, done: () => Promise<boolean>) => {
    const deadline = Date.now() + 20_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>> | undefined;
  try {
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.start(emailOutboxDispatcher, {
        taskQueue,
        workflowId: `dispatcher-${taskQueue}`,
        args: [{ idlePollMs: 60_000 }],
      });
      await until('refused', async () => /ECONNREFUSED/.test((await rows())[0].last_error ?? ''));
      const holder = await holdMailboxPorts({ uiPort, smtpPort, status: 'The mailbox is being built.' });
      await until('421', async () => /421 4\.3\.2/.test((await rows())[0].last_error ?? ''));
      for (const row of await rows()) {
        expect(row.status).toBe('PENDING');
        expect(row.attempts).toBe(0);
      }
      expect((await rows())[0].last_error).toContain('The mail server is not answering; waiting for it');
      await holder.release();
      smtp = await startSmtpPeer({ port: smtpPort });
      await until('sent', async () => (await rows()).every((r) => r.status === 'SENT'));
      await handle.terminate('test finished');
    });
    expect(smtp!.received.map((m) => m.to[0]).sort()).toEqual(['dan@example.com', 'eve@example.com']);
    expect((await rows()).map((r) => r.attempts)).toEqual([1, 1]);
  } finally {
    await smtp?.close();
  }
});
