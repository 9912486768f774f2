// What the action plan and the progress updates share as processes (reference workflows §8.1, §9.1,
// §10.1): one submit task with save, submit (in the submit window, checked in full) and cancel, shown
// as the report's task list; a regulator's return for changes; the statutory due date; the timeline;
// the submitted-data MI report led by the report's and the earlier report's IDs and days; and the
// start rules' vocabulary.
import * as v from 'valibot';
import type { ReportDefinition } from '../domain/reports/report';
import { reportSaveAction, reportSubmitCheck } from '../domain/reports/report-actions';
import type { Permission } from '../domain/authorities';
import { phaseCode, phaseTitle, seededPhase, type PhaseReport } from '../domain/phases';
import type {
  ProcessDefinition,
  ReinitiateDefinition,
  ReportTexts,
  SubmittedDataDefinition,
  TaskAccess,
  TaskTypeDefinition,
} from '../domain/process-definition';

/** A request that blocks or enables another: running, or done. */
export const activeStatus = (status: string | undefined) => status === 'IN_PROGRESS' || status === 'COMPLETED';
/** No such request, or only a cancelled one. */
export const absent = (status: string | undefined) => !status || status === 'CANCELLED';

export interface ReportTaskActions {
  save: string;
  submit: string;
  cancel: string;
  /** Timeline entries of a submission (with its snapshot) and of a cancellation. */
  submitted: string;
  cancelled: string;
  /** Refusals outside the submit window and of an invalid report (code, message). */
  window: { code: string; message: string };
  invalid: { code: string; message: string };
}

/** The texts of a report that is submitted straight to the regulator. */
export function submittedTexts(name: string, panel: string): ReportTexts {
  return {
    name,
    submitted: {
      panel,
      body: (authority) =>
        `The ${name} has been sent to ${authority}. Contact your regulator if you need to make any updates to the ${name}.`,
    },
    submitConfirm: [
      `Your ${name} will be sent directly to your regulator.`,
      `By selecting 'Confirm and send' you confirm that the information in your ${name} is correct to the best of your knowledge.`,
    ],
  };
}

export function reportSubmitTask(
  task: TaskAccess & { label: string },
  report: ReportDefinition,
  a: ReportTaskActions,
  texts: ReportTexts,
): TaskTypeDefinition {
  return {
    ...task,
    actions: {
      [a.save]: reportSaveAction(report),
      [a.submit]: {
        kind: 'TRANSITION',
        input: v.object({}),
        timeline: a.submitted,
        snapshot: true,
        submitWindow: a.window,
        check: reportSubmitCheck(report, a.invalid.code, a.invalid.message),
      },
      [a.cancel]: { kind: 'TRANSITION', input: v.object({}), timeline: a.cancelled },
    },
    page: { kind: 'report', save: a.save, submit: a.submit, cancel: a.cancel, texts },
  };
}

/** The create payload of a progress update (reference §9.1): started as a disaggregated undertaking? */
export const progressUpdateCreatePayload = v.object({
  isDisaggregateUndertaking: v.optional(v.boolean('isDisaggregateUndertaking must be true or false'), false),
});
export type ProgressUpdateCreate = v.InferOutput<typeof progressUpdateCreatePayload>;

/** The stem of a report's permission codes, e.g. PROGRESS_UPDATE_1 of PERM_PROGRESS_UPDATE_1_APPLICATION_RE_INITIATE_TASK. */
type PermissionStem<P extends string> = P extends `PERM_${infer S}_APPLICATION_RE_INITIATE_TASK` ? S : never;

export interface SubmittedReport {
  /** Its name in labels, e.g. 'Progress Update 1'. */
  name: string;
  /** The stem of its permissions and of its cancelled and returned entries, e.g. 'PROGRESS_UPDATE_1'. */
  stem: PermissionStem<Permission>;
  report: ReportDefinition;
  /** Its submit task's type and its action and timeline codes (its codes.ts). */
  task: string;
  actions: Omit<ReportTaskActions, 'cancelled'> & { reinitiate: string };
  texts: ReportTexts;
  /** The phase it serves and which of its reports it is: its due date is the phase's (domain/phases.ts). */
  phase: { number: number; report: PhaseReport };
  /** What stops a regulator returning it for changes. */
  blockedBy?: ReinitiateDefinition['blockedBy'];
  /**
   * Its MI report; its rows lead with its ID and day and the earlier report's (`related`), by their
   * short names (e.g. 'PU1', 'AP'). Its type, name and page follow from the stem and the name.
   */
  submittedData: Omit<SubmittedDataDefinition, 'reportType' | 'name' | 'slug' | 'contents' | 'leading' | 'related'> & {
    id: string;
    related: { requestType: string; id: string };
  };
}

/** A report submitted straight to the regulator: all of its process but its identity and start rules. */
export function submittedReportProcess(r: SubmittedReport): Required<
  Pick<ProcessDefinition, 'reinitiate' | 'tasks' | 'timeline' | 'report' | 'submittedData' | 'phase'>
> & {
  dueDate: { taskType: string; changePermission: Permission; date: string };
} {
  const code = phaseCode(r.phase.number);
  const P = phaseTitle(r.phase.number);
  const due = seededPhase(r.phase.number).reports[r.phase.report].due;
  if (!due) throw new Error(`${r.stem}: phase ${r.phase.number} has no due date for its ${r.phase.report}`);
  const cancelled = `${r.stem}_APPLICATION_CANCELLED`;
  const returned = `${r.stem}_${code}_APPLICATION_RE_INITIATED`;
  const changePermission = `PERM_${r.stem}_APPLICATION_RE_INITIATE_TASK` as const;
  const { id, related, ...data } = r.submittedData;
  const access: TaskAccess = {
    roleType: 'OPERATOR',
    view: `PERM_${r.stem}_APPLICATION_SUBMIT_VIEW_TASK`,
    execute: `PERM_${r.stem}_APPLICATION_SUBMIT_EXECUTE_TASK`,
  };
  return {
    phase: r.phase,
    reinitiate: {
      actionType: r.actions.reinitiate,
      permission: changePermission,
      timeline: returned,
      blockedBy: r.blockedBy,
    },
    dueDate: { taskType: r.task, changePermission, date: due },
    tasks: {
      [r.task]: reportSubmitTask(
        { ...access, label: `Submit ${P} ${r.name}` },
        r.report,
        { ...r.actions, cancelled },
        r.texts,
      ),
    },
    timeline: {
      [r.actions.submitted]: { label: `${r.name} submitted`, snapshot: true, document: 'Submitted' },
      [cancelled]: { label: `${r.name} cancelled`, endsRun: true },
      [returned]: { label: `${r.name} returned for changes` },
    },
    report: r.report,
    submittedData: {
      reportType: `${r.stem}_SUBMITTED_DATA_${code}`,
      // 'Progress Update 1' → 'Progress update 1 (Phase 3) submitted data', 'progress-update-1-submitted-data'.
      name: `${r.name[0]}${r.name.slice(1).toLowerCase()} (${P}) submitted data`,
      slug: `${r.name.toLowerCase().replace(/ /g, '-')}-submitted-data`,
      ...data,
      contents: 'Table of Contents',
      leading: [
        { heading: `${id} ID`, cell: 'requestId' },
        { heading: 'Organisation Name', cell: 'organisationName' },
        { heading: 'CRN', cell: 'registrationNumber' },
        { heading: `${id} Submission Date`, cell: 'submittedOn' },
        { heading: `${related.id} ID`, cell: 'relatedId' },
        { heading: `${related.id} Submission Date`, cell: 'relatedSubmittedOn' },
      ],
      related: related.requestType,
    },
  };
}
