// What happens to the open tasks of someone who leaves (reference real-service-details §E): an
// operator removed from an account hands theirs to the account's primary contact, a deleted regulator
// theirs to each account's regulator site contact, when that person may hold the task (ACTIVE, with
// the task type's execute permission); otherwise the task is released. Each hand-over goes through
// the request's workflow, as an assignment made on the task page does, so the successor is e-mailed
// "New task received" for each task and the audit trail names who made the change.
import type { AppDeps } from '../deps';
import type { CurrentUser } from '../auth/current-user';
import { candidates } from '../routes/tasks-assignment';
import { updateRequest } from '../request-workflows';
import { accessFor } from '../../processes';
import { assignTaskUpdate } from '../../domain/request-messages';
import { fullName } from '../../domain/work-items';
import { auditOrigin } from '../../infra/audit';
import type { TaskRow } from './task-access';

export interface HandOverResult {
  assigned: { taskId: number; to: string }[];
  released: number[];
}

/**
 * Hands each open task `leaver` held in `where` to `successorOf(task)` when they may hold it, else
 * releases it. Called after the leaver's authority is gone, so they are no longer a candidate.
 */
export async function handOverTasks(
  deps: AppDeps,
  by: CurrentUser,
  leaver: string,
  where: { accountId?: number; competentAuthority?: string },
  successorOf: (task: TaskRow) => Promise<string | null>,
): Promise<HandOverResult> {
  const { db } = deps;
  const query = db('request_tasks').where({ assignee: leaver }).orderBy('id');
  if (where.accountId !== undefined) query.where({ account_id: where.accountId });
  if (where.competentAuthority !== undefined) query.where({ competent_authority: where.competentAuthority });
  const tasks: TaskRow[] = await query.select('*');
  const result: HandOverResult = { assigned: [], released: [] };
  const actor = { userId: by.userId, fullName: fullName(by), audit: auditOrigin() };
  for (const task of tasks) {
    // A task moved together with an earlier one of its request (the request's tasks of a role follow).
    const now = await db('request_tasks').where({ id: task.id }).first('assignee');
    if (!now || now.assignee !== leaver) continue;
    const successor = await successorOf(task);
    const eligible = successor !== null && (await candidates(db, task, task.type)).some((c) => c.id === successor);
    const regulatorTask = accessFor(task.type)?.roleType === 'REGULATOR';
    try {
      if (eligible || regulatorTask) {
        const client = await deps.temporal();
        await updateRequest(client, task.request_id, (h) =>
          h.executeUpdate(assignTaskUpdate, {
            args: [{ taskId: Number(task.id), assignee: eligible ? successor : null, actor }],
          }),
        );
        if (eligible) result.assigned.push({ taskId: Number(task.id), to: successor });
        else result.released.push(Number(task.id));
        continue;
      }
    } catch (err) {
      deps.logger.warn({ err, taskId: task.id }, 'A leaving user’s task could not be handed over; it is released');
    }
    // An operator task has no released state in the workflow: the lists show it unassigned.
    await db('request_tasks').where({ id: task.id, assignee: leaver }).update({ assignee: null });
    result.released.push(Number(task.id));
  }
  return result;
}
