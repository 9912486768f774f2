// What a process's program sees of the engine: it is an async function over a RequestContext, and
// each `userTask()` it awaits answers with the Transition a person made. The processes
// (processes/*/workflow.ts) and the engine's test workflows depend on these types alone; how the
// engine keeps its promises lives in the rest of engine/.
import type { TaskDeadline } from '../domain/process-definition';
import type { Actor, RequestInput } from '../domain/request-messages';

export interface Transition {
  taskId: number;
  actionType: string;
  /** The action's input as its schema parsed it (trimmed, typed). */
  input: unknown;
  by: Actor;
  /** The task's draft (what its SAVE actions wrote) as it was when the task closed. */
  draft: Record<string, unknown>;
  /** When it was done (ISO): by the API's reporting clock when it sent one. */
  at: string;
}

export interface UserTaskSpec {
  taskType: string;
  /** The task's first draft (what its pages start from). */
  draft?: Record<string, unknown>;
  deadline?: TaskDeadline | null;
  /** Tried first as the assignee, instead of the request-level assignee of the task's role. */
  assignee?: string | null;
  /**
   * A helper's task beside the main one (reference §3.4): its assignee does not become the
   * request-level assignee, and assigning the request's other tasks leaves it alone.
   */
  supporting?: boolean;
}

/** A task opened without waiting for its transition (one that waits while another is done). */
export interface OpenedTask {
  taskId: number;
  /** Closes it without a transition (no timeline entry). */
  close(): Promise<void>;
}

export interface RequestContext {
  readonly input: RequestInput;
  userTask(spec: UserTaskSpec): Promise<Transition>;
  /**
   * Like userTask, but the task ends at its due time: then it (and `alongside`, tasks opened with
   * openTask) closes and the answer is null. A transition on any of them closes the others.
   */
  userTaskUntilDue(spec: UserTaskSpec, alongside?: OpenedTask[]): Promise<Transition | null>;
  openTask(spec: UserTaskSpec): Promise<OpenedTask>;
  /** Records a timeline entry of the program's own (not a task's transition) with its details. */
  recordAction(type: string, details: unknown, by: Actor | null): Promise<void>;
}

/** Returns the request's final status (COMPLETED, APPROVED, REJECTED, CANCELLED …). */
export type RequestProgram = (ctx: RequestContext) => Promise<string>;
