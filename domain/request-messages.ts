// The messages of every request workflow, shared by the workflows and the API (which imports only
// this file, not the workflow code). Updates carry the acting user as the API authenticated them.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { TaskDeadline } from './process-definition';

export interface Actor {
  userId: string;
  fullName: string;
  /** Where the API call came from, for the audit trail of the changes it causes (infra/audit.ts). */
  audit?: { address?: string; roleType?: string };
}

/** The acting user with the permissions they hold on the request's account (or its CA). */
export interface ActingUser extends Actor {
  permissions: string[];
}

export interface RequestInput {
  requestId: string;
  requestType: string;
  accountId: number | null;
  competentAuthority: string | null;
  /** Who started it (null: the system). Becomes the request-level assignee for their role. */
  startedBy: (Actor & { roleType: 'OPERATOR' | 'REGULATOR' }) | null;
  payload?: Record<string, unknown>;
  /** Per task type, overrides the process's deadline (tests and the benchmark use seconds). */
  deadlines?: Record<string, TaskDeadline | null>;
  /** A regulator restarts a completed request for changes (reference §3.2): the row is reused. */
  reinitiated?: boolean;
  /** Request-level assignees to try first for each role (e.g. the operator who last submitted). */
  assignees?: Partial<Record<'OPERATOR' | 'REGULATOR', string>>;
}

export interface OpenTaskView {
  taskId: number;
  taskType: string;
  assignee: string | null;
  dueAt: string | null;
}

export interface RequestSnapshot {
  requestId: string;
  status: string;
  tasks: OpenTaskView[];
}

export interface TaskActionArgs {
  taskId: number;
  actionType: string;
  payload: unknown;
  actor: ActingUser;
  /** The task version the API checked: the task closes only if nobody saved it since. */
  version?: number;
  /** When the API accepted it, by the reporting clock (a submission's date); else the workflow's time. */
  at?: string;
}

export interface AssignArgs {
  taskId: number;
  /** The new assignee, already checked to be a candidate by the API; null releases. */
  assignee: string | null;
  actor: Actor;
}

export interface ChangeDueDateArgs {
  taskId: number;
  /** The new due moment (ISO); the task's reminders and overdue notice are armed again for it. */
  dueAt: string;
  actor: Actor;
}

/** Why an update was refused; the API maps each to an HTTP status. */
export const refusals = {
  TASK_NOT_OPEN: 409,
  ACTION_NOT_ALLOWED: 400,
  NOT_ASSIGNEE: 403,
  NO_EXECUTE_PERMISSION: 403,
  INVALID_PAYLOAD: 400,
  CANNOT_RELEASE: 400,
  STALE_TASK: 409,
} as const;
export type Refusal = keyof typeof refusals;

export const taskActionUpdate = defineUpdate<RequestSnapshot, [TaskActionArgs]>('taskAction');
export const assignTaskUpdate = defineUpdate<RequestSnapshot, [AssignArgs]>('assignTask');
/** A regulator moves a task's due date (an extension). */
export const changeDueDateUpdate = defineUpdate<RequestSnapshot, [ChangeDueDateArgs]>('changeDueDate');
/** Answers once the workflow is at rest (every accepted change applied to the projection). */
export const settledUpdate = defineUpdate<RequestSnapshot, []>('settled');
export const requestStateQuery = defineQuery<RequestSnapshot>('requestState');
/** Ends the request from outside (account closure): its open tasks close and it ends TERMINATED. */
export const terminateRequestSignal = defineSignal<[{ reason: string }]>('terminateRequest');
