// What the fault run checks of the requests for information it sent (rfi-journey.ts): each ended as
// it should — answered: COMPLETED after its review; left: EXPIRED after the next steps — with exactly
// the timeline the process writes, no task left open, one response task whose two reminders were
// each recorded once (and no overdue notice: it expired instead), two reminder e-mails to its
// administrator, each delivered, one e-mail telling them of the task, and its workflow COMPLETED.
import type { Db } from '../../infra/db';
import { requestForInformationProcess } from '../../processes/request-for-information/process';
import { RFI_RESPONSE } from '../../processes/request-for-information/codes';
import { checkWorkflow, deliveredMessageIds } from './checks';
import type { SentRfi } from './rfi-journey';
import type { Anomaly, FaultReport } from './report';

export const rfiTimeline = {
  answered: ['RFI_SUBMITTED', 'RFI_RESPONSE_SUBMITTED', 'RFI_RESPONSE_REVIEW_COMPLETED'],
  expired: ['RFI_SUBMITTED', 'RFI_EXPIRED', 'RFI_NEXT_STEPS_DECIDED'],
};

const responseLabel = requestForInformationProcess.tasks[RFI_RESPONSE]!.label;

export async function checkRfis(
  observer: Db,
  received: { raw: string }[],
  sent: SentRfi[],
  workflowStatus: (id: string) => Promise<string>,
  report: FaultReport,
  anomaly: Anomaly,
): Promise<void> {
  const delivered = deliveredMessageIds(received);
  for (const rfi of sent) {
    const say = (what: string) => anomaly(`${rfi.requestId}: ${what}`);
    const request = await observer('requests').where({ id: rfi.requestId }).first('status');
    if (!request) {
      say('no request');
      continue;
    }
    const status = rfi.answered ? 'COMPLETED' : 'EXPIRED';
    if (request.status !== status) say(`${request.status}, not ${status}`);
    const timeline = (await observer('request_actions').where({ request_id: rfi.requestId }).orderBy('id')).map(
      (a) => a.type as string,
    );
    const expected = rfi.answered ? rfiTimeline.answered : rfiTimeline.expired;
    if (JSON.stringify(timeline) !== JSON.stringify(expected))
      say(`timeline ${JSON.stringify(timeline)}, not ${JSON.stringify(expected)}`);
    const open = await observer('request_tasks').where({ request_id: rfi.requestId }).pluck('type');
    if (open.length) say(`${open.length} task(s) still open (${open.join(', ')})`);

    const responseTasks = await observer('request_task_history')
      .where({ request_id: rfi.requestId, type: RFI_RESPONSE })
      .pluck('id');
    if (responseTasks.length !== 1) say(`${responseTasks.length} response tasks in its history, not 1`);
    const notices = responseTasks.length
      ? (await observer('request_task_notices').whereIn('task_id', responseTasks).orderBy('kind')).map(
          (n) => n.kind as string,
        )
      : [];
    if (JSON.stringify(notices) !== JSON.stringify(['REMINDER_1', 'REMINDER_2']))
      say(`notices ${JSON.stringify(notices)}, not each reminder once`);

    const reminders = await observer('email_outbox')
      .where({ to_address: rfi.operatorEmail, template: 'TaskReminder' })
      .whereLike('body_text', `%"${responseLabel}"%`)
      .select('id', 'message_id');
    report.rfis.reminders += reminders.length;
    if (reminders.length !== 2) say(`${reminders.length} reminder e-mails to ${rfi.operatorEmail}, not 2`);
    for (const mail of reminders)
      if (!delivered.has(mail.message_id)) say(`reminder e-mail ${mail.id} to ${rfi.operatorEmail} never delivered`);
    const told = await observer('email_outbox')
      .where({ to_address: rfi.operatorEmail })
      .whereLike('subject', `Request for information ${rfi.requestId}: respond by %`)
      .count<{ n: string }[]>({ n: '*' });
    if (Number(told[0]!.n) !== 1) say(`${told[0]!.n} e-mails giving ${rfi.operatorEmail} the task to respond, not 1`);

    await checkWorkflow(rfi.requestId, workflowStatus, anomaly);
  }
}
