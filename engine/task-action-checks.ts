// The checks of a task action (a TRANSITION a person sends to the request's workflow). Three layers
// run them, and each owns a different part; this is the one table of who checks what:
//
// | Check                                       | API (api/routes/tasks.ts)    | Update validator          | Pick-up | closeTask      |
// |---------------------------------------------|------------------------------|---------------------------|---------|----------------|
// | the caller may see the task                 | 404 NOT_FOUND / 403          | –                         | –       | –              |
// | the task is open                            | its row is there, else 404   | TASK_NOT_OPEN 409         | again   | –              |
// | the action is a TRANSITION of the task      | one of its actions, else 400 | ACTION_NOT_ALLOWED 400    | again   | –              |
// | the caller is the task's assignee           | 403 REQUEST_TASK_ACTION1001  | NOT_ASSIGNEE 403          | again   | –              |
// | the caller may execute the task             | 403 FORBIDDEN                | NO_EXECUTE_PERMISSION 403 | again   | –              |
// | the input matches the action's schema       | 400 VALIDATION_ERROR         | INVALID_PAYLOAD 400       | again   | –              |
// | inside the submit window (reporting clock)  | 400 with the action's code   | –                         | –       | –              |
// | the action's `check` on the stored draft    | 400 listing each problem     | –                         | –       | –              |
// | nobody saved the task since the API read it | sends the version it read    | –                         | –       | STALE_TASK 409 |
//
// - The API answers the cheap checks early, for a precise 4xx, and alone runs the ones that need the
//   database and the company register (the submit window, the action's `check`): a validator can do
//   no I/O. A SAVE ends there (the API writes the draft); only a TRANSITION is sent on. None of its
//   answers is final: the task may change before the update arrives.
// - The update validator (checkTaskAction, below) is authoritative before the update is accepted: a
//   refused update leaves no trace in the history, and the API maps the refusal type to its status
//   (`refusals` in domain/request-messages.ts). It checks execution against `actor.permissions`,
//   the permissions the API found the caller holds on the task's account or competent authority.
// - The pick-up (engine/user-tasks.ts) runs the same function again when the waiting task takes the
//   action from the inbox, because an assignment may have changed things between validation and
//   pick-up; a refusal then fails the accepted update.
// - closeTask (activities/requests.ts) closes the task only at the version the API read, so the
//   draft the API checked is the draft that closes.
import { ApplicationFailure } from '@temporalio/workflow';
import * as v from 'valibot';
import type { ProcessDefinition } from '../domain/process-definition';
import type { OpenTaskView, Refusal, TaskActionArgs } from '../domain/request-messages';

/** A refusal of an update: not retried, and its type is what the API turns into an HTTP status. */
export function refusal(type: Refusal, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type, message, nonRetryable: true });
}

export function taskNotOpen(): ApplicationFailure {
  return refusal('TASK_NOT_OPEN', 'The task is no longer open');
}

/** What the checks need of a task the request has open. */
export type CheckedTask = Pick<OpenTaskView, 'taskType' | 'assignee'>;

/** The workflow's checks of a task action (the validator's and the pick-up's); returns the parsed input. */
export function checkTaskAction(
  def: ProcessDefinition,
  openTasks: ReadonlyMap<number, CheckedTask>,
  args: TaskActionArgs,
): unknown {
  const task = openTasks.get(args.taskId);
  if (!task) throw taskNotOpen();
  const taskDef = def.tasks[task.taskType];
  const action = taskDef?.actions[args.actionType];
  if (!taskDef || !action || action.kind !== 'TRANSITION')
    throw refusal('ACTION_NOT_ALLOWED', 'Request task action cannot proceed');
  if (task.assignee !== args.actor.userId)
    throw refusal('NOT_ASSIGNEE', 'User is not the assignee of the request task');
  if (!args.actor.permissions.includes(taskDef.execute))
    throw refusal('NO_EXECUTE_PERMISSION', 'You do not have permission to do this');
  const parsed = v.safeParse(action.input, args.payload);
  if (!parsed.success) throw refusal('INVALID_PAYLOAD', parsed.issues[0].message);
  return parsed.output;
}
