// A regulator moves the due date of a report's task (an extension; ours: the real service keeps no
// due dates). The workflow arms the reminders and the overdue notice again for the new date.
import * as v from 'valibot';
import { openTaskSchema } from '../../domain/requests';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { currentUser } from '../auth/current-user';
import { validate } from '../validate';
import { badRequest, forbidden, notFound } from '../errors';
import { assertVisible, permissionsOn, taskPlace, type TaskRow } from '../tasks/task-access';
import { taskIdParam } from '../tasks/task-access';
import { updateRequest } from '../request-workflows';
import { processOfTask } from '../../processes';
import { endOfUkDay, parseDueDate, ukDate } from '../../domain/deadlines';
import { fullName } from '../../domain/work-items';
import { changeDueDateUpdate } from '../../domain/request-messages';
import { auditOrigin } from '../../infra/audit';

export const taskDueDateRoutes: RouteDef[] = [
  {
    method: 'put',
    path: '/tasks/:id/due-date',
    access: AUTHENTICATED,
    answers: [400, 403],
    response: v.object({ requestTaskId: v.number(), dueDate: v.string(), tasks: v.array(openTaskSchema) }),
    handler: async (ctx, deps) => {
      const user = currentUser(ctx);
      const task: TaskRow | undefined = await deps
        .db('request_tasks')
        .where({ id: validate(taskIdParam, ctx.params.id) })
        .first();
      if (!task) throw notFound('Request task not found');
      assertVisible(user, taskPlace(task), 'Request task');
      const rule = processOfTask(task.type)?.dueDate;
      if (
        user.roleType !== 'REGULATOR' ||
        rule?.taskType !== task.type ||
        !rule.changePermission ||
        !permissionsOn(user, taskPlace(task)).includes(rule.changePermission)
      )
        throw forbidden();
      // Deadlines run on real time (their timers do), so 'today' is the real UK day.
      const parsed = parseDueDate((ctx.request.body as { dueDate?: unknown } | undefined)?.dueDate, ukDate(new Date()));
      if ('message' in parsed) throw badRequest(parsed.message, 'dueDate');
      const client = await deps.temporal();
      const snapshot = await updateRequest(client, task.request_id, (handle) =>
        handle.executeUpdate(changeDueDateUpdate, {
          args: [
            {
              taskId: Number(task.id),
              dueAt: endOfUkDay(parsed.dueDate).toISOString(),
              actor: { userId: user.userId, fullName: fullName(user), audit: auditOrigin() },
            },
          ],
        }),
      );
      ctx.body = { requestTaskId: Number(task.id), dueDate: parsed.dueDate, tasks: snapshot.tasks };
    },
  },
];
