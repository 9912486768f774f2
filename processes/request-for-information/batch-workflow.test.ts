// A request for information sent to a compliance list of 20 organisations on a real Temporal dev
// server, its worker the real worker.ts in a process of its own: the worker is SIGKILLed after ten
// requests were started (the eleventh organisation's step waits on a lock this test holds) and one
// account is closed meanwhile; a new worker finishes the batch, and each live organisation has
// exactly one request, sent with the questions, its administrators' response task open. A second
// batch of the same list starts nothing (a request is open at each); once those have ended, four
// batches sent at the same time start one request at each organisation between them (issue 40).
// And who may not send one, or sends a bad one, is refused.
import type { Client } from '@temporalio/client';
import '../';
import { createUser, grantRegulator } from '../../test/factories';
import { maybeRecordHistory } from '../../test/workflows/harness';
import { RFI, RFI_RESPONSE } from './codes';
import { DEADLINE_IN_FUTURE } from './request';
import { rfiBatchWorkflowId, type RfiBatchCheck, type RfiBatchProgress } from './batch';
import { complianceBatchHarness, waitFor } from '../../test/compliance-batch';
import { inDays } from '../../test/rfi';

jest.setTimeout(300_000);

const batch = complianceBatchHarness('rfi-batch', 'Rfico', { firstName: 'Rhodri', lastName: 'Requester' });
const { list, call } = batch;

const questions = 'Why has your action plan not been submitted?';

const finished = (id: number) =>
  waitFor(`batch ${id} to finish`, async () => {
    const p = (await call(`/rfi-batches/${id}`)).body as RfiBatchProgress;
    return p.done ? p : undefined;
  });

it('starts exactly one request at each live organisation though the worker is killed half-way', async () => {
  const { db } = batch.api.deps;
  const check = (await call(`/rfi-batches/check?${new URLSearchParams(list)}`)).body as RfiBatchCheck;
  expect(check.count).toBe(20);
  const twenty = check.organisations.map((o) => o.accountId);

  // The eleventh organisation's step waits on its lock, which this test holds, after the first ten.
  const held = await db.transaction();
  await held.raw('select pg_advisory_xact_lock(hashtext(?), ?)', ['rfi_request_ids', twenty[10]]);
  let batchId: number;
  try {
    batch.worker.start();
    const started = await call('/rfi-batches', {
      method: 'POST',
      body: { list, questions, deadline: inDays(30), expected: 20 },
    });
    expect(started.status).toBe(201);
    batchId = started.body.id;
    await waitFor(
      'ten requests started',
      async () =>
        (await db('rfi_batch_requests').where({ batch_id: batchId, status: 'STARTED' }).count({ n: '*' }).first())!
          .n === '10',
    );
    expect((await batch.env.client.workflow.getHandle(rfiBatchWorkflowId(batchId)).describe()).type).toBe('rfiBatch');
    const progress = (await call(`/rfi-batches/${batchId}`)).body as RfiBatchProgress;
    expect(progress).toMatchObject({ total: 20, done: false, counts: { STARTED: 10, PENDING: 10 } });
    batch.worker.kill();
    // The fifteenth organisation's account is closed before its turn: it is reported, not asked.
    await db('accounts').where({ id: twenty[14] }).update({ status: 'CLOSED' });
  } finally {
    await held.rollback();
  }
  batch.worker.start();
  const done = await finished(batchId);
  expect(done.counts).toEqual({ STARTED: 19, NOT_LIVE: 1, ALREADY_OPEN: 0, NOT_STARTED: 0, PENDING: 0 });
  expect(done.organisations.find((o) => o.accountId === twenty[14])).toMatchObject({
    outcome: 'NOT_LIVE',
    requestId: null,
  });
  expect(done).toMatchObject({ questions, reportName: 'Action Plan' });

  // Exactly one request at each live organisation, sent at once with the questions, in the regulator's name.
  const requests = await db('requests').whereIn('account_id', twenty).where({ type: RFI }).select('id', 'account_id');
  expect(requests.map((r) => r.account_id).sort()).toEqual(twenty.filter((id) => id !== twenty[14]).sort());
  expect(
    done.organisations
      .filter((o) => o.outcome === 'STARTED')
      .map((o) => o.requestId)
      .sort(),
  ).toEqual(requests.map((r) => r.id).sort());
  await waitFor(
    'every response task',
    async () =>
      (await db('request_tasks')
        .whereIn(
          'request_id',
          requests.map((r) => r.id),
        )
        .where({ type: RFI_RESPONSE })
        .count({ n: '*' })
        .first())!.n === '19',
  );
  const sent = await db('request_actions')
    .whereIn(
      'request_id',
      requests.map((r) => r.id),
    )
    .where({ type: 'RFI_SUBMITTED' })
    .select('payload', 'submitter');
  expect(sent).toHaveLength(19);
  expect(sent.every((s) => s.payload.questions === questions && s.submitter === 'Rhodri Requester')).toBe(true);
  // Their histories (the batch's, killed half-way; a request sent at once) are replayed by workflows/request-replay.test.ts.
  await maybeRecordHistory(batch.env.client as Client, rfiBatchWorkflowId(batchId), 'rfiBatch-worker-killed');
  await maybeRecordHistory(batch.env.client as Client, requests[0].id, 'requestForInformation-preset');

  // A second batch of the same list starts nothing: each live organisation has a request open.
  const again = await call('/rfi-batches', {
    method: 'POST',
    body: { list, questions, deadline: inDays(30), expected: 19 },
  });
  expect(again.status).toBe(201);
  const second = await finished(again.body.id);
  expect(second.counts).toEqual({ STARTED: 0, NOT_LIVE: 0, ALREADY_OPEN: 19, NOT_STARTED: 0, PENDING: 0 });
  expect(await db('requests').whereIn('account_id', twenty).where({ type: RFI }).count({ n: '*' }).first()).toEqual({
    n: '19',
  });

  // Those requests ended: four batches of the same list sent at once (a double-click, a retry) start
  // one new request at each organisation between them, not four.
  await db('requests').whereIn('account_id', twenty).where({ type: RFI }).update({ status: 'CANCELLED' });
  const four = await Promise.all(
    [1, 2, 3, 4].map(() =>
      call('/rfi-batches', { method: 'POST', body: { list, questions, deadline: inDays(30), expected: 19 } }),
    ),
  );
  expect(four.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  const outcomes = await Promise.all(four.map((r) => finished(r.body.id)));
  const total = (key: 'STARTED' | 'ALREADY_OPEN') => outcomes.reduce((n, o) => n + o.counts[key], 0);
  expect([total('STARTED'), total('ALREADY_OPEN')]).toEqual([19, 57]);
  const open = await db('requests')
    .whereIn('account_id', twenty)
    .where({ type: RFI, status: 'IN_PROGRESS' })
    .select('account_id');
  expect(open.map((r) => r.account_id).sort()).toEqual(twenty.filter((id) => id !== twenty[14]).sort());
});

it('refuses bad input, a changed list, and another authority', async () => {
  const bad = await call('/rfi-batches', {
    method: 'POST',
    body: { list, questions, deadline: inDays(0), expected: 19 },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe(DEADLINE_IN_FUTURE);
  expect(
    (await call('/rfi-batches', { method: 'POST', body: { list, questions: '', deadline: inDays(5), expected: 19 } }))
      .status,
  ).toBe(400);
  expect(
    (
      await call('/rfi-batches', {
        method: 'POST',
        body: { list: { ...list, state: 'LATE' }, questions, deadline: inDays(5), expected: 19 },
      })
    ).status,
  ).toBe(400);
  const stale = await call('/rfi-batches', {
    method: 'POST',
    body: { list, questions, deadline: inDays(5), expected: 20 },
  });
  expect(stale.status).toBe(409);
  expect(stale.body.message).toBe(
    'The list has changed since you checked it. Check who will be sent the request again.',
  );
  expect((await call('/rfi-batches/abc')).status).toBe(400);

  // A regulator of England sees none of the Welsh organisations, nor the Welsh batches.
  const english = await createUser(batch.api.deps.db);
  await grantRegulator(batch.api.deps.db, english, 'ENGLAND');
  expect(
    ((await call(`/rfi-batches/check?${new URLSearchParams(list)}`, { as: english })).body as RfiBatchCheck).count,
  ).toBe(0);
  const welsh = await batch.api.deps
    .db('rfi_batches')
    .where({ competent_authority: 'WALES' })
    .orderBy('id', 'desc')
    .first('id');
  expect((await call(`/rfi-batches/${welsh.id}`, { as: english })).status).toBe(404);
  // A regulator without the permission to send one is refused.
  const without = await createUser(batch.api.deps.db);
  await grantRegulator(batch.api.deps.db, without, 'WALES', ['PERM_TASK_ASSIGNMENT']);
  expect((await call(`/rfi-batches/check?${new URLSearchParams(list)}`, { as: without })).status).toBe(403);
  expect(
    (
      await call('/rfi-batches', {
        method: 'POST',
        body: { list, questions, deadline: inDays(5), expected: 19 },
        as: without,
      })
    ).status,
  ).toBe(403);
});
