// A page process is its folder plus two registry lines: the test-only site visit
// (test/processes/site-visit/: its definition, its program and its page; registered by a line in
// test/processes/index.ts and one in test/workflows/index.ts) is started and acted on through the
// API on a real Temporal dev server, and gets its task, its refusal, its timeline entry, its document
// (with the file name's word its definition gives) and the e-mail carrying it (with its words) with
// no product file naming it. Its page: web/pages/task/page-process.test.tsx.
import {
  FINDINGS_REQUIRED,
  SITE_VISIT,
  SITE_VISIT_RECORD,
  SUBMIT_SITE_VISIT,
  siteVisitProcess,
} from '../test/processes';
import { requestIdOf, taskTypeLabel } from './';
import { createAccount, createUser, grantOperator } from '../test/factories';
import { pdfText } from '../test/pdf-text';
import { callAs, type EngineHarness, useEngineHarness } from '../test/workflows/harness';

let h: EngineHarness;
useEngineHarness((started) => (h = started));

it('starts, shows its task, refuses and takes its action, records its timeline entry, files and e-mails its document', async () => {
  const account = await createAccount(h.db, { competentAuthority: 'WALES', name: `Site Visit Ltd ${Date.now()}` });
  const operator = await createUser(h.db, { firstName: 'Olu', lastName: 'Operator' });
  await grantOperator(h.db, operator, account, 'operator_admin');

  const started = await callAs(h.api, operator, `/requests?accountId=${account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: SITE_VISIT },
  });
  expect(started.status).toBe(201);
  const requestId = requestIdOf(siteVisitProcess, account.id);
  expect(started.body.requestId).toBe(requestId);
  const task = await h.db('request_tasks').where({ request_id: requestId }).first('id', 'type');
  expect(task.type).toBe(SITE_VISIT_RECORD);
  expect(taskTypeLabel(SITE_VISIT_RECORD)).toBe('Record the site visit');
  const view = await callAs(h.api, operator, `/tasks/${task.id}`);
  expect(view.status).toBe(200);
  expect(view.body.allowedRequestTaskActions).toEqual([SUBMIT_SITE_VISIT]);

  const act = (payload: unknown) =>
    callAs(h.api, operator, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: Number(task.id),
        requestTaskActionType: SUBMIT_SITE_VISIT,
        requestTaskActionPayload: payload,
      },
    });
  const refused = await act({ findings: '  ' });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body)).toContain(FINDINGS_REQUIRED);
  expect((await act({ findings: 'Two boilers past their service date' })).status).toBe(200);

  // The timeline entry, with its label, from the definition.
  const timeline = await callAs(h.api, operator, `/request-actions?requestId=${requestId}`);
  expect(timeline.status).toBe(200);
  expect(timeline.body).toEqual(
    expect.arrayContaining([expect.objectContaining({ type: 'TEST_SITE_VISIT_RECORDED', submitter: 'Olu Operator' })]),
  );

  // Its document: the file name's word and the PDF's words from the definition.
  const [document] = await h.db('request_action_file_documents').where({ request_id: requestId });
  expect(document).toBeDefined();
  const file = await h.db('files').where({ uuid: document.file_uuid }).first('content', 'file_name');
  expect(file.file_name).toBe(`${requestId} Site visit record.pdf`);
  const text = (await pdfText(file.content)).text.replace(/\s+/g, ' ');
  expect(text).toContain('Visit recorded');
  expect(text).toContain('What you found');
  expect(text).toContain('Two boilers past their service date');

  // The e-mail that carries it, in its words.
  const receipts = await h
    .db('email_outbox')
    .where({ template: 'SubmissionDocument' })
    .whereLike('subject', `%${requestId}%`);
  expect(receipts.map((m) => [m.to_address, m.attachments])).toEqual([[operator.email, [document.file_uuid]]]);
  expect(receipts[0].body_text).toContain(`Attached is a copy of the record of your site visit`);
});
