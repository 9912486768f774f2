// Who may call the files area's routes (read by api/route-access.test.ts). The prepared request is
// on account A (England) with an operator task (action plan submit, assigned to A's administrator)
// holding one attachment, and an operator's note on the request holding one file.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/db';
import type { AccessExpectation, World } from '../route-access';
import { loadConfig } from '../../infra/config';
import { issueFileToken } from '../../api/files/tokens';

async function storeFile(db: Db, fields: Record<string, unknown>): Promise<string> {
  const uuid = randomUUID();
  const content = Buffer.from('Prepared file\n');
  await db('files').insert({
    uuid,
    file_name: 'prepared.txt',
    content_type: 'text/plain',
    size: content.length,
    content,
    status: 'SUBMITTED',
    ...fields,
  });
  return uuid;
}

async function prepare(db: Db, w: World): Promise<Record<string, string | number>> {
  const requestId = `FX${randomUUID().slice(0, 12)}`;
  await db('requests').insert({
    id: requestId,
    type: 'ACTION_PLAN_P3',
    status: 'IN_PROGRESS',
    account_id: w.accountA,
    competent_authority: 'ENGLAND',
  });
  const attachment = await storeFile(db, { kind: 'ATTACHMENT', request_id: requestId, account_id: w.accountA });
  const [task] = await db('request_tasks')
    .insert({
      request_id: requestId,
      type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
      assignee: w.users.adminOfA.id,
      account_id: w.accountA,
      competent_authority: 'ENGLAND',
      payload: JSON.stringify({ attachments: { [attachment]: 'prepared.txt' } }),
    })
    .returning('id');
  const noteFile = await storeFile(db, {
    kind: 'NOTE',
    request_id: requestId,
    account_id: w.accountA,
    created_by: w.users.adminOfA.id,
  });
  const [note] = await db('request_notes')
    .insert({
      request_id: requestId,
      payload: JSON.stringify({ note: 'Prepared note', files: { [noteFile]: 'prepared.txt' } }),
      submitter_id: w.users.adminOfA.id,
      submitter: 'Test User',
      role_type: 'OPERATOR',
    })
    .returning('id');
  return { requestId, taskId: Number(task.id), attachment, noteFile, noteId: Number(note.id) };
}

/** A stored file of this kind and a token for it (note tokens are given to A's administrator). */
const tokenFor = (kind: 'ATTACHMENT' | 'DOCUMENT' | 'NOTE') => async (db: Db, w: World) => {
  const uuid = await storeFile(db, { kind });
  const { token } = await issueFileToken(
    { config: loadConfig(), db },
    { uuid, kind, ...(kind === 'NOTE' ? { userId: w.users.adminOfA.id } : {}) },
  );
  return { token };
};

// Anyone with an authority on account A, or in its CA (England); for other operators and
// regulators it does not exist; verifiers have no notes at all.
const onRequest: AccessExpectation['expect'] = [401, 200, 200, 404, 200, 404, 200, 403];
// Past the access rule to a body that fails validation.
const onRequestBadBody: AccessExpectation['expect'] = [401, 400, 400, 404, 400, 404, 400, 403];
// An operator's note: operators of A may change it, England's regulators see it but it is not of
// their role type, and for everyone else it does not exist.
const operatorsOfA = (ok: number): AccessExpectation['expect'] => [401, ok, ok, 404, 403, 404, 403, 403];

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v1.0/request-notes': { prepare, url: (_w, p) => `/api/v1.0/request-notes?requestId=${p.requestId}&page=0&size=10`, expect: onRequest },
  'POST /v1.0/request-notes': { url: () => '/api/v1.0/request-notes', body: {}, expect: [401, 400, 400, 400, 400, 400, 400, 403] },
  'GET /v1.0/request-notes/:requestId/files': { prepare, url: (_w, p) => `/api/v1.0/request-notes/${p.requestId}/files?uuid=${p.noteFile}`, expect: onRequest },
  'POST /v1.0/request-notes/upload/request/:requestId': { prepare, url: (_w, p) => `/api/v1.0/request-notes/upload/request/${p.requestId}`, multipart: true, expect: onRequestBadBody },
  'GET /v1.0/request-notes/:id': { prepare, url: (_w, p) => `/api/v1.0/request-notes/${p.noteId}`, expect: onRequest },
  'PUT /v1.0/request-notes/:id': { prepare, url: (_w, p) => `/api/v1.0/request-notes/${p.noteId}`, body: {}, expect: operatorsOfA(400) },
  'DELETE /v1.0/request-notes/:id': { prepare, url: (_w, p) => `/api/v1.0/request-notes/${p.noteId}`, expect: operatorsOfA(204) },

  // The details part is missing: every signed-in caller gets that 400 before the task is looked up.
  'POST /v1.0/task-attachments/upload': { url: () => '/api/v1.0/task-attachments/upload', multipart: true, expect: [401, 400, 400, 400, 400, 400, 400, 400] },
  // Only A's administrator may view the action plan task.
  'GET /v1.0/task-attachments/:id': { prepare, url: (_w, p) => `/api/v1.0/task-attachments/${p.taskId}?attachmentUuid=${p.attachment}`, expect: [401, 200, 403, 404, 403, 404, 403, 404] },

  // The token is the permission.
  'GET /v1.0/file-attachments/:token': { prepare: tokenFor('ATTACHMENT'), url: (_w, p) => `/api/v1.0/file-attachments/${p.token}`, expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /v1.0/file-documents/:token': { prepare: tokenFor('DOCUMENT'), url: (_w, p) => `/api/v1.0/file-documents/${p.token}`, expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  // Signed in, and only by the user the token was given to.
  'GET /v1.0/file-notes/:token': { prepare: tokenFor('NOTE'), url: (_w, p) => `/api/v1.0/file-notes/${p.token}`, expect: [401, 200, 400, 400, 400, 400, 400, 400] },

  // Templates hold no data: anyone signed in.
  'GET /v1.0/templates/:name': { url: () => '/api/v1.0/templates/action-plan', expect: [401, 200, 200, 200, 200, 200, 200, 200] },
};
