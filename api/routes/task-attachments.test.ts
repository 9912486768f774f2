// Task attachments: the assignee uploads to their task (the file lands in the payload's attachments
// map), viewers get a token, and the file downloads without sign-in by that token.
import { randomUUID } from 'node:crypto';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createAccount, createUser, grantOperator, grantRegulator, type TestUser } from '../../test/factories';
import { formWith, samples } from '../../test/sample-files';
import { EICAR_TEST_STRING } from '../../infra/local-clamd';
import { createRequestActivities } from '../../activities/requests';

let api: ApiHarness;
let admin: TestUser;
let secondAdmin: TestUser;
let restricted: TestUser;
let regulator: TestUser;
let taskId: number;
const ACTION = 'ACTION_PLAN_P3_UPLOAD_ATTACHMENT';

beforeAll(async () => {
  // The run's clamd: its signatures include the EICAR test file.
  api = await startApi({ verifyToken: verifyTestToken });
  const { db } = api.deps;
  const account = await createAccount(db);
  [admin, secondAdmin, restricted, regulator] = await Promise.all(
    ['Ada', 'Bea', 'Cal', 'Reg'].map((firstName) => createUser(db, { firstName })),
  );
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, secondAdmin, account, 'operator_admin');
  await grantOperator(db, restricted, account, 'operator');
  await grantRegulator(db, regulator, 'ENGLAND');
  const requestId = `TA${randomUUID().slice(0, 12)}`;
  await db('requests').insert({
    id: requestId,
    type: 'ACTION_PLAN_P3',
    status: 'IN_PROGRESS',
    account_id: account.id,
    competent_authority: 'ENGLAND',
  });
  const [task] = await db('request_tasks')
    .insert({
      request_id: requestId,
      type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
      assignee: admin.id,
      account_id: account.id,
      competent_authority: 'ENGLAND',
      payload: JSON.stringify({ actionPlan: { measures: [] } }),
    })
    .returning('id');
  taskId = Number(task.id);
});
afterAll(() => api.close());

const details = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    requestTaskId: taskId,
    requestTaskActionType: ACTION,
    requestTaskActionPayload: { payloadType: ACTION },
    ...overrides,
  });
const upload = async (
  user: TestUser,
  file: { name: string; data: Buffer | string } | null,
  detailsPart: string | null = details(),
) =>
  api.request('/api/v1.0/task-attachments/upload', {
    method: 'POST',
    headers: await bearer(user),
    body: formWith(
      file && { ...file, field: 'attachment' },
      detailsPart === null ? {} : { requestTaskActionDetails: detailsPart },
    ),
  });
const task = () => api.deps.db('request_tasks').where({ id: taskId }).first('payload', 'version');
const tokenFor = async (user: TestUser, uuid: string) =>
  api.request(`/api/v1.0/task-attachments/${taskId}?attachmentUuid=${uuid}`, { headers: await bearer(user) });

it('the assignee uploads files; each is recorded in the task payload and the version moves on', async () => {
  const before = await task();
  const res = await upload(admin, { name: 'Evidence.pdf', data: samples.pdf() });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ uuid: expect.any(String), version: before.version + 1 });
  const after = await task();
  expect(after.payload).toEqual({ actionPlan: { measures: [] }, attachments: { [res.body.uuid]: 'Evidence.pdf' } });
  expect(
    await api.deps
      .db('files')
      .where({ uuid: res.body.uuid })
      .first('kind', 'status', 'request_task_id', 'content_type'),
  ).toEqual({
    kind: 'ATTACHMENT',
    status: 'PENDING',
    request_task_id: String(taskId),
    content_type: 'application/pdf',
  });
});

it('uploads sent at the same time all land in the map', async () => {
  const results = await Promise.all(
    ['a.txt', 'b.csv', 'c.docx'].map((name, i) =>
      upload(admin, { name, data: [samples.txt(), samples.csv(), samples.docx()][i] }),
    ),
  );
  expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
  const { payload } = await task();
  for (const r of results) expect(Object.keys(payload.attachments)).toContain(r.body.uuid);
  expect(Object.values(payload.attachments)).toEqual(expect.arrayContaining(['a.txt', 'b.csv', 'c.docx']));
});

it('a viewer of the task gets a token; the file downloads by it without signing in', async () => {
  const docx = samples.docx();
  const { body } = await upload(admin, { name: 'Plan.docx', data: docx });
  const token = await tokenFor(admin, body.uuid);
  expect(token.body).toEqual({ token: expect.any(String), tokenExpirationMinutes: 1 });
  const res = await fetch(`${api.url}/api/v1.0/file-attachments/${token.body.token}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Plan.docx"; filename*=UTF-8''Plan.docx`);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(Buffer.from(await res.arrayBuffer()).equals(docx)).toBe(true);
  // The token is not good for the other download URLs.
  expect((await api.request(`/api/v1.0/file-documents/${token.body.token}`)).body).toEqual({
    code: 'TOKEN1001',
    message: 'Invalid Token',
  });
});

it('refuses tokens for files that are not attachments of the task, and callers who cannot view it', async () => {
  const { body } = await upload(admin, { name: 'x.txt', data: 'x\n' });
  expect((await tokenFor(admin, randomUUID())).body).toMatchObject({
    code: 'NOT_FOUND',
    message: 'Attachment not found',
  });
  expect((await tokenFor(admin, 'abc')).body).toMatchObject({
    field: 'attachmentUuid',
    message: 'attachmentUuid must be a file uuid',
  });
  expect(
    (await api.request(`/api/v1.0/task-attachments/${taskId}`, { headers: await bearer(admin) })).body.message,
  ).toBe('Required parameter attachmentUuid was null or undefined');
  expect((await tokenFor(restricted, body.uuid)).status).toBe(403);
  expect((await tokenFor(regulator, body.uuid)).status).toBe(403);
  expect(
    (
      await api.request(`/api/v1.0/task-attachments/999999999?attachmentUuid=${body.uuid}`, {
        headers: await bearer(admin),
      })
    ).status,
  ).toBe(404);
  expect((await api.request(`/api/v1.0/task-attachments/${taskId}?attachmentUuid=${body.uuid}`)).status).toBe(401);
});

it('only the assignee with execute rights may upload, with the upload action of the request type', async () => {
  const file = { name: 'x.txt', data: 'x\n' };
  expect((await upload(secondAdmin, file)).body).toEqual({
    code: 'REQUEST_TASK_ACTION1001',
    message: 'User is not the assignee of the request task',
  });
  expect((await upload(restricted, file)).status).toBe(403);
  expect((await upload(regulator, file)).status).toBe(403);
  expect(
    (await upload(admin, file, details({ requestTaskActionType: 'ACTION_PLAN_P3_SAVE_APPLICATION' }))).body,
  ).toMatchObject({
    code: 'BAD_REQUEST',
    message: 'Request task action cannot proceed',
  });
  expect((await upload(admin, file, details({ requestTaskId: 999999999 }))).status).toBe(404);
  const anonymous = await api.request('/api/v1.0/task-attachments/upload', {
    method: 'POST',
    body: formWith({ ...file, field: 'attachment' }, { requestTaskActionDetails: details() }),
  });
  expect(anonymous.status).toBe(401);
});

it('answers 400 with a clear message for a malformed upload, and stores nothing', async () => {
  const before = await task();
  const cases: [Parameters<typeof upload>[1], string | null, string][] = [
    [{ name: 'x.txt', data: 'x' }, null, 'Required parameter requestTaskActionDetails was null or undefined'],
    [{ name: 'x.txt', data: 'x' }, '{not json', 'The part requestTaskActionDetails is not valid JSON'],
    [{ name: 'x.txt', data: 'x' }, '[]', 'requestTaskActionDetails must be a JSON object'],
    [
      { name: 'x.txt', data: 'x' },
      details({ requestTaskId: undefined }),
      'Required parameter requestTaskId was null or undefined',
    ],
    [{ name: 'x.txt', data: 'x' }, details({ requestTaskId: 'one' }), 'requestTaskId: requestTaskId must be a number'],
    [null, details(), 'Required parameter attachment was null or undefined'],
    [{ name: 'photo.jpg', data: samples.png() }, details(), 'The content of the selected file is not a valid JPG file'],
    [{ name: 'eicar.txt', data: EICAR_TEST_STRING }, details(), 'The selected file contains a virus'],
  ];
  for (const [file, part, message] of cases) {
    const res = await upload(admin, file, part);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
  }
  expect(await task()).toEqual(before);
});

it('refuses uploads to a task that has been completed', async () => {
  const [done] = await api.deps
    .db('request_tasks')
    .insert({
      request_id: (await api.deps.db('request_tasks').where({ id: taskId }).first('request_id')).request_id,
      type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
      assignee: admin.id,
    })
    .returning('id');
  await api.deps.db('request_tasks').where({ id: done.id }).delete();
  const res = await upload(admin, { name: 'late.txt', data: 'late\n' }, details({ requestTaskId: Number(done.id) }));
  expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: 'Request task not found' });
});

it('when the task ends, the files its payload still names are SUBMITTED and the ones taken off it are deleted', async () => {
  const { db } = api.deps;
  const { request_id, account_id } = await db('request_tasks').where({ id: taskId }).first('request_id', 'account_id');
  const [row] = await db('request_tasks')
    .insert({
      request_id,
      type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
      assignee: admin.id,
      account_id,
      competent_authority: 'ENGLAND',
      payload: '{}',
    })
    .returning('id');
  const ending = Number(row.id);
  const send = async (name: string) =>
    (await upload(admin, { name, data: `${name}\n` }, details({ requestTaskId: ending }))).body.uuid as string;
  const kept = await send('kept.txt');
  const dropped = await send('dropped.txt');
  // The operator removes one file from the form before submitting: the payload no longer names it.
  await db('request_tasks')
    .where({ id: ending })
    .update({ payload: JSON.stringify({ attachments: { [kept]: 'kept.txt' } }) });

  await createRequestActivities({ db, homeUrl: 'http://esos.test' }).closeTask({ taskId: ending });

  expect(await db('files').whereIn('uuid', [kept, dropped]).select('uuid', 'status')).toEqual([
    { uuid: kept, status: 'SUBMITTED' },
  ]);
});
