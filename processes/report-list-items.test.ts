// One list item saved at a time (domain/reports/list-items.ts), through the real API on a real
// Temporal dev server and database: an action plan's measures added, changed and removed by their
// position, merged into the stored draft with the section's checks and the task's version; and
// the refusals a caller would meet — a stale version, an item that is not there, a bad item, the
// wrong task, someone who is not the assignee.
import { ACTION_PLAN, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN } from './';
import { boiler, led } from '../test/fixtures/measures';
import { callerOf, type EngineHarness, useEngineHarness } from '../test/workflows/harness';
import { submitNotification } from '../test/workflows/notification';
import { reportCast } from '../test/workflows/cast';
import type { TestUser } from '../test/factories';

let h: EngineHarness;
useEngineHarness((started) => (h = started));
const call = callerOf(() => h);

type Task = { id: string; version: number; payload: any };
const taskOf = async (requestId: string) =>
  (await h.db('request_tasks').where({ request_id: requestId, type: ACTION_PLAN_SUBMIT }).first()) as Task;
const act = (user: TestUser, taskId: string | number, payload: unknown, version?: number) =>
  call(user, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: Number(taskId),
      requestTaskActionType: SAVE_ACTION_PLAN,
      requestTaskActionPayload: payload,
      ...(version === undefined ? {} : { version }),
    },
  });
const item = (payload: Record<string, unknown>) => ({
  section: 'energyEfficiencyMeasure',
  list: 'energyEfficiencyMeasures',
  ...payload,
});
const namesOf = async (requestId: string) =>
  (
    (await taskOf(requestId)).payload.report.energyEfficiencyMeasure.energyEfficiencyMeasures as {
      measureName: string;
    }[]
  ).map((m) => m.measureName);

it('adds, changes and removes one measure at a time, and refuses what does not fit', async () => {
  const c = await reportCast(h.db, {
    account: { registrationNumber: `AB${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` },
  });
  await submitNotification(h, c.admin, c.account);
  const started = await call(c.admin, `/requests?accountId=${c.account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: ACTION_PLAN },
  });
  expect(started.status).toBe(201);
  const requestId: string = started.body.requestId;
  let task = await taskOf(requestId);
  const first = await act(
    c.admin,
    task.id,
    {
      section: 'energyEfficiencyMeasure',
      data: { haveEnergyEfficiencyMeasures: true, energyEfficiencyMeasures: [led] },
    },
    task.version,
  );
  expect(first.status).toBe(200);

  // Add: the item alone is sent; the stored measures stay.
  task = await taskOf(requestId);
  const added = await act(c.admin, task.id, item({ data: boiler }), task.version);
  expect(added).toMatchObject({ status: 200, body: { version: task.version + 1 } });
  expect(await namesOf(requestId)).toEqual(['LED lighting', 'Boiler replacement']);

  // Change the second by its position.
  task = await taskOf(requestId);
  expect(
    (await act(c.admin, task.id, item({ item: 1, data: { ...boiler, measureName: 'Heat pumps' } }), task.version))
      .status,
  ).toBe(200);
  expect(await namesOf(requestId)).toEqual(['LED lighting', 'Heat pumps']);

  // A stale version: someone saved since.
  expect((await act(c.admin, task.id, item({ item: 0, data: led }), task.version)).status).toBe(409);

  task = await taskOf(requestId);
  // An item that is not there, a bad item, a list that is not there: 400 with the message, nothing changed.
  const missing = await act(c.admin, task.id, item({ item: 5, data: led }), task.version);
  expect(missing).toMatchObject({
    status: 400,
    body: { code: 'REPORT_SECTION_INVALID', message: 'There is no measure 6 in the list' },
  });
  const nameless = await act(c.admin, task.id, item({ item: 0, data: { ...led, measureName: '' } }), task.version);
  expect(nameless).toMatchObject({
    status: 400,
    body: {
      code: 'REPORT_SECTION_INVALID',
      fields: [
        expect.objectContaining({
          field: 'energyEfficiencyMeasure.energyEfficiencyMeasures.0.measureName',
          message: 'Enter a name for this measure',
        }),
      ],
    },
  });
  expect((await act(c.admin, task.id, item({ list: 'nothing', data: led }), task.version)).body).toMatchObject({
    message: 'There is no such list in this section',
  });
  expect((await act(c.admin, task.id, item({ item: -1, data: led }), task.version)).status).toBe(400);
  expect((await act(c.admin, task.id, item({ item: 0, data: 'text' }), task.version)).status).toBe(400);
  expect((await act(c.admin, task.id, item({ item: 0 }), task.version)).body).toMatchObject({
    message: 'The item answers must be an object',
  });
  expect(await namesOf(requestId)).toEqual(['LED lighting', 'Heat pumps']);

  // Someone who is not the assignee; a task that is not there.
  expect((await act(c.restricted, task.id, item({ item: 0, data: led }), task.version)).status).toBe(403);
  expect((await act(c.admin, 999999999, item({ item: 0, data: led }), task.version)).status).toBe(404);

  // Remove one, then the last: the plan has none until one is added (completing it asks for one).
  expect((await act(c.admin, task.id, item({ item: 0, remove: true }), task.version)).status).toBe(200);
  expect(await namesOf(requestId)).toEqual(['Heat pumps']);
  task = await taskOf(requestId);
  expect((await act(c.admin, task.id, item({ item: 0, remove: true }), task.version)).status).toBe(200);
  task = await taskOf(requestId);
  const stored = task.payload.report.energyEfficiencyMeasure;
  expect(
    (await act(c.admin, task.id, { section: 'energyEfficiencyMeasure', data: stored, complete: true }, task.version))
      .body,
  ).toMatchObject({
    code: 'REPORT_SECTION_INVALID',
    message: 'Add at least one energy efficiency measure',
  });
});
