// One organisation's way through every process, as its people would go: an operator applies for an
// account and a regulator approves it; then the notification of compliance, the action plan and
// progress updates 1 and 2, each saved section by section and submitted. Every step is a patient
// one (client.ts): done once, whatever dies meanwhile.
import type { Db } from '../../infra/db';
import {
  ACTION_PLAN,
  ACTION_PLAN_SUBMIT,
  APPLICATION_REVIEW,
  NOTIFICATION,
  NOTIFICATION_SUBMIT,
  PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_1_SUBMIT,
  PROGRESS_UPDATE_2,
  PROGRESS_UPDATE_2_SUBMIT,
  SAVE_ACTION_PLAN,
  SAVE_NOTIFICATION,
  SAVE_PROGRESS_UPDATE_1,
  SAVE_PROGRESS_UPDATE_2,
  SUBMIT_ACTION_PLAN,
  SUBMIT_DECISION,
  SUBMIT_NOTIFICATION,
  SUBMIT_PROGRESS_UPDATE_1,
  SUBMIT_PROGRESS_UPDATE_2,
} from '../../processes';
import { ESOS_ASSESSMENT_NOTIFICATION, ESTIMATION_METHOD_DESCRIPTION } from '../../processes/action-plan/report';
import { PU1_MEASURES } from '../../processes/progress-update-1/report';
import { PU2_MEASURES } from '../../processes/progress-update-2/report';
import { ESOS_ACTION_PLAN_COMPLIANCE, ESTIMATION_METHOD_DOCUMENTED } from '../../domain/reports/progress-update';
import { createUser, type TestUser } from '../../test/factories';
import { addedMeasure, boiler, led } from '../../test/fixtures/measures';
import { completeReports, withUndertaking, type CompleteReportName } from '../../test/fixtures/notification-reports';
import type { Chaos } from './chaos';
import type { PatientClient } from './client';
import { expectedStatus, submitTask } from './expectations';
import type { RfiJourneys } from './rfi-journey';
import type { FaultReport } from './report';
import { sleep } from './waiting';

export interface Organisation {
  name: string;
  applicant: TestUser;
  accountId?: number;
  /** Request id by request type. */
  requests: Record<string, string>;
}

const reportNames = Object.keys(completeReports).filter((n) => n !== 'notQualify') as CompleteReportName[];

export class Journeys {
  /** Every organisation begun, for the checks. */
  readonly organisations: Organisation[] = [];
  private readonly runTag = Date.now().toString(36);
  private inFlightKillPending: boolean;

  constructor(
    private readonly client: PatientClient,
    private readonly chaos: Chaos,
    private readonly observer: Db,
    /** The regulator who reviews every application. */
    private readonly reviewer: TestUser,
    private readonly report: FaultReport,
    private readonly log: (line: string) => void,
    killDuringNotificationSubmit: boolean,
    /** A request for information to each organisation, beside its reports (none: not sent). */
    private readonly rfis: RfiJourneys | null = null,
  ) {
    this.inFlightKillPending = killDuringNotificationSubmit;
  }

  /** Organisation `i` through account opening and approval and its four reports (and its RFI beside them). */
  async throughEverything(i: number): Promise<void> {
    const applicant = await createUser(this.observer, { firstName: 'Fault', lastName: `Applicant ${i}` });
    const org: Organisation = { name: `Fault Run ${this.runTag} Organisation ${i} Ltd`, applicant, requests: {} };
    this.organisations.push(org);
    const accId = await this.openAccount(org, i);
    // Answers its failure, if any, once the reports are through (never left unhandled).
    const rfi = this.rfis
      ? this.rfis.through(org, i).then(
          () => null,
          (err: Error) => err,
        )
      : null;
    await this.notification(org, i);
    await this.actionPlan(org);
    await this.progressUpdate1(org);
    await this.progressUpdate2(org);
    const rfiFailure = await rfi;
    if (rfiFailure) throw rfiFailure;
    this.report.completed++;
    this.log(
      `  [${this.report.completed}/${this.report.submissions}] ${org.name}: account ${accId} and its four reports submitted${rfi ? ', its RFI ended' : ''}`,
    );
  }

  /** Apply, approve, and see the account LIVE with the applicant its administrator; answers the request id. */
  private async openAccount(org: Organisation, i: number): Promise<string> {
    const account = await this.apply(org, i);
    org.accountId = account.id;
    const accId = `ACC${String(account.id).padStart(6, '0')}`;
    org.requests.ORGANISATION_ACCOUNT_OPENING = accId;
    await this.approve(accId);
    const { client } = this;
    await client.step(
      `${accId} live`,
      async () =>
        (await client.look((d) =>
          d('authorities').where({ user_id: org.applicant.id, account_id: account.id, status: 'ACTIVE' }).first(),
        )) && (await client.look((d) => d('accounts').where({ id: account.id, status: 'LIVE' }).first())),
      async () => undefined,
    );
    return accId;
  }

  /** Apply, as the operator, sending it again (the same Idempotency-Key) until it is seen. */
  private apply(org: Organisation, i: number) {
    const { client } = this;
    const application = {
      requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
      requestCreateActionPayload: {
        registeredAtCompaniesHouse: false,
        registrationNumber: null,
        name: org.name,
        address: { line1: `${i} Quay Street`, line2: '', city: 'Bristol', county: '', postcode: 'BS1 4DJ' },
        codes: { type: 'SIC', codes: ['10110'] },
        competentAuthority: 'ENGLAND',
      },
    };
    return client.step(
      `${org.name} apply`,
      () => client.look((d) => d('accounts').where({ name: org.name }).first()),
      () =>
        client.v1(org.applicant, '/requests', 'POST', application, { 'idempotency-key': `fault-${this.runTag}-${i}` }),
      60_000,
    );
  }

  /** Approve, as the regulator: take the task, decide. */
  private async approve(accId: string): Promise<void> {
    const { client, reviewer } = this;
    await client.step(
      `${accId} review task`,
      () => client.openTask(accId, APPLICATION_REVIEW),
      async () => undefined,
    );
    await client.step(
      `${accId} approve`,
      async () => (await client.requestRow(accId))?.status === 'APPROVED',
      async () => {
        const task = await client.openTask(accId, APPLICATION_REVIEW);
        if (!task) return;
        if (task.assignee !== reviewer.id) {
          const refusedOrLost = await this.assignToReviewer(accId, Number(task.id));
          if (refusedOrLost !== 'assigned') return refusedOrLost;
        }
        return client.v1(reviewer, '/tasks/actions', 'POST', {
          requestTaskId: Number(task.id),
          requestTaskActionType: SUBMIT_DECISION,
          requestTaskActionPayload: { decision: 'APPROVED', reason: 'Checked by the fault run' },
        });
      },
    );
  }

  /**
   * Decide only once the task is the reviewer's: an assignment lost to a fault is asked again.
   * Answers 'assigned', the refusal, or undefined when it did not take (yet).
   */
  private async assignToReviewer(accId: string, taskId: number) {
    const { client, reviewer } = this;
    const assigned = await client.v1(reviewer, '/tasks-assignment/assign', 'POST', { taskId, userId: reviewer.id });
    if (assigned.status !== 200 && assigned.status !== 204)
      return [400, 403, 404].includes(assigned.status) ? assigned : undefined;
    const until = Date.now() + 10_000;
    while ((await client.openTask(accId, APPLICATION_REVIEW))?.assignee !== reviewer.id) {
      if (Date.now() > until) return undefined;
      await sleep(250);
    }
    return 'assigned' as const;
  }

  /** The notification of compliance: a complete report of one of the categories. The first one submitted has the worker killed under it. */
  private async notification(org: Organisation, i: number): Promise<void> {
    const noc = await this.startReport(org, NOTIFICATION);
    const { report: answers } = withUndertaking(completeReports[reportNames[i % reportNames.length]], {
      name: org.name,
      registrationNumber: null,
    });
    for (const [section, data] of Object.entries(answers))
      await this.saveSection(org.applicant, noc, NOTIFICATION_SUBMIT, SAVE_NOTIFICATION, section, data);
    const inFlight = this.inFlightKillPending;
    this.inFlightKillPending = false;
    await this.submit(org, NOTIFICATION, SUBMIT_NOTIFICATION, inFlight);
  }

  /** The action plan: two measures, one estimated by another method. */
  private async actionPlan(org: Organisation): Promise<void> {
    const ap = await this.startReport(org, ACTION_PLAN);
    await this.saveSection(org.applicant, ap, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'energyEfficiencyMeasure', {
      haveEnergyEfficiencyMeasures: true,
      energyEfficiencyMeasures: [led, boiler],
    });
    await this.saveSection(org.applicant, ap, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'responsibleOfficerConfirmation', {
      confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value, ESTIMATION_METHOD_DESCRIPTION.value],
    });
    await this.submit(org, ACTION_PLAN, SUBMIT_ACTION_PLAN);
  }

  /** Progress update 1: the two measures updated, one added. */
  private async progressUpdate1(org: Organisation): Promise<void> {
    const { client } = this;
    const pu1 = await this.startReport(org, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: false });
    const pu1Task = (await client.step(
      `${pu1} task`,
      () => client.openTask(pu1, PROGRESS_UPDATE_1_SUBMIT),
      async () => undefined,
    )) as { payload: any };
    const [ledId, boilerId] = (
      pu1Task.payload.report[PU1_MEASURES].progressUpdate1P3Measures as { uuId: string }[]
    ).map((m) => m.uuId);
    await this.saveSection(org.applicant, pu1, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, PU1_MEASURES, {
      progressUpdate1P3Measures: [
        {
          uuId: ledId,
          progressUpdate1P3EnergyEfficiencyMeasure: {
            reportReduction2024To2025: true,
            reductionEnergyConsumption2024To2025: 9000,
            reportReduction2023To2024: false,
            estimationMethodType: 'ACTION_PLAN_ESTIMATE',
          },
        },
        {
          uuId: boilerId,
          progressUpdate1P3EnergyEfficiencyMeasure: { measureIsImplemented: false, providedContext: 'Supplier delay' },
        },
      ],
      progressUpdate1P3AddedMeasure: [
        addedMeasure({ measureName: 'Heat pump', reductionEnergyConsumption2024To2025: 2500 }),
      ],
    });
    await this.saveSection(
      org.applicant,
      pu1,
      PROGRESS_UPDATE_1_SUBMIT,
      SAVE_PROGRESS_UPDATE_1,
      'responsibleOfficerConfirmation',
      { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value] },
    );
    await this.submit(org, PROGRESS_UPDATE_1, SUBMIT_PROGRESS_UPDATE_1);
  }

  /** Progress update 2: from progress update 1. */
  private async progressUpdate2(org: Organisation): Promise<void> {
    const { client } = this;
    const pu2 = await this.startReport(org, PROGRESS_UPDATE_2);
    const pu2Task = (await client.step(
      `${pu2} task`,
      () => client.openTask(pu2, PROGRESS_UPDATE_2_SUBMIT),
      async () => undefined,
    )) as { payload: any };
    const pu2Report = pu2Task.payload.report[PU2_MEASURES];
    const [ledPu2, boilerPu2] = pu2Report.progressUpdate2P3Measures.map((m: { uuId: string }) => m.uuId);
    const [heatPumpPu2] = pu2Report.progressUpdate2P3UpdatedAddedMeasures.map((m: { uuId: string }) => m.uuId);
    await this.saveSection(org.applicant, pu2, PROGRESS_UPDATE_2_SUBMIT, SAVE_PROGRESS_UPDATE_2, PU2_MEASURES, {
      progressUpdate2P3Measures: [
        { uuId: ledPu2, progressUpdate2P3EnergyEfficiencyMeasure: { reportReduction2025To2026: false } },
        {
          uuId: boilerPu2,
          progressUpdate2P3EnergyEfficiencyMeasure: {
            measureIsImplemented: true,
            measureImplementedByTheDateInActionPlan: true,
            reductionEnergyConsumption2025To2026: 3100,
            estimationMethodType: 'OTHER_METHOD',
            estimationMethodDescription: 'Metered for a month',
          },
        },
      ],
      progressUpdate2P3UpdatedAddedMeasures: [
        {
          uuId: heatPumpPu2,
          progressUpdate2P3EnergyEfficiencyMeasure: {
            reportReduction2025To2026: true,
            reductionEnergyConsumption2025To2026: 2600,
            estimationMethodType: 'ENERGY_AUDIT',
          },
        },
      ],
      progressUpdate2P3AddedMeasure: [
        addedMeasure({ measureName: 'Solar panels', reductionEnergyConsumption2025To2026: 1200 }),
      ],
    });
    await this.saveSection(
      org.applicant,
      pu2,
      PROGRESS_UPDATE_2_SUBMIT,
      SAVE_PROGRESS_UPDATE_2,
      'responsibleOfficerConfirmation',
      { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value, ESTIMATION_METHOD_DOCUMENTED.value] },
    );
    await this.submit(org, PROGRESS_UPDATE_2, SUBMIT_PROGRESS_UPDATE_2);
  }

  /** Starts a report request for the organisation's account; answers its id once its task is open. */
  private async startReport(org: Organisation, type: string, payload?: unknown): Promise<string> {
    const { client } = this;
    const accountId = org.accountId!;
    const requestOfType = () => client.look((d) => d('requests').where({ account_id: accountId, type }).first());
    const row = await client.step(
      `${org.name} start ${type}`,
      async () =>
        (await client.openTask((await requestOfType())?.id ?? '-', submitTask[type]))
          ? await requestOfType()
          : undefined,
      () =>
        client.v1(org.applicant, `/requests?accountId=${accountId}`, 'POST', {
          requestCreateActionType: type,
          ...(payload === undefined ? {} : { requestCreateActionPayload: payload }),
        }),
    );
    org.requests[type] = row.id;
    return row.id as string;
  }

  /** Saves a section of the open task's report as complete, at the task's version. */
  private async saveSection(
    user: TestUser,
    requestId: string,
    taskType: string,
    action: string,
    section: string,
    data: unknown,
  ): Promise<void> {
    const { client } = this;
    await client.step(
      `${requestId} ${section}`,
      async () => (await client.openTask(requestId, taskType))?.payload?.sectionsCompleted?.[section] === 'COMPLETED',
      async () => {
        const task = await client.openTask(requestId, taskType);
        if (!task) return;
        return client.v1(user, '/tasks/actions', 'POST', {
          requestTaskId: Number(task.id),
          requestTaskActionType: action,
          requestTaskActionPayload: { section, data, complete: true },
          version: task.version,
        });
      },
    );
  }

  /** Submits the report until its request has its final status; with `killInFlight`, the worker dies under the first try. */
  private async submit(org: Organisation, type: string, action: string, killInFlight = false): Promise<void> {
    const { client } = this;
    const requestId = org.requests[type];
    let firstAttempt = true;
    await client.step(
      `${requestId} submit`,
      async () => (await client.requestRow(requestId))?.status === expectedStatus[type],
      async () => {
        const task = await client.openTask(requestId, submitTask[type]);
        if (!task) return;
        const inFlightKill = killInFlight && firstAttempt;
        firstAttempt = false;
        const call = () =>
          client.v1(org.applicant, '/tasks/actions', 'POST', {
            requestTaskId: Number(task.id),
            requestTaskActionType: action,
            requestTaskActionPayload: {},
          });
        if (!inFlightKill) return call();
        const { answer, answeredBeforeKill } = await this.chaos.killWorkerDuring(call, `${requestId}'s submission`);
        this.report.inFlightNotificationKill = {
          done: true,
          answeredBeforeKill,
          outcome: `${answer.status} ${answer.body?.requestStatus ?? answer.body?.code ?? ''}`.trim(),
        };
        return answer;
      },
    );
  }
}
