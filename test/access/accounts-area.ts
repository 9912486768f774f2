// Who may call the accounts area's routes (read by api/route-access.test.ts). Accounts A and B are
// in England; the prepared note is an operator's note on account A.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/db';
import type { AccessExpectation, World } from '../route-access';

async function operatorNote(db: Db, w: World): Promise<Record<string, string | number>> {
  const [row] = await db('account_notes')
    .insert({
      account_id: w.accountA,
      payload: JSON.stringify({ note: 'Prepared note', files: {} }),
      submitter_id: w.users.adminOfA.id,
      submitter: 'Test User',
      role_type: 'OPERATOR',
    })
    .returning('id');
  return { noteId: Number(row.id) };
}

async function operatorNoteWithFile(db: Db, w: World): Promise<Record<string, string | number>> {
  const fileUuid = randomUUID();
  const content = Buffer.from('Prepared file\n');
  await db('files').insert({
    uuid: fileUuid,
    kind: 'NOTE',
    file_name: 'prepared.txt',
    content_type: 'text/plain',
    size: content.length,
    content,
    status: 'SUBMITTED',
    account_id: w.accountA,
    created_by: w.users.adminOfA.id,
  });
  await db('account_notes').insert({
    account_id: w.accountA,
    payload: JSON.stringify({ note: 'Prepared note', files: { [fileUuid]: 'prepared.txt' } }),
    submitter_id: w.users.adminOfA.id,
    submitter: 'Test User',
    role_type: 'OPERATOR',
  });
  return { fileUuid };
}

const anyoneSignedIn: AccessExpectation['expect'] = [401, 200, 200, 200, 200, 200, 200, 200];
// Those who can see account A: its operators and England's regulators.
const seesAccountA: AccessExpectation['expect'] = [401, 200, 200, 404, 200, 404, 200, 404];
// Regulators holding PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS, past the access check to a bad body.
const uploaders: AccessExpectation['expect'] = [401, 403, 403, 403, 400, 400, 403, 403];

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  // No company has this number in the local register (its numbers for England and Wales start with 0).
  'GET /v1.0/company-information/:registrationNumber': { url: () => '/api/v1.0/company-information/99999999', expect: [401, 404, 404, 404, 404, 404, 404, 404] },
  'GET /v1.0/organisation/accounts': { url: () => '/api/v1.0/organisation/accounts?page=0&size=10', expect: anyoneSignedIn },
  'GET /v1.0/organisation/accounts/registration-number': { url: () => '/api/v1.0/organisation/accounts/registration-number?reg_nbr=01234567', expect: anyoneSignedIn },
  'GET /v1.0/organisation/account/:id': { url: (w) => `/api/v1.0/organisation/account/${w.accountA}`, expect: seesAccountA },
  // Administrators of A and England's regulators who review accounts get to validation.
  'POST /v1.0/organisation/accounts/:id': { url: (w) => `/api/v1.0/organisation/accounts/${w.accountA}`, body: {}, expect: [401, 400, 403, 404, 400, 404, 403, 403] },
  'POST /v1.0/organisation/account-onboarding': { url: () => '/api/v1.0/organisation/account-onboarding', body: {}, expect: uploaders },
  'GET /v1.0/organisation/account-onboarding/registration-number': { url: () => '/api/v1.0/organisation/account-onboarding/registration-number', expect: anyoneSignedIn },
  'POST /v1.0/organisation/account-onboarding/emails': { url: () => '/api/v1.0/organisation/account-onboarding/emails', body: {}, expect: uploaders },
  'POST /v1.0/organisation/account-onboarding/registration-numbers': { url: () => '/api/v1.0/organisation/account-onboarding/registration-numbers', body: {}, expect: uploaders },

  'GET /v1.0/account-notes': { url: (w) => `/api/v1.0/account-notes?accountId=${w.accountA}&page=0&size=10`, expect: [401, 200, 200, 404, 200, 404, 200, 403] },
  // Restricted users may not write notes; any regulator of the CA may.
  'POST /v1.0/account-notes': { url: () => '/api/v1.0/account-notes', body: { accountId: 0 }, expect: [401, 404, 404, 404, 404, 404, 404, 403] },
  'GET /v1.0/account-notes/:id': { prepare: operatorNote, url: (_w, p) => `/api/v1.0/account-notes/${p.noteId}`, expect: [401, 200, 200, 404, 200, 404, 200, 403] },
  // An operator's note: only A's administrator may change it (regulators see it but it is not theirs).
  'PUT /v1.0/account-notes/:id': { prepare: operatorNote, url: (_w, p) => `/api/v1.0/account-notes/${p.noteId}`, body: {}, expect: [401, 400, 403, 404, 403, 404, 403, 403] },
  'DELETE /v1.0/account-notes/:id': { prepare: operatorNote, url: (_w, p) => `/api/v1.0/account-notes/${p.noteId}`, mutates: true, expect: [401, 204, 403, 404, 403, 404, 403, 403] },
  // A file on an operator's note of A: whoever sees the note gets a token.
  'GET /v1.0/account-notes/:accountId/files': { prepare: operatorNoteWithFile, url: (w, p) => `/api/v1.0/account-notes/${w.accountA}/files?uuid=${p.fileUuid}`, expect: [401, 200, 200, 404, 200, 404, 200, 403] },
  // Those who may write notes on A get past the access rule to the missing file part.
  'POST /v1.0/account-notes/upload/account/:accountId': { url: (w) => `/api/v1.0/account-notes/upload/account/${w.accountA}`, multipart: true, expect: [401, 400, 403, 404, 400, 404, 400, 403] },
};
