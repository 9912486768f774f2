// What a process (request type) tells the engine: its task types, who may view and act on each, and
// the actions with their payload schemas. Pure data shared by the API (checks before calling the
// workflow), the workflow (update validators) and the SPA. What each transition does lives in
// workflows/, next to the process's program.
import type * as v from 'valibot';
import type { Permission, RoleType } from './authorities';
import type { ReportDefinition } from './reports/report';

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

/** What the API tells an action's hooks about the task's place and the moment. */
export interface TaskContext {
  /** Who acts. */
  userId: string;
  account: { id: number; name: string; registrationNumber: string | null; competentAuthority: string } | null;
  now: Date;
  /** Is the number on the company register (Companies House)? */
  companyExists: (registrationNumber: string) => Promise<boolean>;
  /** May this user be given a task of this type on the request's account? */
  isCandidate: (userId: string, taskType: string) => Promise<boolean>;
}

/** Why a transition was refused before it reached the workflow, field by field. */
export interface ActionRefusal {
  code: string;
  message: string;
  violations: { section?: string; step?: string; path: string; message: string }[];
}

export interface TaskActionDefinition {
  kind: TaskActionKind;
  payload: v.GenericSchema;
  /** Request action (timeline entry) recorded when the transition is applied. */
  timeline?: string;
  /** The timeline entry keeps the task's saved payload (what was submitted), not the action's. */
  snapshot?: boolean;
  /**
   * SAVE: the task's next payload from the stored one and the (parsed) action payload, e.g. a report
   * section merged, pruned and its statuses settled. Without it the keys sent replace theirs.
   */
  apply?: (stored: Record<string, unknown>, input: unknown, ctx: TaskContext) => { payload: Record<string, unknown> } | { refusal: ActionRefusal };
  /** TRANSITION: checks the task's saved payload first; a refusal is a 400 listing what is wrong. */
  check?: (saved: Record<string, unknown>, input: unknown, ctx: TaskContext) => Promise<ActionRefusal | null>;
  /** TRANSITION: refused outside the process's submit window (the code and message of the refusal). */
  submitWindow?: { code: string; message: string };
}

export interface TaskTypeDefinition extends TaskAccess {
  actions: Record<string, TaskActionDefinition>;
  /** A helper's task beside the main one (reference §3.4): never assigned to whoever hands it over. */
  supporting?: boolean;
}

/**
 * A task's deadline: relative to when it opens, or a fixed moment (a statutory due date). Workflow
 * input may override it (tests use seconds).
 */
export type TaskDeadline = ({ dueInMs: number; dueAt?: undefined } | { dueAt: string; dueInMs?: undefined }) & {
  /** Reminder e-mails this long before the due time. */
  remindBeforeMs?: number[];
};

/** What decides whether a process may start on an account (reference workflows §5). */
export interface StartFacts {
  /** The status of the account's request of each type, when it has one. */
  statuses: Partial<Record<string, string>>;
  /** Today is inside the process's initiate window. */
  inWindow: boolean;
}

/** 'Start a new task': may it start, and if not, what blocks it (request types) for the message. */
export interface Availability {
  valid: boolean;
  accountStatus?: string;
  applicableAccountStatuses?: string[];
  requests?: string[];
}

/** A regulator sends a completed report back to the operator for changes (reference §3.2, §5). */
export interface ReinitiateDefinition {
  /** The create action type, e.g. RE_INITIATE_NOTIFICATION_OF_COMPLIANCE_P3. */
  actionType: string;
  permission: Permission;
  /** The timeline entry, with the regulator as submitter. */
  timeline: string;
  /** Blocked by the account's other requests (e.g. an action plan once progress update 1 exists). */
  blockedBy?: (statuses: StartFacts['statuses']) => boolean;
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
    /**
     * May it start, given the account's requests (the account is LIVE)? Default: once, unless the
     * earlier one was cancelled.
     */
    rule?: (facts: StartFacts) => Availability;
    /** Has initiate and submit windows (configuration, reference §13.1). */
    windowed?: boolean;
    /**
     * May it start with this (parsed) payload, given its availability? E.g. only a disaggregated
     * undertaking starts a progress update without the report it would copy. Default: yes.
     */
    admits?: (payload: unknown, availability: Availability) => boolean;
  };
  /**
   * The task that carries the process's statutory due date (configuration, domain/processes/deadlines)
   * and who may change it (an extension), which re-arms its reminders.
   */
  dueDate?: { taskType: string; changePermission: Permission };
  reinitiate?: ReinitiateDefinition;
  tasks: Record<string, TaskTypeDefinition>;
  /** The report the process submits (kept in `reports`): MI reports turn submissions into sheets with it. */
  report?: ReportDefinition;
}
