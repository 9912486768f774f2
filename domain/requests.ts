// What every request (one run of a process for an account) shares, whatever its process: statuses,
// the timeline entries the engine itself records, and the texts of a disaggregated undertaking's start.
// The processes themselves (types, tasks, words) are in processes/ — see domain/process-registry.ts.
import type { TimelineEntryDefinition } from './process-definition';
import { codesOf } from './labels';

export const requestStatusLabels = {
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  TERMINATED: 'Terminated',
  EXPIRED: 'Expired',
} satisfies Record<string, string>;
export type RequestStatus = keyof typeof requestStatusLabels;
export const requestStatuses = codesOf(requestStatusLabels);

/** A task saved (or closed) by someone else since the caller last read it: reload and try again. */
export const STALE_TASK_MESSAGE = 'The task was changed by someone else. Reload it and try again.';

/** The request ended from outside (an account closure) while it was in progress. */
export const REQUEST_TERMINATED = 'REQUEST_TERMINATED';
/** Ours: a regulator moved a task's due date (an extension), with the regulator as submitter. */
export const DUE_DATE_CHANGED = 'REQUEST_TASK_DUE_DATE_CHANGED';

/** The timeline entries any request may have, beside its process's own. */
export const engineTimeline: Record<string, TimelineEntryDefinition> = {
  [REQUEST_TERMINATED]: { label: 'Workflow terminated by the system' },
  [DUE_DATE_CHANGED]: { label: 'Due date changed' },
};

/**
 * A progress update started by an undertaking that left the group which notified (reference
 * workflows §5): offered when the report it would start from is missing (processes with
 * `create.disaggregated`).
 */
export const disaggregatedStart = {
  /** Its page, under the account. */
  path: (accountId: number, type: string) => `/accounts/${accountId}/disaggregated-undertaking/${type}`,
  link: (name: string) => `I want to start ${name} as disaggregated undertaking`,
  heading: 'Disaggregated undertakings',
  body: [
    'Proceed only if you are an undertaking that has left the group / participant which submitted the last notification, and is complying on its own behalf as a responsible undertaking.',
    "If you are the responsible undertaking that submitted the last notification, select 'back' and select the 'start' button under the appropriate task heading.",
  ],
  button: (name: string) => `Start ${name}`,
  /** 'Start a new task' offers the route when the start is valid only without the report before. */
  offered: (availability: { valid: boolean; requests?: string[] }) =>
    availability.valid && !!availability.requests?.length,
};

export function organisationId(accountId: number): string {
  return `ORG${String(accountId).padStart(6, '0')}`;
}
