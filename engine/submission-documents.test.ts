// The document step on a real Temporal dev server, database and API: a submitted notification has
// exactly one PDF of what was submitted, kept as its request action's document, however often the
// activity runs (retried, or twice at once); it is e-mailed, attached, to the submitter and the
// primary contact (delivered to a real SMTP peer); and only those who may see the request can get
// a download token for it.
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { createDocumentActivities } from '../activities/documents';
import { createEmailActivities } from '../activities/email';
import { createMailer } from '../infra/mailer';
import { startSmtpPeer } from '../test/smtp-peer';
import { pdfText } from '../test/pdf-text';
import { callAs, type EngineHarness, useEngineHarness } from '../test/workflows/harness';
import { submitNotification } from '../test/workflows/notification';

let h: EngineHarness;
useEngineHarness((started) => (h = started));

const ACTION = 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED';

interface Cast {
  account: TestAccount;
  admin: TestUser;
  primary: TestUser;
  regulator: TestUser;
  otherOperator: TestUser;
  welsh: TestUser;
}

async function cast(): Promise<Cast> {
  const [account, other] = await Promise.all([createAccount(h.db), createAccount(h.db)]);
  const [admin, primary, regulator, otherOperator, welsh] = await Promise.all([
    createUser(h.db, { firstName: 'Ada', lastName: 'Submitter' }),
    createUser(h.db, { firstName: 'Pat', lastName: 'Primary' }),
    createUser(h.db),
    createUser(h.db),
    createUser(h.db),
  ]);
  await grantOperator(h.db, admin, account, 'operator_admin');
  await grantOperator(h.db, primary, account, 'operator');
  await grantOperator(h.db, otherOperator, other, 'operator_admin');
  await grantRegulator(h.db, regulator, 'ENGLAND');
  await grantRegulator(h.db, welsh, 'WALES');
  await h.db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: primary.id });
  return { account, admin, primary, regulator, otherOperator, welsh };
}

const documentsOf = (requestId: string) =>
  h
    .db('request_action_file_documents as d')
    .join('files as f', 'f.uuid', 'd.file_uuid')
    .where('d.request_id', requestId)
    .select('d.*', 'f.file_name', 'f.kind', 'f.content', 'f.content_type');
const documentMails = (requestId: string) =>
  h.db('email_outbox').where({ template: 'SubmissionDocument' }).whereLike('subject', `%${requestId}%`).orderBy('id');

let c: Cast;
let requestId: string;

beforeAll(async () => {
  c = await cast();
  requestId = await submitNotification(h, c.admin, c.account);
}, 60_000);

it('keeps one PDF of the submitted notification as its request action document', async () => {
  const docs = await documentsOf(requestId);
  expect(docs).toHaveLength(1);
  const action = await h.db('request_actions').where({ request_id: requestId, type: ACTION }).first();
  expect(Number(docs[0].request_action_id)).toBe(Number(action.id));
  expect(docs[0]).toMatchObject({
    kind: 'DOCUMENT',
    content_type: 'application/pdf',
    file_name: `${requestId} Phase 3 Notification.pdf`,
  });
  const text = (await pdfText(docs[0].content)).text.replace(/\s+/g, ' ');
  expect(text).toContain(`Reference number ${requestId}`);
  expect(text).toContain('Submitted by Ada Submitter');
  expect(text).toContain('Reporting obligation');
  expect(text).toContain('Not a large undertaking on the qualification date');
});

it('leaves exactly one document and one set of e-mails when the activity is retried, or runs twice at once', async () => {
  const before = await documentsOf(requestId);
  const mailsBefore = await documentMails(requestId);
  const acts = createDocumentActivities({ db: h.db });
  const again = await acts.fileSubmissionDocument({ requestId, actionType: ACTION });
  const concurrent = await Promise.all([
    acts.fileSubmissionDocument({ requestId, actionType: ACTION }),
    acts.fileSubmissionDocument({ requestId, actionType: ACTION }),
  ]);
  expect([again, ...concurrent].map((d) => d?.fileUuid)).toEqual([
    before[0].file_uuid,
    before[0].file_uuid,
    before[0].file_uuid,
  ]);
  expect(await documentsOf(requestId)).toHaveLength(1);
  expect(await h.db('files').where({ request_id: requestId, kind: 'DOCUMENT' })).toHaveLength(1);
  expect(await documentMails(requestId)).toHaveLength(mailsBefore.length);
});

it('e-mails the document to the submitter and the primary contact, attached by reference, and the peer receives the PDF', async () => {
  const [doc] = await documentsOf(requestId);
  const mails = await documentMails(requestId);
  expect(mails.map((m) => m.to_address).sort()).toEqual([c.admin.email, c.primary.email].sort());
  for (const m of mails) expect(m.attachments).toEqual([doc.file_uuid]);
  const smtp = await startSmtpPeer();
  try {
    const email = createEmailActivities({
      db: h.db,
      mailer: createMailer(smtp.url, 'ESOS <no-reply@esos.test>'),
      domain: 'esos.test',
    });
    await h
      .db('email_outbox')
      .whereIn(
        'id',
        mails.map((m) => m.id),
      )
      .update({ next_attempt_at: h.db.raw("now() - interval '1 hour'") });
    for (let i = 0; i < 10 && !(await documentMails(requestId)).every((m) => m.status === 'SENT'); i++)
      await email.deliverDueEmails(50);
    // The document's e-mails by their Message-ID (`<outbox-{id}@…>`): the authority's own notice of the submission is delivered in the same pass.
    const received = smtp.received.filter((m) => mails.some((mail) => m.raw.includes(`<outbox-${mail.id}@esos.test>`)));
    expect(received.map((m) => m.to[0]).sort()).toEqual([c.admin.email, c.primary.email].sort());
    const raw = received[0]!.raw;
    expect(raw).toMatch(/Content-Type: application\/pdf;?\s*name=/);
    expect(raw).toContain('Content-Disposition: attachment');
    // The attachment's bytes are the stored document's.
    const base64 = raw
      .split(/Content-Disposition: attachment[^\n]*\n(?:[^\n]+\n)*?\r?\n/)[1]!
      .split(/\r?\n--/)[0]!
      .replace(/\s+/g, '');
    expect(Buffer.from(base64, 'base64').equals(doc.content)).toBe(true);
  } finally {
    await smtp.close();
  }
});

it('gives a one-minute download token to the account’s operators and its regulators, and the same 404 to others as for a missing action', async () => {
  const [doc] = await documentsOf(requestId);
  const url = `/request-action-file-documents/${doc.request_action_id}?fileDocumentUuid=${doc.file_uuid}`;
  for (const user of [c.admin, c.primary, c.regulator]) {
    const res = await callAs(h.api, user, url);
    expect(res.status).toBe(200);
    expect(res.body.tokenExpirationMinutes).toBe(1);
  }
  const { body } = await callAs(h.api, c.primary, url);
  const download = await fetch(`${h.api.url}/api/v1.0/file-documents/${body.token}`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await download.arrayBuffer()).equals(doc.content)).toBe(true);

  const missing = await callAs(
    h.api,
    c.admin,
    `/request-action-file-documents/999999999?fileDocumentUuid=${doc.file_uuid}`,
  );
  for (const user of [c.otherOperator, c.welsh]) {
    const refused = await callAs(h.api, user, url);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ ...missing.body });
  }
  // A document of another action, or no uuid at all.
  const other = await callAs(
    h.api,
    c.admin,
    `/request-action-file-documents/${doc.request_action_id}?fileDocumentUuid=00000000-0000-4000-8000-000000000000`,
  );
  expect(other.status).toBe(404);
  expect((await callAs(h.api, c.admin, `/request-action-file-documents/${doc.request_action_id}`)).status).toBe(400);
  expect(
    (await callAs(h.api, c.admin, `/request-action-file-documents/${doc.request_action_id}?fileDocumentUuid=x`)).status,
  ).toBe(400);
});

it('names the document on the submitted timeline entry', async () => {
  const [doc] = await documentsOf(requestId);
  const res = await callAs(h.api, c.regulator, `/request-actions/${doc.request_action_id}`);
  expect(res.body.fileDocuments).toEqual({ [doc.file_uuid]: doc.file_name });
});

it('lists the account’s requests filtered by type and status, and refuses an unknown one with 400', async () => {
  const search = (criteria: Record<string, unknown>) =>
    callAs(h.api, c.regulator, '/requests/workflows', {
      method: 'POST',
      body: { accountId: c.account.id, paging: { pageNumber: 0, pageSize: 10 }, ...criteria },
    });
  const ids = async (criteria: Record<string, unknown>) =>
    ((await search(criteria)).body.requestDetails as { id: string }[]).map((r) => r.id);
  expect(await ids({ requestTypes: ['NOTIFICATION_OF_COMPLIANCE_P3'], requestStatuses: ['COMPLETED'] })).toEqual([
    requestId,
  ]);
  expect(await ids({ requestTypes: ['ACTION_PLAN_P3'] })).toEqual([]);
  expect(await ids({ requestStatuses: ['IN_PROGRESS'] })).toEqual([]);
  expect(await ids({ requestTypes: [], requestStatuses: [] })).toContain(requestId);
  const bad = await search({ requestTypes: ['NOT_A_TYPE'] });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toContain('requestTypes must be request types');
  expect((await search({ requestStatuses: 'COMPLETED' })).status).toBe(400);
});

it('documents an account closure with its reason, e-mailed to the regulator who closed it and the primary contact', async () => {
  const cast2 = await cast();
  const started = await callAs(h.api, cast2.regulator, `/requests?accountId=${cast2.account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: 'ACCOUNT_CLOSURE' },
  });
  expect(started.status).toBe(201);
  const closureId = started.body.requestId as string;
  const submitted = await callAs(h.api, cast2.regulator, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: started.body.tasks[0].taskId,
      requestTaskActionType: 'ACCOUNT_CLOSURE_SUBMIT_APPLICATION',
      requestTaskActionPayload: { accountClosure: { reason: 'The organisation has been dissolved' } },
    },
  });
  expect(submitted.body).toMatchObject({ requestStatus: 'COMPLETED' });
  const docs = await documentsOf(closureId);
  expect(docs.map((d) => d.file_name)).toEqual([`${closureId} Account closure.pdf`]);
  const text = (await pdfText(docs[0].content)).text.replace(/\s+/g, ' ');
  expect(text).toContain(`Reference number ${closureId}`);
  expect(text).toContain('Reason for closing the account The organisation has been dissolved');
  expect((await documentMails(closureId)).map((m) => m.to_address).sort()).toEqual(
    [cast2.regulator.email, cast2.primary.email].sort(),
  );
});
