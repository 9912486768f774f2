// What the action plan and the progress updates share as processes (reference workflows §8.1, §9.1,
// §10.1): one submit task with save, submit (in the submit window, checked in full) and cancel, and
// the start rules' vocabulary.
import * as v from 'valibot';
import type { ReportDefinition } from '../domain/reports/report';
import { reportSaveAction, reportSubmitCheck } from '../domain/reports/report-actions';
import type { TaskAccess, TaskTypeDefinition } from '../domain/process-definition';

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

export function reportSubmitTask(access: TaskAccess, report: ReportDefinition, a: ReportTaskActions): TaskTypeDefinition {
  return {
    ...access,
    actions: {
      [a.save]: reportSaveAction(report),
      [a.submit]: { kind: 'TRANSITION', payload: v.object({}), timeline: a.submitted, snapshot: true, submitWindow: a.window, check: reportSubmitCheck(report, a.invalid.code, a.invalid.message) },
      [a.cancel]: { kind: 'TRANSITION', payload: v.object({}), timeline: a.cancelled },
    },
  };
}

/** The create payload of a progress update (reference §9.1): started as a disaggregated undertaking? */
export const progressUpdateCreatePayload = v.object({ isDisaggregateUndertaking: v.optional(v.boolean('isDisaggregateUndertaking must be true or false'), false) });
export type ProgressUpdateCreate = v.InferOutput<typeof progressUpdateCreatePayload>;
