// A task and the actions on it (spec §7 "Tasks and assignment"). SAVE writes the draft with
// optimistic locking; transitions go to the request's workflow as an update that answers once the
// next state is in the projection.
import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { currentUser } from '../auth/current-user';
import { idempotencyKey, required, validate } from '../validate';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import {
  actingUser,
  assertVisible,
  canExecuteTask,
  canViewTask,
  permissionsOn,
  taskPlace,
  viewableTask,
  taskIdParam,
  type TaskRow,
} from '../tasks/task-access';
import { queryPrepared } from '../../infra/prepared';
import { updateRequest } from '../request-workflows';
import { processOfTask, taskDefinition, type ActionRefusal, type TaskActionDefinition } from '../../processes';
import { inWindow } from '../../infra/config';
import { windowsOf } from '../process-settings';
import type { AppDeps } from '../deps';
import type { CurrentUser } from '../auth/current-user';
import { taskContext } from '../tasks/task-context';
import { taskActionUpdate } from '../../domain/request-messages';
import { BIGINT_ID_MAX, wholeNumber } from '../../domain/validation';
import { STALE_TASK_MESSAGE, taskSavedSchema, taskViewSchema, transitionResultSchema } from '../../domain/requests';

const actionBody = v.object({
  requestTaskId: wholeNumber('requestTaskId must be a number', { max: BIGINT_ID_MAX }),
  requestTaskActionType: v.pipe(v.string('requestTaskActionType must be text'), v.minLength(1), v.maxLength(100)),
  requestTaskActionPayload: v.optional(v.unknown()),
  /** The task version the caller read; required for SAVE. */
  version: v.optional(wholeNumber('version must be a whole number, 0 or more', { min: 0 })),
});

/** A task with what its page shows of the request, the account and the assignee: one round trip. */
interface TaskPageRow extends TaskRow {
  days_remaining: number | null;
  request_type: string;
  request_status: string;
  request_competent_authority: string | null;
  request_account_id: number | null;
  request_created_at: Date;
  account_name: string | null;
  organisation_id: string | null;
  registration_number: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
}

export const TASK_PAGE_SQL = `
  select rt.*, (rt.due_date - current_date) as days_remaining,
         r.type as request_type, r.status as request_status, r.competent_authority as request_competent_authority,
         r.account_id as request_account_id, r.created_at as request_created_at,
         a.name as account_name, a.organisation_id, a.registration_number,
         u.first_name as assignee_first_name, u.last_name as assignee_last_name
    from request_tasks rt
    join requests r on r.id = rt.request_id
    left join accounts a on a.id = rt.account_id
    left join users u on u.id = rt.assignee
   where rt.id = ?`;

/** A refusal of an action's hook as a 400 that lists each problem (its section, page and field). */
function refused(refusal: ActionRefusal): ApiError {
  const fields = refusal.violations.map((v) => ({
    field: [v.section, v.path].filter(Boolean).join('.'),
    message: v.message,
    ...(v.section ? { section: v.section } : {}),
    ...(v.step ? { step: v.step } : {}),
  }));
  return new ApiError(400, refusal.code, refusal.message, fields[0]?.field || undefined, fields);
}

/**
 * SAVE: the keys sent replace the draft's, or the action's `apply` works out the next draft from the
 * stored one. Either way only if nobody saved since the caller read the task (its version).
 */
async function save(
  deps: AppDeps,
  user: CurrentUser,
  task: TaskRow,
  action: TaskActionDefinition,
  input: unknown,
  version: number,
) {
  const { db } = deps;
  let next: Record<string, unknown> | null = null;
  if (action.apply) {
    if (task.version !== version) throw staleTask();
    const result = action.apply(task.payload, input, await taskContext(deps, user, task));
    if ('refusal' in result) throw refused(result.refusal);
    next = result.draft;
  }
  const [row] = await db('request_tasks')
    .where({ id: task.id, version, assignee: user.userId })
    // Without `apply`, what the process put in the task stays beside the keys sent.
    .update({
      payload: next ? JSON.stringify(next) : db.raw('payload || ?::jsonb', [JSON.stringify(input)]),
      version: db.raw('version + 1'),
    })
    .returning(['version', ...(next ? [] : ['payload'])]);
  if (!row) {
    const now = await db('request_tasks').where({ id: task.id }).first('version');
    if (!now) throw notFound('Request task not found');
    throw staleTask();
  }
  return { version: row.version as number, payload: next ?? row.payload };
}

const staleTask = () => conflict('REQUEST_TASK_VERSION_CONFLICT', STALE_TASK_MESSAGE);

export const taskRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/tasks/:id',
    access: AUTHENTICATED,
    answers: [400, 403],
    response: taskViewSchema,
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const [task] = await queryPrepared<TaskPageRow>(db, TASK_PAGE_SQL, [validate(taskIdParam, ctx.params.id)]);
      if (!task) throw notFound('Request task not found');
      assertVisible(user, taskPlace(task), 'Request task');
      if (!canViewTask(user, task)) throw forbidden();
      // Opening the task is what makes it no longer 'New' for this user (not audited: no context needed).
      await queryPrepared(
        db,
        'insert into request_task_visits (task_id, user_id) values (?, ?) on conflict (task_id, user_id) do nothing',
        [task.id, user.userId],
      );
      const definition = taskDefinition(task.type);
      const mayAct = task.assignee === user.userId && canExecuteTask(user, task);
      ctx.body = {
        requestInfo: {
          id: task.request_id,
          type: task.request_type,
          status: task.request_status,
          competentAuthority: task.request_competent_authority,
          accountId: task.request_account_id,
          accountName: task.account_name,
          accountOrganisationId: task.organisation_id,
          accountRegistrationNumber: task.registration_number,
          creationDate: task.request_created_at,
        },
        requestTask: {
          id: Number(task.id),
          type: task.type,
          payload: task.payload,
          version: task.version,
          assignee: task.assignee
            ? {
                userId: task.assignee,
                firstName: task.assignee_first_name ?? '',
                lastName: task.assignee_last_name ?? '',
              }
            : null,
          startDate: task.start_date,
          dueDate: task.due_at ?? null,
          daysRemaining: task.days_remaining,
        },
        allowedRequestTaskActions: mayAct && definition ? Object.keys(definition.actions) : [],
        userAssignCapable: permissionsOn(user, taskPlace(task)).includes('PERM_TASK_ASSIGNMENT'),
      };
    },
  },
  {
    method: 'post',
    path: '/tasks/actions',
    access: AUTHENTICATED,
    body: actionBody,
    // 409: a save with a version someone else has saved since.
    answers: [403, 404, 409],
    response: v.union([taskSavedSchema, transitionResultSchema]),
    handler: async (ctx, deps) => {
      const user = currentUser(ctx);
      const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
      required(raw.requestTaskId, 'requestTaskId');
      required(raw.requestTaskActionType, 'requestTaskActionType');
      const body = validate(actionBody, raw);
      const task = await viewableTask(deps.db, user, body.requestTaskId);
      const action = taskDefinition(task.type)?.actions[body.requestTaskActionType];
      if (!action) throw badRequest('Request task action cannot proceed', 'requestTaskActionType');
      if (task.assignee !== user.userId)
        throw new ApiError(403, 'REQUEST_TASK_ACTION1001', 'User is not the assignee of the request task');
      if (!canExecuteTask(user, task)) throw forbidden();
      const input = validate(action.input, body.requestTaskActionPayload ?? {});

      if (action.kind === 'SAVE') {
        const version = required(body.version, 'version');
        ctx.body = { requestTaskId: Number(task.id), ...(await save(deps, user, task, action, input, version)) };
        return;
      }

      if (action.submitWindow) {
        if (!inWindow(windowsOf(deps.config, processOfTask(task.type))?.submit, deps.config.reporting.now()))
          throw new ApiError(400, action.submitWindow.code, action.submitWindow.message);
      }
      if (action.check) {
        const refusal = await action.check(task.payload, input, await taskContext(deps, user, task));
        if (refusal) throw refused(refusal);
      }
      const client = await deps.temporal();
      // A double click or a retried request carries the same update id, so it is applied once; a
      // save in between makes it another attempt (the version is part of the id). A caller's own
      // Idempotency-Key counts for this task only.
      const key = idempotencyKey(ctx);
      const updateId = key
        ? `task-${task.id}:key:${key}`
        : `task-${task.id}:${body.requestTaskActionType}:v${task.version}`;
      const snapshot = await updateRequest(client, task.request_id, (handle) =>
        handle.executeUpdate(taskActionUpdate, {
          updateId,
          args: [
            {
              taskId: Number(task.id),
              actionType: body.requestTaskActionType,
              payload: body.requestTaskActionPayload ?? {},
              actor: actingUser(user, task),
              version: task.version,
              // A submission is dated by the reporting clock, as its window was checked.
              at: deps.config.reporting.now().toISOString(),
            },
          ],
        }),
      );
      ctx.body = {
        requestTaskId: Number(task.id),
        requestId: task.request_id,
        requestStatus: snapshot.status,
        nextTasks: snapshot.tasks,
      };
    },
  },
];
