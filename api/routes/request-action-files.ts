// Files of a request's timeline entries (spec §7 "Requests and request actions"): the attachments a
// submitted snapshot names (`payload.attachments`, uuid → name) and the documents made of it
// (request_action_file_documents). Anyone who may see the request gets a one-minute download token;
// for everyone else the action does not exist (404, as for a missing one).
import { fileTokenSchema } from '../../domain/files';
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser } from '../auth/current-user';
import { notFound } from '../errors';
import { validate } from '../validate';
import { assertVisible } from '../tasks/task-access';
import { issueFileToken } from '../files/tokens';
import { fileUuidParam, fileUuidQuery } from '../params';
import { BIGINT_ID_MAX, idText } from '../../domain/validation';

const actionId = idText('The request action id must be a number', BIGINT_ID_MAX);

async function visibleAction(ctx: Context, db: AppDeps['db']) {
  const action = await db('request_actions as ra')
    .join('requests as r', 'r.id', 'ra.request_id')
    .where('ra.id', validate(actionId, ctx.params.id))
    .first('ra.id', 'ra.payload', 'r.account_id', 'r.competent_authority');
  if (!action) throw notFound('Request action not found');
  assertVisible(
    currentUser(ctx),
    { accountId: action.account_id, competentAuthority: action.competent_authority },
    'Request action',
  );
  return action;
}

async function attachmentToken(ctx: Context, deps: AppDeps) {
  const action = await visibleAction(ctx, deps.db);
  const uuid = fileUuidParam(ctx.query, 'attachmentUuid').toLowerCase();
  const attachments = (action.payload?.attachments ?? {}) as Record<string, string>;
  if (!attachments || typeof attachments !== 'object' || !Object.hasOwn(attachments, uuid))
    throw notFound('Attachment not found');
  ctx.body = await issueFileToken(deps, { uuid, kind: 'ATTACHMENT' });
}

async function documentToken(ctx: Context, deps: AppDeps) {
  const action = await visibleAction(ctx, deps.db);
  const uuid = fileUuidParam(ctx.query, 'fileDocumentUuid').toLowerCase();
  const document = await deps
    .db('request_action_file_documents')
    .where({ request_action_id: action.id, file_uuid: uuid })
    .first('file_uuid');
  if (!document) throw notFound('File document not found');
  ctx.body = await issueFileToken(deps, { uuid, kind: 'DOCUMENT' });
}

export const requestActionFileRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/request-action-attachments/:id',
    access: AUTHENTICATED,
    query: fileUuidQuery('attachmentUuid'),
    response: fileTokenSchema,
    handler: attachmentToken,
  },
  {
    method: 'get',
    path: '/request-action-file-documents/:id',
    access: AUTHENTICATED,
    query: fileUuidQuery('fileDocumentUuid'),
    response: fileTokenSchema,
    handler: documentToken,
  },
];
