// Task attachments (spec §7 "Tasks and assignment"; reference workflows §3.5, platform §4.5): the
// assignee with execute rights uploads a file to their open task; it is stored PENDING and named in
// the task payload's `attachments` map (uuid → file name). Anyone who may view the task gets a
// download token for a file in that map.
import { fileTokenSchema, fileUuidSchema } from '../../domain/files';
import * as v from 'valibot';
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser } from '../auth/current-user';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import { required, validate } from '../validate';
import { jsonPart } from '../multipart';
import { canExecuteTask, viewableTask, taskIdParam } from '../tasks/task-access';
import { checkUpload, readUploadParts, storeFile } from '../files/uploads';
import { fileUuidParam, fileUuidQuery } from '../params';
import { issueFileToken } from '../files/tokens';
import { BIGINT_ID_MAX, wholeNumber } from '../../domain/validation';

const detailsSchema = v.object({
  requestTaskId: wholeNumber('requestTaskId must be a number', { max: BIGINT_ID_MAX }),
  requestTaskActionType: v.pipe(v.string('requestTaskActionType must be text'), v.minLength(1), v.maxLength(100)),
  requestTaskActionPayload: v.optional(v.unknown()),
});

/** The reference names the upload action after the request type: `<request type>_UPLOAD_ATTACHMENT`. */
export const uploadActionType = (requestType: string) => `${requestType}_UPLOAD_ATTACHMENT`;

async function upload(ctx: Context, deps: AppDeps) {
  const { db } = deps;
  const user = currentUser(ctx);
  const parts = await readUploadParts(ctx);
  const raw = jsonPart(parts, 'requestTaskActionDetails') as Record<string, unknown> | null;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('requestTaskActionDetails must be a JSON object', 'requestTaskActionDetails');
  required(raw.requestTaskId, 'requestTaskId');
  required(raw.requestTaskActionType, 'requestTaskActionType');
  const details = validate(detailsSchema, raw);

  const task = await viewableTask(db, user, details.requestTaskId);
  const request = await db('requests').where({ id: task.request_id }).first('type');
  if (!request || details.requestTaskActionType !== uploadActionType(request.type))
    throw badRequest('Request task action cannot proceed', 'requestTaskActionType');
  if (task.assignee !== user.userId)
    throw new ApiError(403, 'REQUEST_TASK_ACTION1001', 'User is not the assignee of the request task');
  if (!canExecuteTask(user, task)) throw forbidden();

  const file = await checkUpload(deps, parts, 'attachment');
  const result = await db.transaction(async (trx) => {
    const uuid = await storeFile(trx, file, {
      kind: 'ATTACHMENT',
      requestTaskId: Number(task.id),
      requestId: task.request_id,
      accountId: task.account_id,
      createdBy: user.userId,
    });
    // One statement: concurrent uploads to the same task queue on the row lock and all land.
    const [row] = await trx('request_tasks')
      .where({ id: task.id, assignee: user.userId })
      .update({
        payload: trx.raw(
          `jsonb_set(payload, '{attachments}', coalesce(payload->'attachments', '{}'::jsonb) || jsonb_build_object(?::text, ?::text))`,
          [uuid, file.fileName],
        ),
        version: trx.raw('version + 1'),
      })
      .returning('version');
    if (!row)
      throw conflict('FILE1004', 'File upload failed: the task was completed or reassigned. Reload it and try again.');
    return { uuid, version: row.version as number };
  });
  ctx.body = result;
}

async function attachmentToken(ctx: Context, { db, config }: AppDeps) {
  const user = currentUser(ctx);
  const task = await viewableTask(db, user, validate(taskIdParam, ctx.params.id));
  const uuid = fileUuidParam(ctx.query, 'attachmentUuid');
  const attachments = (task.payload?.attachments ?? {}) as Record<string, string>;
  if (!Object.hasOwn(attachments, uuid)) throw notFound('Attachment not found');
  ctx.body = await issueFileToken({ config, db }, { uuid, kind: 'ATTACHMENT' });
}

export const taskAttachmentRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/task-attachments/upload',
    access: AUTHENTICATED,
    multipart: true,
    answers: [403, 404, 409],
    response: v.object({ ...fileUuidSchema.entries, version: v.number() }),
    handler: upload,
  },
  {
    method: 'get',
    path: '/task-attachments/:id',
    access: AUTHENTICATED,
    query: fileUuidQuery('attachmentUuid'),
    answers: [403],
    response: fileTokenSchema,
    handler: attachmentToken,
  },
];
