// What the fault run checks once every organisation is through and the outbox is drained: one LIVE
// account each; exactly one request of each process, in its final status, its timeline exactly what
// the process writes, no task left open, exactly one task of its kind in its history, one submitted
// report, its workflow COMPLETED; every e-mail queued once and delivered.
import { Client, Connection } from '@temporalio/client';
import type { Db } from '../../infra/db';
import type { PatientClient } from './client';
import type { Parts } from './environment';
import { expectedStatus, expectedTimeline, submitTask } from './expectations';
import type { Organisation } from './journey';
import type { Anomaly, FaultReport } from './report';
import { sleep } from './waiting';

/** Everything up, the outbox drained (at most five minutes), and a moment for mail on its way. */
export async function waitForQuiet(parts: Parts, client: PatientClient): Promise<void> {
  if (!parts.worker.pid) parts.worker.start();
  const drainUntil = Date.now() + 5 * 60_000;
  while (Date.now() < drainUntil) {
    const pending = await client.look((d) =>
      d('email_outbox').whereNot({ status: 'SENT' }).count<{ n: string }[]>({ n: '*' }),
    );
    if (pending && Number(pending[0].n) === 0) break;
    await sleep(1000);
  }
  await sleep(2000); // anything still on its way to the SMTP server
}

export async function checkAccounts(observer: Db, organisations: Organisation[], anomaly: Anomaly): Promise<void> {
  for (const org of organisations) {
    const accounts = await observer('accounts').where({ name: org.name });
    if (accounts.length !== 1) anomaly(`${org.name}: ${accounts.length} accounts, not 1`);
    if (accounts[0]?.status !== 'LIVE') anomaly(`${org.name}: account ${accounts[0]?.status ?? 'missing'}, not LIVE`);
  }
}

export async function checkRequests(parts: Parts, organisations: Organisation[], anomaly: Anomaly): Promise<void> {
  const accountIds = organisations.map((o) => o.accountId).filter((id): id is number => id !== undefined);
  const rows = await requestRows(parts.observer, accountIds);
  const client = new Client({ connection: await Connection.connect({ address: parts.temporal.address }) });
  const workflowStatus = settledWorkflowStatus(client);
  try {
    for (const accountId of accountIds) {
      const mine = rows.requests.filter((r) => r.account_id === accountId);
      for (const type of Object.keys(expectedTimeline)) {
        const of = mine.filter((r) => r.type === type);
        if (of.length !== 1) {
          anomaly(`account ${accountId}: ${of.length} ${type} requests, not 1`);
          continue;
        }
        checkRequest(of[0], type, rows, anomaly);
        await checkWorkflow(of[0].id, workflowStatus, anomaly);
      }
    }
  } finally {
    await client.connection.close();
  }
}

type Row = Record<string, any>;
type RequestRows = Awaited<ReturnType<typeof requestRows>>;

async function requestRows(observer: Db, accountIds: number[]) {
  const requests: Row[] = accountIds.length ? await observer('requests').whereIn('account_id', accountIds) : [];
  const requestIds = requests.map((r) => r.id as string);
  const [actions, openTasks, history, reports]: Row[][] = requestIds.length
    ? await Promise.all([
        observer('request_actions').whereIn('request_id', requestIds).orderBy('id'),
        observer('request_tasks').whereIn('request_id', requestIds),
        observer('request_task_history').whereIn('request_id', requestIds),
        observer('reports').whereIn('request_id', requestIds),
      ])
    : [[], [], [], []];
  return { requests, actions, openTasks, history, reports };
}

/** A request's status, timeline, tasks and report against what its process writes. */
function checkRequest(
  r: Row,
  type: string,
  { actions, openTasks, history, reports }: RequestRows,
  anomaly: Anomaly,
): void {
  if (r.status !== expectedStatus[type]) anomaly(`${r.id}: ${r.status}, not ${expectedStatus[type]}`);
  const timeline = actions.filter((a) => a.request_id === r.id).map((a) => a.type);
  if (JSON.stringify(timeline) !== JSON.stringify(expectedTimeline[type]))
    anomaly(`${r.id}: timeline ${JSON.stringify(timeline)}, not ${JSON.stringify(expectedTimeline[type])}`);
  const open = openTasks.filter((t) => t.request_id === r.id);
  if (open.length) anomaly(`${r.id}: ${open.length} task(s) still open (${open.map((t) => t.type).join(', ')})`);
  const done = history.filter((t) => t.request_id === r.id);
  const ofType = done.filter((t) => t.type === submitTask[type]).length;
  if (ofType !== 1)
    anomaly(
      `${r.id}: ${ofType} ${submitTask[type]} tasks in its history, not 1 (${ofType === 0 ? 'lost' : 'duplicated'})`,
    );
  const others = done.filter((t) => t.type !== submitTask[type]);
  if (others.length) anomaly(`${r.id}: unexpected tasks ${others.map((t) => t.type).join(', ')}`);
  if (type !== 'ORGANISATION_ACCOUNT_OPENING') {
    const n = reports.filter((x) => x.request_id === r.id).length;
    if (n !== 1) anomaly(`${r.id}: ${n} submitted reports, not 1`);
  }
}

/**
 * A workflow's status once settled. A request's last writes are local activities: its row can say
 * APPROVED while the workflow task that ran them, cut off by the last fault, waits for its retry.
 * Such workflows get a minute between them.
 */
export function settledWorkflowStatus(client: Client) {
  const settleUntil = Date.now() + 60_000;
  return async (workflowId: string): Promise<string> => {
    for (;;) {
      const { status } = await client.workflow.getHandle(workflowId).describe();
      if (status.name !== 'RUNNING' || Date.now() > settleUntil) return status.name;
      await sleep(500);
    }
  };
}

export async function checkWorkflow(
  id: string,
  workflowStatus: (id: string) => Promise<string>,
  anomaly: Anomaly,
): Promise<void> {
  try {
    const status = await workflowStatus(id);
    if (status !== 'COMPLETED') anomaly(`${id}: its workflow is ${status}`);
  } catch (err) {
    anomaly(`${id}: its workflow cannot be described (${(err as Error).message})`);
  }
}

const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '(none)';

/** The Message-IDs the SMTP server received. */
export function deliveredMessageIds(received: { raw: string }[]): Set<string> {
  return new Set(received.map((mail) => messageIdOf(mail.raw)));
}

/** E-mails: each queued once, each delivered exactly once (a copy under the same Message-ID is a resend, counted). */
export async function checkEmails(parts: Parts, report: FaultReport, anomaly: Anomaly): Promise<void> {
  const outbox = await parts.observer('email_outbox').orderBy('id');
  const { received } = parts.smtp;
  report.emails.queued = outbox.length;
  const deliveries = new Map<string, number>();
  for (const mail of received) {
    const id = messageIdOf(mail.raw);
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
  }
  report.emails.delivered = received.length;
  for (const [id, n] of deliveries) {
    if (n > 1 && id === '(none)') anomaly(`${n} e-mails delivered without a Message-ID`);
    else if (n > 1) report.emails.resent += n - 1;
  }
  for (const row of outbox) {
    if (row.status !== 'SENT')
      anomaly(`e-mail ${row.id} (${row.template} to ${row.to_address}) ${row.status}, not sent`);
    else if (!deliveries.has(row.message_id))
      anomaly(`e-mail ${row.id} (${row.template}) marked sent but never delivered`);
  }
}
