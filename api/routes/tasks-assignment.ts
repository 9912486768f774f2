// Assigning and releasing tasks (reference: workflows §4.3). The API checks who may assign and who
// may receive; the workflow records the assignment, so it is ordered with the process's own steps.
import { candidateSchema } from '../../domain/requests';
import * as v from 'valibot';
import type { Knex } from 'knex';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { required, validate } from '../validate';
import { ApiError, badRequest, forbidden } from '../errors';
import { permissionsOn, taskPlace, viewableTask, type TaskRow, taskIdParam } from '../tasks/task-access';
import { updateRequest } from '../request-workflows';
import { eligibleUsers } from '../../infra/eligible-users';
import { accessFor, taskDefinition } from '../../processes';
import { fullName } from '../../domain/work-items';
import { assignTaskUpdate } from '../../domain/request-messages';
import { BIGINT_ID_MAX, wholeNumber } from '../../domain/validation';
import { auditOrigin } from '../../infra/audit';

const assignBody = v.object({
  taskId: wholeNumber('taskId must be a number', { max: BIGINT_ID_MAX }),
  userId: v.pipe(v.string('userId must be text'), v.minLength(1), v.maxLength(255)),
});

function assertMayAssign(user: CurrentUser, task: TaskRow): void {
  if (!permissionsOn(user, taskPlace(task)).includes('PERM_TASK_ASSIGNMENT')) throw forbidden();
}

/** Users who may execute `taskType` where the task is (same role type as the task). */
export async function candidates(db: Knex, task: TaskRow, taskType: string) {
  const access = accessFor(taskType);
  if (!access) return [];
  const ids = eligibleUsers(db, {
    roleType: access.roleType,
    permission: access.execute,
    accountId: task.account_id,
    competentAuthority: task.competent_authority,
  }).select('user_id');
  const rows = await db('users')
    .whereIn('id', ids)
    .orderBy(['first_name', 'last_name', 'id'])
    .select('id', 'first_name', 'last_name');
  return rows.map((r) => ({
    id: r.id as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    fullName: fullName({ firstName: r.first_name, lastName: r.last_name }),
  }));
}

export const taskAssignmentRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/tasks-assignment/assign',
    access: AUTHENTICATED,
    body: assignBody,
    answers: [403, 404],
    response: v.object({ taskId: v.number(), assignee: v.nullable(v.string()) }),
    handler: async (ctx, deps) => {
      const user = currentUser(ctx);
      const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
      required(raw.taskId, 'taskId');
      required(raw.userId, 'userId');
      const body = validate(assignBody, raw);
      const task = await viewableTask(deps.db, user, body.taskId);
      assertMayAssign(user, task);
      if (!(await candidates(deps.db, task, task.type)).some((c) => c.id === body.userId)) {
        throw new ApiError(400, 'ITEM1000', 'Can not assign request to the provided user', 'userId');
      }
      const client = await deps.temporal();
      const snapshot = await updateRequest(client, task.request_id, (h) =>
        h.executeUpdate(assignTaskUpdate, {
          args: [
            {
              taskId: Number(task.id),
              assignee: body.userId,
              actor: { userId: user.userId, fullName: fullName(user), audit: auditOrigin() },
            },
          ],
        }),
      );
      ctx.body = {
        taskId: Number(task.id),
        assignee: snapshot.tasks.find((t) => t.taskId === Number(task.id))?.assignee ?? body.userId,
      };
    },
  },
  {
    method: 'delete',
    path: '/tasks-assignment/release/:taskId',
    access: AUTHENTICATED,
    answers: [400, 403],
    ok: 204,
    handler: async (ctx, deps) => {
      const user = currentUser(ctx);
      const task = await viewableTask(deps.db, user, validate(taskIdParam, ctx.params.taskId));
      assertMayAssign(user, task);
      if (accessFor(task.type)?.roleType !== 'REGULATOR')
        throw new ApiError(400, 'ITEM1000', 'Operator tasks cannot be released');
      const client = await deps.temporal();
      await updateRequest(client, task.request_id, (h) =>
        h.executeUpdate(assignTaskUpdate, {
          args: [
            {
              taskId: Number(task.id),
              assignee: null,
              actor: { userId: user.userId, fullName: fullName(user), audit: auditOrigin() },
            },
          ],
        }),
      );
      ctx.status = 204;
    },
  },
  {
    method: 'get',
    path: '/tasks-assignment/:taskId/candidate-assignees',
    access: AUTHENTICATED,
    answers: [400, 403],
    response: v.array(candidateSchema),
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const task = await viewableTask(db, user, validate(taskIdParam, ctx.params.taskId));
      assertMayAssign(user, task);
      ctx.body = await candidates(db, task, task.type);
    },
  },
  {
    method: 'get',
    path: '/tasks-assignment/:taskId/candidate-assignees/:taskType',
    access: AUTHENTICATED,
    answers: [400, 403],
    response: v.array(candidateSchema),
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const task = await viewableTask(db, user, validate(taskIdParam, ctx.params.taskId));
      assertMayAssign(user, task);
      const access = accessFor(ctx.params.taskType);
      if (!access) throw badRequest(`Unknown task type ${ctx.params.taskType}`, 'taskType');
      if (access.roleType !== accessFor(task.type)?.roleType)
        throw badRequest('The task type belongs to another role', 'taskType');
      const found = await candidates(db, task, ctx.params.taskType);
      // A helper's task (the notification's review) goes to someone other than the caller.
      ctx.body = taskDefinition(ctx.params.taskType)?.supporting ? found.filter((c) => c.id !== user.userId) : found;
    },
  },
];
