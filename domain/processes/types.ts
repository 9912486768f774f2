// What a process (request type) tells the engine: its task types, who may view and act on each, and
// the actions with their payload schemas. Pure data shared by the API (checks before calling the
// workflow), the workflow (update validators) and the SPA. What each transition does lives in
// workflows/, next to the process's program.
import type * as v from 'valibot';
import type { Permission, RoleType } from '../authorities';

export type TaskRoleType = Extract<RoleType, 'OPERATOR' | 'REGULATOR'>;

/** Who works on a task type: the role, and the permissions to see and to act on it. */
export interface TaskAccess {
  roleType: TaskRoleType;
  view: Permission;
  execute: Permission;
}

/**
 * SAVE writes the task's draft payload in the database (optimistic locking); TRANSITION goes to the
 * workflow as an update, closes the task and lets the process move on.
 */
export type TaskActionKind = 'SAVE' | 'TRANSITION';

export interface TaskActionDefinition {
  kind: TaskActionKind;
  payload: v.GenericSchema;
  /** Request action (timeline entry) recorded when the transition is applied. */
  timeline?: string;
}

export interface TaskTypeDefinition extends TaskAccess {
  actions: Record<string, TaskActionDefinition>;
}

/** A task's deadline, relative to when it opens. Workflow input may override it (tests use seconds). */
export interface TaskDeadline {
  dueInMs: number;
  /** Reminder e-mails this long before the due time. */
  remindBeforeMs?: number[];
}

export interface ProcessDefinition {
  requestType: string;
  /** Name of the workflow function that runs it (exported from workflows/). */
  workflowType: string;
  /** The readable request id (workflow id) for an account. */
  requestId: (accountId: number) => string;
  /** Who may start it with POST /requests, and with what payload. Absent: started by the system. */
  create?: {
    roleType: TaskRoleType;
    permission?: Permission;
    payload: v.GenericSchema;
    timeline?: string;
    /** Started with no account (account opening creates its own); else only on a LIVE account. */
    withoutAccount?: boolean;
  };
  tasks: Record<string, TaskTypeDefinition>;
}
