// A request for information to each organisation while the faults go on, its response task due in
// seconds with two reminders 15 s apart (a real one: the end of the deadline's day, 7 days and 1
// day before). It is started as 'Start request for information' starts it, but with the deadline
// the tests use (RequestInput.deadlines), and the regulator sends it over the API. Every other one
// is answered once both reminders are out and its response read (COMPLETED); the rest are left
// until the deadline passes and the regulator decides the next steps (EXPIRED). The first one left
// unanswered has the worker killed after its first reminder and kept down past its second.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Db } from '../../infra/db';
import type { RequestInput } from '../../domain/request-messages';
import { fullName } from '../../domain/work-items';
import { AccountId, CompetentAuthority, RequestType } from '../../domain/search-attributes';
import { requestIdOf } from '../../domain/process-registry';
import { requestForInformationProcess } from '../../processes/request-for-information/process';
import {
  RFI,
  RFI_APPLICATION_SUBMIT,
  RFI_NEXT_STEPS,
  RFI_NEXT_STEPS_SUBMIT,
  RFI_RESPONSE,
  RFI_RESPONSE_REVIEW,
  RFI_RESPONSE_REVIEWED,
  RFI_RESPONSE_SUBMIT,
  RFI_SUBMIT,
} from '../../processes/request-for-information/codes';
import type { TestUser } from '../../test/factories';
import type { Chaos } from './chaos';
import type { Answer, PatientClient } from './client';
import type { Parts } from './environment';
import type { Organisation } from './journey';
import type { FaultReport } from './report';

/** The response task's reminders, after it opens: at 20 s and 35 s. */
export const FIRST_REMINDER_AFTER_MS = 20_000;
export const SECOND_REMINDER_AFTER_MS = 35_000;
/** An unanswered one expires 50 s after its response task opens. */
const EXPIRES_AFTER_MS = 50_000;
/** An answered one is due in half an hour: its answer comes long before, however slow the machine. */
const ANSWERED_DUE_MS = 30 * 60_000;

/** What an RFI of the run must end as. */
export interface SentRfi {
  requestId: string;
  accountId: number;
  /** The administrator who is given the task to respond (and its reminders). */
  operatorEmail: string;
  answered: boolean;
}

const deadlineFor = (answered: boolean) => {
  const due = answered ? ANSWERED_DUE_MS : EXPIRES_AFTER_MS;
  return { dueInMs: due, remindBeforeMs: [due - FIRST_REMINDER_AFTER_MS, due - SECOND_REMINDER_AFTER_MS] };
};

/** A deadline 30 days ahead, as the date form sends it (the task's own is the one above). */
function inThirtyDays() {
  const d = new Date(Date.now() + 30 * 86_400_000);
  return { day: String(d.getUTCDate()), month: String(d.getUTCMonth() + 1), year: String(d.getUTCFullYear()) };
}

export class RfiJourneys {
  /** Every RFI sent, for the checks. */
  readonly sent: SentRfi[] = [];
  private killBetweenRemindersPending: boolean;

  constructor(
    private readonly parts: Pick<Parts, 'temporalClient' | 'taskQueue'>,
    private readonly client: PatientClient,
    private readonly chaos: Chaos,
    /** The regulator who sends them. */
    private readonly regulator: TestUser,
    private readonly report: FaultReport,
    killBetweenReminders: boolean,
  ) {
    this.killBetweenRemindersPending = killBetweenReminders;
  }

  /** Organisation `i`'s RFI, from its start to its end: answered when `i` is odd, left to expire when even. */
  async through(org: Organisation, i: number): Promise<void> {
    const accountId = org.accountId!;
    const rfi: SentRfi = {
      requestId: requestIdOf(requestForInformationProcess, accountId, 1),
      accountId,
      operatorEmail: org.applicant.email,
      answered: i % 2 === 1,
    };
    this.sent.push(rfi);
    await this.start(rfi);
    await this.send(rfi);
    this.report.rfis.sent++;
    if (rfi.answered) {
      await this.remindersOut(rfi);
      await this.answer(rfi, org.applicant);
      this.report.rfis.answered++;
    } else {
      const kill = this.killBetweenRemindersPending;
      this.killBetweenRemindersPending = false;
      if (kill) await this.killBetweenReminders(rfi);
      await this.expire(rfi);
      this.report.rfis.expired++;
    }
  }

  /** Its workflow, started once (a start that finds it started is our own earlier, lost answer). */
  private async start(rfi: SentRfi): Promise<void> {
    const { client, regulator } = this;
    const input: RequestInput = {
      requestId: rfi.requestId,
      requestType: RFI,
      accountId: rfi.accountId,
      competentAuthority: 'ENGLAND',
      startedBy: { userId: regulator.id, fullName: fullName(regulator), roleType: 'REGULATOR' },
      payload: {},
      deadlines: { [RFI_RESPONSE]: deadlineFor(rfi.answered) },
    };
    await client.step(
      `${rfi.requestId} start`,
      () =>
        client.openTask(rfi.requestId, RFI_APPLICATION_SUBMIT).then((t) => t ?? this.timeline(rfi, 'RFI_SUBMITTED')),
      async (): Promise<Answer> => {
        try {
          await this.parts.temporalClient.workflow.start(requestForInformationProcess.workflowType, {
            workflowId: rfi.requestId,
            taskQueue: this.parts.taskQueue,
            args: [input],
            typedSearchAttributes: [
              { key: RequestType, value: RFI },
              { key: AccountId, value: String(rfi.accountId) },
              { key: CompetentAuthority, value: 'ENGLAND' },
            ],
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
        return { status: 200, body: null, ms: 0 };
      },
    );
  }

  /** The regulator writes the questions and sends them. */
  private async send(rfi: SentRfi): Promise<void> {
    const { client, regulator } = this;
    await client.step(
      `${rfi.requestId} send`,
      () => this.timeline(rfi, 'RFI_SUBMITTED'),
      async () => {
        const task = await client.openTask(rfi.requestId, RFI_APPLICATION_SUBMIT);
        if (!task) return;
        return client.v1(regulator, '/tasks/actions', 'POST', {
          requestTaskId: Number(task.id),
          requestTaskActionType: RFI_SUBMIT,
          requestTaskActionPayload: { questions: 'Where is your energy audit?', deadline: inThirtyDays() },
        });
      },
    );
  }

  /** Both reminders recorded for the response task (sent by the worker when their timers fire). */
  private async remindersOut(rfi: SentRfi): Promise<void> {
    const { client } = this;
    await client.step(
      `${rfi.requestId} reminders`,
      async () => ((await this.notices(rfi)) ?? 0) >= 2,
      async () => undefined,
      SECOND_REMINDER_AFTER_MS,
    );
  }

  /** The operator answers; the regulator reads the response. */
  private async answer(rfi: SentRfi, operator: TestUser): Promise<void> {
    const { client } = this;
    await client.step(
      `${rfi.requestId} respond`,
      () => this.timeline(rfi, 'RFI_RESPONSE_SUBMITTED'),
      async () => {
        const task = await client.openTask(rfi.requestId, RFI_RESPONSE);
        if (!task) return;
        return client.v1(operator, '/tasks/actions', 'POST', {
          requestTaskId: Number(task.id),
          requestTaskActionType: RFI_RESPONSE_SUBMIT,
          requestTaskActionPayload: { response: 'Attached to our notification.' },
        });
      },
    );
    await this.regulatorCloses(rfi, RFI_RESPONSE_REVIEW, RFI_RESPONSE_REVIEWED, {}, 'COMPLETED');
  }

  /** Left unanswered: the deadline passes, the regulator decides the next steps. */
  private async expire(rfi: SentRfi): Promise<void> {
    const { client } = this;
    await client.step(
      `${rfi.requestId} expired`,
      () => client.openTask(rfi.requestId, RFI_NEXT_STEPS),
      async () => undefined,
      EXPIRES_AFTER_MS,
    );
    await this.regulatorCloses(rfi, RFI_NEXT_STEPS, RFI_NEXT_STEPS_SUBMIT, { nextSteps: 'Send a notice.' }, 'EXPIRED');
  }

  private async regulatorCloses(rfi: SentRfi, taskType: string, action: string, payload: unknown, status: string) {
    const { client, regulator } = this;
    await client.step(
      `${rfi.requestId} ${action}`,
      async () => (await client.requestRow(rfi.requestId))?.status === status,
      async () => {
        const task = await client.openTask(rfi.requestId, taskType);
        if (!task) return;
        return client.v1(regulator, '/tasks/actions', 'POST', {
          requestTaskId: Number(task.id),
          requestTaskActionType: action,
          requestTaskActionPayload: payload,
        });
      },
    );
  }

  /**
   * The worker killed once the first reminder is out and kept down until 3 s past the second's
   * moment: the timer of the second fires with no worker, and the reminder must still go once.
   */
  private async killBetweenReminders(rfi: SentRfi): Promise<void> {
    const { client } = this;
    const task = await client.step(
      `${rfi.requestId} response task`,
      () => client.openTask(rfi.requestId, RFI_RESPONSE),
      async () => undefined,
    );
    const secondAt = Date.parse(task.due_at) - deadlineFor(false).remindBeforeMs[1]!;
    const held = await this.chaos.killWorkerAt({
      what: `between ${rfi.requestId}'s reminders, down until 3 s past the second's moment`,
      come: async () => ((await this.notices(rfi)) ?? 0) >= 1,
      holds: async () => (await this.notices(rfi)) === 1 && Date.now() < secondAt,
      withinMs: 5 * 60_000,
      downUntil: () => secondAt + 3000,
    });
    this.report.rfis.killedBetweenReminders = held;
  }

  /** The notices recorded for the RFI's response task (open or closed). */
  private async notices(rfi: SentRfi): Promise<number | undefined> {
    const rows = await this.client.look((d: Db) =>
      d('request_task_notices as n')
        .join('request_tasks as t', 't.id', 'n.task_id')
        .where({ 't.request_id': rfi.requestId, 't.type': RFI_RESPONSE })
        .count<{ n: string }[]>({ n: '*' }),
    );
    return rows ? Number(rows[0]!.n) : undefined;
  }

  private async timeline(rfi: SentRfi, type: string) {
    return this.client.look((d: Db) => d('request_actions').where({ request_id: rfi.requestId, type }).first('id'));
  }
}
