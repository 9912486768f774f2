// The work-item lists (spec §3 "Task list item"): scoping by the caller's authorities, the three
// lists, paging with the total, the item fields, validation and refusals, and the generic plans the
// list statements run with. All test files share one database: regulators' tasks here start in the
// future, so they come first in their competent authority's lists whatever other files add.
import knex, { type Knex } from 'knex';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import {
  createAccount,
  createTask,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../../test/factories';
import { loadCurrentUser } from '../auth/current-user';
import { workItemPage } from './work-items';
import { closePreparedPool, queryPrepared } from '../../infra/prepared';
import type { WorkItem } from '../../domain/work-items';

let api: ApiHarness;
let db: Knex;
let admin: TestUser;
let colleague: TestUser;
let regulator: TestUser;
let first: TestAccount;
let second: TestAccount;
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
let counter = 0;

function seedTask(fields: {
  type: string;
  requestType: string;
  account: TestAccount;
  assignee: TestUser | null;
  minutesFromNow: number;
  dueInDays?: number;
}): Promise<number> {
  const { minutesFromNow, ...task } = fields;
  return createTask(db, { ...task, requestId: `WI${run}N${++counter}-P3`, startMinutes: minutesFromNow });
}

const ids: Record<string, number[]> = { mine: [], others: [], unassigned: [], restricted: [], regulator: [] };

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  db = api.deps.db;
  // An administrator of the first account who is a restricted user of the second: the second's
  // action-plan tasks are not theirs to see.
  admin = await createUser(db, { firstName: 'Ada', lastName: 'Admin' });
  colleague = await createUser(db, { firstName: '', lastName: `Colleague ${run}` });
  regulator = await createUser(db, { firstName: 'Rex', lastName: 'Regulator' });
  first = await createAccount(db, {
    competentAuthority: 'OPRED',
    registrationNumber: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
  });
  second = await createAccount(db, { competentAuthority: 'OPRED' });
  const elsewhere = await createAccount(db, { competentAuthority: 'WALES' });
  await grantOperator(db, admin, first, 'operator_admin');
  await grantOperator(db, admin, second, 'operator');
  await grantOperator(db, colleague, first, 'operator');
  await grantRegulator(db, regulator, 'OPRED');

  // 12 of the administrator's own, newest first: minutes 0, -1, … -11.
  for (let i = 0; i < 12; i++)
    ids.mine.push(
      await seedTask({
        type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
        requestType: 'ACTION_PLAN_P3',
        account: first,
        assignee: admin,
        minutesFromNow: -i,
        dueInDays: i === 0 ? 3 : i === 1 ? 0 : undefined,
      }),
    );
  ids.others.push(
    await seedTask({
      type: 'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT',
      requestType: 'PROGRESS_UPDATE_1_P3',
      account: first,
      assignee: colleague,
      minutesFromNow: -20,
    }),
  );
  ids.unassigned.push(
    await seedTask({
      type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT',
      requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
      account: first,
      assignee: null,
      minutesFromNow: -30,
    }),
  );
  // On the second account the administrator is a restricted user: notifications yes, action plans no.
  ids.restricted.push(
    await seedTask({
      type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT',
      requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
      account: second,
      assignee: admin,
      minutesFromNow: -40,
    }),
  );
  await seedTask({
    type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
    requestType: 'ACTION_PLAN_P3',
    account: second,
    assignee: admin,
    minutesFromNow: -41,
  });
  // Never the operator's: a regulator's review on their account, and a task on an account not theirs.
  ids.regulator.push(
    await seedTask({
      type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
      requestType: 'ORGANISATION_ACCOUNT_OPENING',
      account: first,
      assignee: null,
      minutesFromNow: 60 * 24 * 365 * 50,
    }),
  );
  ids.regulator.push(
    await seedTask({
      type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
      requestType: 'ORGANISATION_ACCOUNT_OPENING',
      account: second,
      assignee: null,
      minutesFromNow: 60 * 24 * 365 * 50 - 1,
    }),
  );
  await seedTask({
    type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
    requestType: 'ORGANISATION_ACCOUNT_OPENING',
    account: elsewhere,
    assignee: null,
    minutesFromNow: 60 * 24 * 365 * 51,
  });
  await seedTask({
    type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
    requestType: 'ACTION_PLAN_P3',
    account: elsewhere,
    assignee: admin,
    minutesFromNow: 0,
  });
});
afterAll(() => api.close());

const get = async (user: TestUser, path: string) => api.request(`/api/v1.0${path}`, { headers: await bearer(user) });
const listOf = (user: TestUser, list: string, page = 0, size = 10) =>
  get(user, `/ORGANISATION/items/${list}?page=${page}&size=${size}`);
const taskIds = (items: WorkItem[]) => items.map((i) => i.taskId);

it('lists the operator’s own tasks newest first, 10 a page with the total, with the fields of the spec', async () => {
  const page1 = await listOf(admin, 'assigned-to-me');
  expect(page1.status).toBe(200);
  const own = [...ids.mine, ...ids.restricted];
  expect(page1.body.totalItems).toBe(own.length);
  expect(taskIds(page1.body.items)).toEqual(own.slice(0, 10));
  expect(page1.body.items[0]).toEqual({
    taskId: ids.mine[0],
    taskType: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
    taskAssignee: { firstName: 'Ada', lastName: 'Admin' },
    daysRemaining: 3,
    requestId: expect.stringMatching(/^WI.+-P3$/),
    requestType: 'ACTION_PLAN_P3',
    accountId: first.id,
    accountName: first.name,
    accountRegistrationNumber: expect.stringMatching(/^\d{8}$/),
    accountOrganisationId: first.organisationId,
    isNew: true,
  });
  expect(page1.body.items[1].daysRemaining).toBe(0);
  expect(page1.body.items[2].daysRemaining).toBeNull();

  const page2 = await listOf(admin, 'assigned-to-me', 1);
  expect(page2.body).toMatchObject({ totalItems: own.length });
  expect(taskIds(page2.body.items)).toEqual(own.slice(10));
  expect(page2.body.items.at(-1)).toMatchObject({
    taskType: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT',
    accountId: second.id,
    accountRegistrationNumber: null,
  });
  // Past the end: no items, still the total. Another size pages accordingly.
  await expect(listOf(admin, 'assigned-to-me', 5)).resolves.toMatchObject({
    status: 200,
    body: { items: [], totalItems: own.length },
  });
  expect(taskIds((await listOf(admin, 'assigned-to-me', 2, 5)).body.items)).toEqual(own.slice(10, 15));
});

it('lists others’ and unassigned tasks of the operator’s accounts, and never tasks outside their scope', async () => {
  const others = await listOf(admin, 'assigned-to-others');
  expect(others.body).toEqual({
    items: [
      expect.objectContaining({ taskId: ids.others[0], taskAssignee: { firstName: '', lastName: `Colleague ${run}` } }),
    ],
    totalItems: 1,
  });
  const unassigned = await listOf(admin, 'unassigned');
  expect(unassigned.body).toEqual({
    items: [expect.objectContaining({ taskId: ids.unassigned[0], taskAssignee: null })],
    totalItems: 1,
  });
  // The colleague, a restricted user of the first account, sees its unassigned notification but not
  // the administrator's action plans.
  const colleagueOthers = await listOf(colleague, 'assigned-to-others');
  expect(colleagueOthers.body).toEqual({ items: [], totalItems: 0 });
  expect((await listOf(colleague, 'unassigned')).body).toEqual({
    items: [expect.objectContaining({ taskId: ids.unassigned[0] })],
    totalItems: 1,
  });
});

it('lists a regulator’s competent authority, not the operators’ task types nor other authorities', async () => {
  const unassigned = await listOf(regulator, 'unassigned');
  expect(unassigned.status).toBe(200);
  expect(taskIds(unassigned.body.items).slice(0, 2)).toEqual(ids.regulator);
  expect(unassigned.body.totalItems).toBeGreaterThanOrEqual(2);
  expect(
    unassigned.body.items.every(
      (i: WorkItem) =>
        i.taskType === 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW' || i.taskType === 'ACCOUNT_CLOSURE_SUBMIT',
    ),
  ).toBe(true);
  expect(taskIds(unassigned.body.items)).not.toContain(ids.unassigned[0]);
  await expect(listOf(regulator, 'assigned-to-me')).resolves.toMatchObject({ body: { items: [], totalItems: 0 } });
});

it('marks a task no longer new once its assignee has opened it', async () => {
  await db('request_task_visits').insert({ task_id: ids.mine[1], user_id: admin.id });
  const items: WorkItem[] = (await listOf(admin, 'assigned-to-me')).body.items;
  expect(items.slice(0, 3).map((i) => i.isNew)).toEqual([true, false, true]);
});

it('answers a user whose id has quotes and backslashes (the values are literals in EXECUTE)', async () => {
  const odd = await createUser(db, {
    id: `o'brien\\'); drop table users; --${run}`,
    firstName: 'Odd',
    lastName: "O'Brien",
  });
  const account = await createAccount(db);
  await grantOperator(db, odd, account);
  const task = await seedTask({
    type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
    requestType: 'ACTION_PLAN_P3',
    account,
    assignee: odd,
    minutesFromNow: 0,
  });
  const mine = await listOf(odd, 'assigned-to-me');
  expect(mine.body).toEqual({
    items: [expect.objectContaining({ taskId: task, taskAssignee: { firstName: 'Odd', lastName: "O'Brien" } })],
    totalItems: 1,
  });
  expect((await listOf(odd, 'assigned-to-others')).body).toEqual({ items: [], totalItems: 0 });
});

it('refuses a bad page or size with 400, an unknown account type with 404 and a missing token with 401', async () => {
  for (const query of [
    'page=0',
    'size=10',
    'page=-1&size=10',
    'page=x&size=10',
    'page=0&size=0',
    'page=0&size=101',
    'page=0&size=1.5',
  ]) {
    const res = await get(admin, `/ORGANISATION/items/unassigned?${query}`);
    expect([query, res.status]).toEqual([query, 400]);
    expect(res.body.message).toEqual(expect.any(String));
  }
  expect((await get(admin, '/ORGANISATION/items/unassigned?page=0&size=101')).body.message).toBe(
    'size: size must be at most 100',
  );
  expect((await get(admin, '/ORGANISATION/items/unassigned?size=10')).body.message).toBe(
    'Required parameter page was null or undefined',
  );
  expect((await get(admin, '/PERMIT/items/unassigned?page=0&size=10')).status).toBe(404);
  expect((await api.request('/api/v1.0/ORGANISATION/items/unassigned?page=0&size=10')).status).toBe(401);
});

describe('on one pooled connection', () => {
  let single: Knex;
  beforeAll(() => {
    single = knex({ client: 'pg', connection: process.env.ESOS_TEST_DATABASE_URL, pool: { min: 1, max: 1 } });
  });
  afterAll(async () => {
    await closePreparedPool(single.client);
    await single.destroy();
  });

  it('runs each list with a generic plan prepared once, and leaves the main pool’s plan setting as it was', async () => {
    const user = await loadCurrentUser(single, {
      subject: admin.id,
      email: 'x@example.test',
      firstName: '',
      lastName: '',
    });
    for (let i = 0; i < 3; i++) {
      for (const list of ['assigned-to-me', 'assigned-to-others', 'unassigned'] as const)
        await workItemPage(single, user, list, i, 10);
    }
    // Asked through the prepared pool's own (single) session, where the statements live.
    const rows = await queryPrepared<{ generic_plans: string; custom_plans: string }>(
      single,
      `select generic_plans, custom_plans from pg_prepared_statements where name like 'p\\_%' and statement not like '%pg_prepared_statements%'`,
      [],
    );
    // The caller and the three lists (a page past the end carries its total: no count of its own).
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(
      rows.every(
        (r: { generic_plans: string; custom_plans: string }) =>
          Number(r.generic_plans) >= 1 && Number(r.custom_plans) === 0,
      ),
    ).toBe(true);
    expect((await single.raw('show plan_cache_mode')).rows[0].plan_cache_mode).toBe('auto');
  });
});
