// The fault run's check of its requests for information finds what it is there to find: an RFI
// answered, and one left to expire, each as the process leaves it, pass; each planted fault is
// reported — a reminder e-mailed twice, a reminder lost with the worker, a reminder queued but never
// delivered, the task to respond e-mailed twice, the wrong end, a workflow still running with a task
// open. (A check that cannot fail is no check.) Rows are written to the test database as the
// process writes them.
import { randomInt } from 'node:crypto';
import { createDb, type Db } from '../../infra/db';
import { createAccount, createUser } from '../../test/factories';
import { RFI_RESPONSE, RFI_WAIT_FOR_RESPONSE } from '../../processes/request-for-information/codes';
import { checkRfis, rfiTimeline } from './rfi-checks';
import type { SentRfi } from './rfi-journey';
import { emptyReport } from './report';

let db: Db;
beforeAll(() => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 3 });
});
afterAll(() => db.destroy());

interface Plant {
  answered: boolean;
  status?: string;
  timeline?: string[];
  notices?: string[];
  /** Reminder e-mails queued (2 when each reminder went once). */
  reminders?: number;
  /** Of them, delivered. */
  delivered?: number;
  /** E-mails giving the administrator the task to respond. */
  told?: number;
  openTask?: boolean;
}

/** An RFI as the process leaves it, changed as `p` says; answers it and what the SMTP server received. */
async function plant(p: Plant): Promise<{ rfi: SentRfi; received: { raw: string }[] }> {
  const account = await createAccount(db);
  const operator = await createUser(db);
  const requestId = `RFI${String(account.id).padStart(6, '0')}-1`;
  await db('requests').insert({
    id: requestId,
    type: 'RFI',
    status: p.status ?? (p.answered ? 'COMPLETED' : 'EXPIRED'),
    account_id: account.id,
    competent_authority: 'ENGLAND',
  });
  const timeline = p.timeline ?? (p.answered ? rfiTimeline.answered : rfiTimeline.expired);
  for (const type of timeline) await db('request_actions').insert({ request_id: requestId, type });
  const taskId = randomInt(1e9, 2e9);
  await db('request_task_history').insert({
    id: taskId,
    request_id: requestId,
    type: RFI_RESPONSE,
    start_date: db.fn.now(),
  });
  for (const kind of p.notices ?? ['REMINDER_1', 'REMINDER_2'])
    await db('request_task_notices').insert({ task_id: taskId, kind, due_at: new Date() });
  if (p.openTask)
    await db('request_tasks').insert({ request_id: requestId, type: RFI_WAIT_FOR_RESPONSE, account_id: account.id });
  const received: { raw: string }[] = [];
  const reminders = p.reminders ?? 2;
  for (let i = 0; i < reminders; i++) {
    const messageId = `<${requestId}-reminder-${i}@esos.test>`;
    await db('email_outbox').insert({
      to_address: operator.email,
      subject: 'Task due soon - Manage your ESOS reporting',
      body_text: 'The task "Respond to request for information" is due by 1 January 2027. Sign in to complete it.',
      template: 'TaskReminder',
      status: 'SENT',
      message_id: messageId,
    });
    if (i < (p.delivered ?? reminders))
      received.push({ raw: `Message-ID: ${messageId}\r\nSubject: Task due soon\r\n` });
  }
  for (let i = 0; i < (p.told ?? 1); i++)
    await db('email_outbox').insert({
      to_address: operator.email,
      subject: `Request for information ${requestId}: respond by 1 January 2027 - Manage your ESOS reporting`,
      body_text: 'Your regulator has sent you a request for information.',
      template: 'EmailAssignedTask',
      status: 'SENT',
    });
  return { rfi: { requestId, accountId: account.id, operatorEmail: operator.email, answered: p.answered }, received };
}

async function check(p: Plant, workflow = 'COMPLETED') {
  const { rfi, received } = await plant(p);
  const anomalies: string[] = [];
  const report = emptyReport(1);
  await checkRfis(
    db,
    received,
    [rfi],
    async () => workflow,
    report,
    (a) => anomalies.push(a),
  );
  return {
    anomalies: anomalies.map((a) => a.replace(rfi.requestId, 'RFI').replace(rfi.operatorEmail, 'them')),
    report,
  };
}

it('passes an RFI answered and one left to expire, each reminder sent once', async () => {
  for (const answered of [true, false]) {
    const { anomalies, report } = await check({ answered });
    expect(anomalies).toEqual([]);
    expect(report.rfis.reminders).toBe(2);
  }
});

it('reports a reminder e-mailed twice', async () => {
  expect((await check({ answered: false, reminders: 3 })).anomalies).toEqual([
    'RFI: 3 reminder e-mails to them, not 2',
  ]);
});

it('reports a reminder lost with the worker: neither recorded nor e-mailed', async () => {
  expect((await check({ answered: true, notices: ['REMINDER_1'], reminders: 1 })).anomalies).toEqual([
    'RFI: notices ["REMINDER_1"], not each reminder once',
    'RFI: 1 reminder e-mails to them, not 2',
  ]);
});

it('reports an overdue notice on a request that expired instead', async () => {
  expect((await check({ answered: false, notices: ['OVERDUE', 'REMINDER_1', 'REMINDER_2'] })).anomalies).toEqual([
    'RFI: notices ["OVERDUE","REMINDER_1","REMINDER_2"], not each reminder once',
  ]);
});

it('reports a reminder queued and marked sent but never delivered', async () => {
  const { anomalies } = await check({ answered: true, delivered: 1 });
  expect(anomalies).toEqual([expect.stringMatching(/^RFI: reminder e-mail \d+ to them never delivered$/)]);
});

it('reports the task to respond e-mailed twice', async () => {
  expect((await check({ answered: true, told: 2 })).anomalies).toEqual([
    'RFI: 2 e-mails giving them the task to respond, not 1',
  ]);
});

it('reports an answered request that ended expired', async () => {
  expect((await check({ answered: true, status: 'EXPIRED', timeline: rfiTimeline.expired })).anomalies).toEqual([
    'RFI: EXPIRED, not COMPLETED',
    `RFI: timeline ${JSON.stringify(rfiTimeline.expired)}, not ${JSON.stringify(rfiTimeline.answered)}`,
  ]);
});

it('reports a request whose workflow is still running with a task open', async () => {
  expect((await check({ answered: false, openTask: true }, 'RUNNING')).anomalies).toEqual([
    `RFI: 1 task(s) still open (${RFI_WAIT_FOR_RESPONSE})`,
    'RFI: its workflow is RUNNING',
  ]);
});
