// What every request (one run of a process for an account) shares, whatever its process: statuses,
// the timeline entries the engine itself records, and the texts of a disaggregated undertaking's start.
// The processes themselves (types, tasks, words) are in processes/ — see domain/process-registry.ts.
import * as v from 'valibot';
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

// The answers of the task and request calls (api/routes/tasks.ts, request-actions.ts,
// tasks-assignment.ts …), from which the API description and the SPA's types are made.

/** A task the workflow has open, as a transition or a due-date change answers it. */
export const openTaskSchema = v.object({
  taskId: v.number(),
  taskType: v.string(),
  assignee: v.nullable(v.string()),
  dueAt: v.nullable(v.string()),
});
export type OpenTask = v.InferOutput<typeof openTaskSchema>;

/** A task's page: GET /tasks/{id}. */
export const taskViewSchema = v.object({
  requestInfo: v.object({
    id: v.string(),
    type: v.string(),
    status: v.string(),
    competentAuthority: v.nullable(v.string()),
    accountId: v.nullable(v.number()),
    accountName: v.nullable(v.string()),
    accountOrganisationId: v.nullable(v.string()),
    accountRegistrationNumber: v.nullable(v.string()),
    creationDate: v.string(),
  }),
  requestTask: v.object({
    id: v.number(),
    type: v.string(),
    /** The task's draft: what its pages fill in. */
    payload: v.record(v.string(), v.unknown()),
    version: v.number(),
    assignee: v.nullable(v.object({ userId: v.string(), firstName: v.string(), lastName: v.string() })),
    startDate: v.string(),
    dueDate: v.nullable(v.string()),
    daysRemaining: v.nullable(v.number()),
  }),
  allowedRequestTaskActions: v.array(v.string()),
  userAssignCapable: v.boolean(),
});
export type TaskView = v.InferOutput<typeof taskViewSchema>;

/** POST /tasks/actions: a SAVE answers the task's new version and draft, any other action where the request went. */
export const taskSavedSchema = v.object({
  requestTaskId: v.number(),
  version: v.number(),
  payload: v.record(v.string(), v.unknown()),
});
export const transitionResultSchema = v.object({
  requestTaskId: v.number(),
  requestId: v.string(),
  requestStatus: v.string(),
  nextTasks: v.array(openTaskSchema),
});
export type TransitionResult = v.InferOutput<typeof transitionResultSchema>;

/** An entry of a request's timeline: GET /request-actions. */
export const timelineEntrySchema = v.object({
  id: v.number(),
  type: v.string(),
  submitter: v.nullable(v.string()),
  creationDate: v.string(),
});
export type TimelineEntry = v.InferOutput<typeof timelineEntrySchema>;

/** One timeline entry with what was submitted: GET /request-actions/{id}. */
export const requestActionSchema = v.object({
  ...timelineEntrySchema.entries,
  /** uuid → file name of the documents the entry made. */
  fileDocuments: v.record(v.string(), v.string()),
  payload: v.unknown(),
  submitterId: v.nullable(v.string()),
  requestId: v.string(),
  requestType: v.string(),
  requestAccountId: v.nullable(v.number()),
});
export type RequestAction = v.InferOutput<typeof requestActionSchema>;

/** Someone a task may be assigned to: GET /tasks-assignment/{taskId}/candidate-assignees. */
export const candidateSchema = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  fullName: v.string(),
});
export type Candidate = v.InferOutput<typeof candidateSchema>;

/** 'Start a new task': may it start, and if not, what blocks it (request types) for the message. */
export const availabilitySchema = v.object({
  valid: v.boolean(),
  /** Not open yet: the day ('YYYY-MM-DD') its window opens, or null until its guidance is published. */
  opensOn: v.optional(v.nullable(v.string())),
  /** A phase's report that no process runs yet (so the registry has no title for it): its title. */
  title: v.optional(v.string()),
  accountStatus: v.optional(v.string()),
  applicableAccountStatuses: v.optional(v.array(v.string())),
  requests: v.optional(v.array(v.string())),
});
export type Availability = v.InferOutput<typeof availabilitySchema>;

/** A request: GET /requests/{id}. */
export const requestInfoSchema = v.object({
  id: v.string(),
  type: v.string(),
  status: v.string(),
  competentAuthority: v.nullable(v.string()),
  accountId: v.nullable(v.number()),
  creationDate: v.string(),
  submissionDate: v.nullable(v.string()),
  endDate: v.nullable(v.string()),
  requestMetadata: v.record(v.string(), v.unknown()),
});

/** A page of an account's requests: POST /requests/workflows. */
export const requestSearchPageSchema = v.object({
  requestDetails: v.array(
    v.object({
      id: v.string(),
      requestType: v.string(),
      requestStatus: v.string(),
      creationDate: v.string(),
      endDate: v.nullable(v.string()),
      requestMetadata: v.record(v.string(), v.unknown()),
    }),
  ),
  total: v.number(),
});

/** A request started: POST /requests, the request's id, where it is and its open tasks. */
export const requestStartedSchema = v.object({
  requestId: v.string(),
  requestStatus: v.string(),
  tasks: v.array(openTaskSchema),
});
