// The timeline of a request (reference: platform §4.4).
import * as v from 'valibot';
import { requestActionSchema, timelineEntrySchema } from '../../domain/requests';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { currentUser } from '../auth/current-user';
import { required, validate } from '../validate';
import { notFound } from '../errors';
import { assertVisible } from '../tasks/task-access';
import { single, textQuery } from '../params';
import { BIGINT_ID_MAX, idText } from '../../domain/validation';

const actionId = idText('The request action id must be a number', BIGINT_ID_MAX);

export const requestActionRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/request-actions',
    access: AUTHENTICATED,
    query: textQuery(['requestId']),
    answers: [404],
    response: v.array(timelineEntrySchema),
    handler: async (ctx, { db }) => {
      const requestId = required(single(ctx.query.requestId), 'requestId');
      const request = await db('requests').where({ id: requestId }).first('id', 'account_id', 'competent_authority');
      if (!request) throw notFound('Request not found');
      assertVisible(
        currentUser(ctx),
        { accountId: request.account_id, competentAuthority: request.competent_authority },
        'Request',
      );
      const rows = await db('request_actions')
        .where({ request_id: request.id })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
      ctx.body = rows.map((r) => ({
        id: Number(r.id),
        type: r.type,
        submitter: r.submitter,
        creationDate: r.created_at,
      }));
    },
  },
  {
    method: 'get',
    path: '/request-actions/:id',
    access: AUTHENTICATED,
    answers: [400],
    response: requestActionSchema,
    handler: async (ctx, { db }) => {
      const row = await db('request_actions as ra')
        .join('requests as r', 'r.id', 'ra.request_id')
        .where('ra.id', validate(actionId, ctx.params.id))
        .first('ra.*', 'r.type as request_type', 'r.account_id', 'r.competent_authority');
      if (!row) throw notFound('Request action not found');
      assertVisible(
        currentUser(ctx),
        { accountId: row.account_id, competentAuthority: row.competent_authority },
        'Request action',
      );
      // The documents made of it (issue 14), uuid → file name, downloaded through /request-action-file-documents.
      const documents = await db('request_action_file_documents as d')
        .join('files as f', 'f.uuid', 'd.file_uuid')
        .where('d.request_action_id', row.id)
        .select('f.uuid', 'f.file_name');
      ctx.body = {
        fileDocuments: Object.fromEntries(documents.map((d) => [d.uuid, d.file_name])),
        id: Number(row.id),
        type: row.type,
        payload: row.payload,
        submitter: row.submitter,
        submitterId: row.submitter_id,
        requestId: row.request_id,
        requestType: row.request_type,
        requestAccountId: row.account_id,
        creationDate: row.created_at,
      };
    },
  },
];
