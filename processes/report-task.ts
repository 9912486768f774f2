// What the action plan and the progress updates share as processes (reference workflows §8.1, §9.1,
// §10.1): one submit task with save, submit (in the submit window, checked in full) and cancel, shown
// as the report's task list, and the start rules' vocabulary.
import * as v from 'valibot';
import type { ReportDefinition } from '../domain/reports/report';
import { reportSaveAction, reportSubmitCheck } from '../domain/reports/report-actions';
import type { ReportTexts, TaskAccess, TaskTypeDefinition } from '../domain/process-definition';

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
    submitted: { panel, body: (authority) => `The ${name} has been sent to ${authority}. Contact your regulator if you need to make any updates to the ${name}.` },
    submitConfirm: [
      `Your ${name} will be sent directly to your regulator.`,
      `By selecting 'Confirm and send' you confirm that the information in your ${name} is correct to the best of your knowledge.`,
    ],
  };
}

export function reportSubmitTask(task: TaskAccess & { label: string }, report: ReportDefinition, a: ReportTaskActions, texts: ReportTexts): TaskTypeDefinition {
  return {
    ...task,
    actions: {
      [a.save]: reportSaveAction(report),
      [a.submit]: { kind: 'TRANSITION', input: v.object({}), timeline: a.submitted, snapshot: true, submitWindow: a.window, check: reportSubmitCheck(report, a.invalid.code, a.invalid.message) },
      [a.cancel]: { kind: 'TRANSITION', input: v.object({}), timeline: a.cancelled },
    },
    page: { kind: 'report', save: a.save, submit: a.submit, cancel: a.cancel, texts },
  };
}

/** The create payload of a progress update (reference §9.1): started as a disaggregated undertaking? */
export const progressUpdateCreatePayload = v.object({ isDisaggregateUndertaking: v.optional(v.boolean('isDisaggregateUndertaking must be true or false'), false) });
export type ProgressUpdateCreate = v.InferOutput<typeof progressUpdateCreatePayload>;
