// The compliance overview's API as a regulator uses it: the numbers equal what the database holds
// (counted here another way, account by account), the list behind a number has exactly the accounts
// the seeded mix put there, in the order asked, exported as a workbook of the same rows; operators and
// verifiers are refused, and a regulator sees only their own competent authority. The mix is in
// Scotland, among whatever other tests leave there, so the numbers are checked against all of it.
import ExcelJS from 'exceljs';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  grantVerifier,
  type TestUser,
} from '../../test/factories';
import { mixStanding, seedComplianceMix, type MixAccount } from '../../test/compliance-mix';
import { testClock } from '../../test/clock';
import { ACTION_PLAN, NOTIFICATION, PROGRESS_UPDATE_1, PROGRESS_UPDATE_2, processFor } from '../../processes';
import { categoryOf } from '../../processes/notification-of-compliance/category';
import { recentComplianceOverview, reportDueAt, reportDueOn } from '../compliance/overview';
import { loadConfig } from '../../infra/config';
import type { ComplianceListRow, ComplianceOverview } from '../../domain/compliance';

let api: ApiHarness;
let scot: TestUser;
let eng: TestUser;
let operator: TestUser;
let verifier: TestUser;
let mix: MixAccount[];
const tag = `Mixco ${Math.random().toString(36).slice(2, 7)}`;
const REPORTS = [NOTIFICATION, ACTION_PLAN, PROGRESS_UPDATE_1, PROGRESS_UPDATE_2];
const now = testClock();

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  const { db } = api.deps;
  scot = await createUser(db, { firstName: 'Sorcha', lastName: 'Scot' });
  await grantRegulator(db, scot, 'SCOTLAND');
  eng = await createUser(db, { firstName: 'Edith', lastName: 'England' });
  await grantRegulator(db, eng, 'ENGLAND');
  mix = await seedComplianceMix(db, { ca: 'SCOTLAND', count: 42, namePrefix: tag, now });
  // England's organisations of the same name, and a closed Scottish one: neither is on Scotland's lists.
  await seedComplianceMix(db, { ca: 'ENGLAND', count: 3, namePrefix: tag, now });
  await createAccount(db, { competentAuthority: 'SCOTLAND', status: 'CLOSED', name: `${tag} closed` });
  operator = await createUser(db);
  await grantOperator(db, operator, { id: mix[0].id });
  verifier = await createUser(db);
  await grantVerifier(db, verifier);
});
afterAll(() => api.close());

const get = async (path: string, user = scot) =>
  api.request(`/api/v1.0/compliance${path}`, { headers: await bearer(user) });
const list = async (query: Record<string, string>, user = scot) => get(`/accounts?${new URLSearchParams(query)}`, user);

/** What the mix says of account i on a report: its state and whether it is overdue. */
const expected = (i: number, type: string) => mixStanding(i, type, now, reportDueAt(loadConfig(), processFor(type)!));

describe('the overview', () => {
  it('counts every live Scottish account on each report as the database holds them, with percentages', async () => {
    const res = await get('/overview');
    expect(res.status).toBe(200);
    const body = res.body as ComplianceOverview;
    // Counted another way: every live account, its request of each report, its open task's due moment.
    const { db } = api.deps;
    const live = await db('accounts').where({ competent_authority: 'SCOTLAND', status: 'LIVE' }).select('id');
    const requests = await db('requests as r')
      .join('accounts as a', 'a.id', 'r.account_id')
      .where({ 'a.competent_authority': 'SCOTLAND', 'a.status': 'LIVE' })
      .whereIn('r.type', REPORTS)
      .select('r.id', 'r.type', 'r.status', 'r.account_id');
    const dues = await db('request_tasks')
      .whereIn(
        'request_id',
        requests.map((r) => r.id),
      )
      .whereNotNull('due_at')
      .select('request_id', 'due_at');
    expect(body.liveAccounts).toBe(live.length);
    expect(body.reports.map((r) => r.requestType)).toEqual(REPORTS);
    for (const report of body.reports) {
      const statutory = reportDueAt(loadConfig(), processFor(report.requestType)!).getTime();
      const counts = { SUBMITTED: 0, IN_PROGRESS: 0, NOT_STARTED: 0, OVERDUE: 0 };
      for (const a of live) {
        const r = requests.find((x) => x.account_id === a.id && x.type === report.requestType);
        const status =
          r?.status === 'COMPLETED' ? 'SUBMITTED' : r?.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'NOT_STARTED';
        counts[status]++;
        const due = dues.filter((d) => d.request_id === r?.id).map((d) => new Date(d.due_at).getTime());
        if (status !== 'SUBMITTED' && (due.length ? Math.min(...due) : statutory) < now.getTime()) counts.OVERDUE++;
      }
      expect({ type: report.requestType, counts: report.counts }).toEqual({ type: report.requestType, counts });
      expect(report.percentages.SUBMITTED).toBeCloseTo((counts.SUBMITTED / live.length) * 100, 1);
    }
    // The mix has overdue action plans and progress updates 1, and none of progress update 2 (due in December).
    expect(body.reports[1].counts.OVERDUE).toBeGreaterThan(0);
    expect(body.reports[3].counts.OVERDUE).toBe(0);
  });

  it('breaks the submitted notifications down by category, as the notification decides it', async () => {
    const { body } = await get('/overview');
    const { db } = api.deps;
    const data = await db('reports as p')
      .join('requests as r', 'r.id', 'p.request_id')
      .join('accounts as a', 'a.id', 'p.account_id')
      .where({
        'a.competent_authority': 'SCOTLAND',
        'a.status': 'LIVE',
        'r.status': 'COMPLETED',
        'p.type': NOTIFICATION,
      })
      .select('p.data');
    const byCategory: Record<string, number> = {};
    for (const d of data) {
      const c = categoryOf(d.data.reportingObligation);
      if (c) byCategory[c] = (byCategory[c] ?? 0) + 1;
    }
    const breakdown = (body as ComplianceOverview).breakdowns.find((b) => b.requestType === NOTIFICATION)!;
    expect(breakdown.title).toBe('Phase 3 notifications by reporting obligation category');
    expect(breakdown.rows).toHaveLength(7);
    for (const row of breakdown.rows)
      expect({ [row.value]: row.count }).toEqual({ [row.value]: byCategory[row.value] ?? 0 });
    // Every category of the mix is there (some submitted notification of each).
    expect(breakdown.rows.every((r) => r.count > 0)).toBe(true);
  });

  it('adds up the submissions by day to the number submitted', async () => {
    const { body } = await get('/overview');
    for (const series of (body as ComplianceOverview).overTime) {
      const report = (body as ComplianceOverview).reports.find((r) => r.requestType === series.requestType)!;
      expect(series.points.at(-1)?.total ?? 0).toBe(report.counts.SUBMITTED);
      expect(series.points.map((p) => p.day)).toEqual([...series.points.map((p) => p.day)].sort());
    }
  });
});

describe('the figures served again', () => {
  it('serves one computation of an authority for its maximum age, shared by callers asking at once, then computes again', async () => {
    const { db, config } = api.deps;
    const kept = { ...config, complianceOverviewMaxAgeSeconds: 60 };
    const [first, atOnce] = await Promise.all([
      recentComplianceOverview(db, kept, 'WALES'),
      recentComplianceOverview(db, kept, 'WALES'),
    ]);
    expect(atOnce).toBe(first);
    await createAccount(db, { competentAuthority: 'WALES', status: 'LIVE', name: `${tag} new in Wales` });
    expect((await recentComplianceOverview(db, kept, 'WALES')).liveAccounts).toBe(first.liveAccounts);
    const fresh = await recentComplianceOverview(db, { ...config, complianceOverviewMaxAgeSeconds: 0 }, 'WALES');
    expect(fresh.liveAccounts).toBeGreaterThanOrEqual(first.liveAccounts + 1);
  });
});

describe('the list behind a number', () => {
  it('has exactly the mix’s accounts in each state, with due date, assignee and no reminder yet', async () => {
    for (const type of REPORTS) {
      const res = await list({ requestType: type, search: tag, size: '100' });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(42);
      const rows = res.body.rows as ComplianceListRow[];
      expect(rows.map((r) => r.name)).toEqual(mix.map((m) => m.name));
      rows.forEach((row, i) =>
        expect({ i, type, state: row.state, overdue: row.overdue }).toEqual({ i, type, ...expected(i, type) }),
      );
      const inProgress = rows.find((r) => r.state === 'IN_PROGRESS')!;
      expect(inProgress.assignee).toMatch(/^Primary Contact \d+$/);
      expect(rows.every((r) => r.lastReminder === null && r.dueDate)).toBe(true);
    }
  });

  it('filters by state and category in the database, pages and sorts', async () => {
    const overdue = await list({ requestType: ACTION_PLAN, state: 'OVERDUE', search: tag, size: '100' });
    expect(overdue.body.rows.map((r: ComplianceListRow) => r.name)).toEqual(
      mix.filter((_, i) => expected(i, ACTION_PLAN).overdue).map((m) => m.name),
    );
    const iso = await list({
      requestType: NOTIFICATION,
      category: 'ISO_50001_COVERING_ENERGY_USAGE',
      search: tag,
      size: '100',
    });
    expect(iso.body.rows.map((r: ComplianceListRow) => r.name)).toEqual(
      mix
        .filter((m) => m.category === 'ISO_50001_COVERING_ENERGY_USAGE' && m.states[NOTIFICATION] === 'SUBMITTED')
        .map((m) => m.name),
    );
    const page = await list({
      requestType: NOTIFICATION,
      search: tag,
      sort: 'name',
      direction: 'desc',
      page: '1',
      size: '15',
    });
    expect(page.body).toMatchObject({ total: 42, page: 1, size: 15 });
    expect(page.body.rows.map((r: ComplianceListRow) => r.name)).toEqual(
      mix
        .map((m) => m.name)
        .reverse()
        .slice(15, 30),
    );
    const byNumber = await list({
      requestType: NOTIFICATION,
      search: tag,
      sort: 'registrationNumber',
      direction: 'desc',
      size: '5',
    });
    expect(byNumber.body.rows.map((r: ComplianceListRow) => r.name)).toEqual(
      mix
        .map((m) => m.name)
        .reverse()
        .slice(0, 5),
    );
    // Soonest due first: the action plans whose task is overdue by a day, before the statutory date's, before the moved ones.
    const byDue = await list({ requestType: ACTION_PLAN, search: tag, sort: 'dueDate', size: '100' });
    const dues = byDue.body.rows
      .filter((r: ComplianceListRow) => r.state !== 'SUBMITTED')
      .map((r: ComplianceListRow) => r.dueDate);
    expect(dues).toEqual([...dues].sort());
    const byReminder = await list({
      requestType: ACTION_PLAN,
      search: tag,
      sort: 'lastReminder',
      direction: 'desc',
      size: '100',
    });
    expect(byReminder.body.total).toBe(42);
    const last = await list({ requestType: NOTIFICATION, search: tag, page: '9', size: '15' });
    expect(last.body).toMatchObject({ total: 42, rows: [] });
  });

  it('exports the list as a workbook of the same rows', async () => {
    const res = await fetch(`${api.url}/api/v1.0/compliance/accounts/export`, {
      method: 'POST',
      headers: { ...(await bearer(scot)), 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: PROGRESS_UPDATE_1, state: 'OVERDUE', search: tag }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('Organisations')!;
    const rows: string[][] = [];
    sheet.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
    );
    expect(rows[0]).toEqual([
      'Organisation name',
      'Organisation ID',
      'Registration number',
      'Status',
      'Overdue',
      'Due date',
      'Last reminder',
      'Assignee',
    ]);
    const want = mix.filter((_, i) => expected(i, PROGRESS_UPDATE_1).overdue);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual(want.map((m) => [m.name, m.organisationId, 'Yes']));
  });

  it('refuses what is not a list with a message', async () => {
    for (const [query, field] of [
      [{ requestType: 'ACCOUNT_CLOSURE' }, 'requestType'],
      [{ requestType: NOTIFICATION, state: 'LATE' }, 'state'],
      [{ requestType: ACTION_PLAN, category: 'ZERO_ENERGY' }, 'category'],
      [{ requestType: NOTIFICATION, size: '1000' }, 'size'],
      [{ requestType: NOTIFICATION, sort: 'a.id; drop table accounts' }, 'sort'],
      [{}, 'requestType'],
      [{ requestType: NOTIFICATION, search: 'x'.repeat(101) }, 'search'],
    ] as const) {
      const res = await list(query as Record<string, string>);
      expect({ query, status: res.status, field: res.body.field }).toEqual({ query, status: 400, field });
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('searches for the characters typed, wildcards and all', async () => {
    const res = await list({ requestType: NOTIFICATION, search: `${tag}%_\\` });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });
});

describe('who may see it', () => {
  it('refuses operators and verifiers', async () => {
    for (const user of [operator, verifier]) {
      expect((await get('/overview', user)).status).toBe(403);
      expect((await list({ requestType: NOTIFICATION }, user)).status).toBe(403);
      expect((await get(`/chases/check?requestType=${NOTIFICATION}&state=NOT_STARTED`, user)).status).toBe(403);
    }
  });

  it('shows a regulator only their own authority’s accounts', async () => {
    const english = await list({ requestType: NOTIFICATION, search: tag, size: '100' }, eng);
    expect(english.body.total).toBe(3);
    expect(english.body.rows.every((r: ComplianceListRow) => !mix.some((m) => m.id === r.accountId))).toBe(true);
    const check = await get(
      `/chases/check?${new URLSearchParams({ requestType: ACTION_PLAN, state: 'OVERDUE', search: tag })}`,
      eng,
    );
    expect(check.body.organisations.every((o: { accountId: number }) => !mix.some((m) => m.id === o.accountId))).toBe(
      true,
    );
  });
});

describe('the chase check', () => {
  it('names who will be reminded, the template and a preview', async () => {
    const res = await get(
      `/chases/check?${new URLSearchParams({ requestType: ACTION_PLAN, state: 'OVERDUE', search: tag })}`,
    );
    expect(res.status).toBe(200);
    const want = mix.filter((_, i) => expected(i, ACTION_PLAN).overdue);
    expect(res.body.count).toBe(want.length);
    expect(res.body.organisations.map((o: { name: string }) => o.name)).toEqual(want.map((m) => m.name));
    expect(res.body.remindedAlready).toEqual([]);
    expect(res.body.template).toEqual({
      name: 'ComplianceReminder',
      subject: 'Reminder: your ESOS Action Plan - Manage your ESOS reporting',
      body: expect.stringContaining(
        `Our records show that [organisation name] has not yet submitted its Action Plan, which was due on ${reportDueOn(loadConfig(), processFor(ACTION_PLAN)!)}.`,
      ),
    });
  });

  it('words a due date still ahead as "is due by" it', async () => {
    // Progress update 2 is due on 5 December 2026, after the test clock's 1 June 2026.
    const res = await get(
      `/chases/check?${new URLSearchParams({ requestType: PROGRESS_UPDATE_2, state: 'NOT_STARTED', search: tag })}`,
    );
    expect(res.status).toBe(200);
    expect(reportDueAt(loadConfig(), processFor(PROGRESS_UPDATE_2)!).getTime()).toBeGreaterThan(testClock().getTime());
    expect(res.body.template.body).toContain(
      `has not yet submitted its Progress Update 2, which is due by ${reportDueOn(loadConfig(), processFor(PROGRESS_UPDATE_2)!)}.`,
    );
    expect(res.body.template.body).not.toContain('was due');
  });

  it('refuses to remind organisations that have submitted', async () => {
    const res = await get(`/chases/check?${new URLSearchParams({ requestType: ACTION_PLAN, state: 'SUBMITTED' })}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('state: only organisations that have not submitted can be sent a reminder');
  });
});

describe('a chase’s progress', () => {
  it('counts every organisation as waiting until its reminder is sent, for the chase’s own authority only; a bad id is refused', async () => {
    const { db } = api.deps;
    const [chase] = await db('compliance_chases')
      .insert({
        competent_authority: 'SCOTLAND',
        request_type: ACTION_PLAN,
        list: JSON.stringify({ requestType: ACTION_PLAN, state: 'OVERDUE' }),
        account_ids: [mix[0].id, mix[1].id],
        created_by: scot.id,
        created_by_name: 'Sorcha Scot',
      })
      .returning('id');
    const progress = await get(`/chases/${chase.id}`);
    expect(progress).toMatchObject({
      status: 200,
      body: { id: Number(chase.id), total: 2, counts: { PENDING: 2, SENT: 0 }, done: false, createdBy: 'Sorcha Scot' },
    });
    expect(
      progress.body.organisations.map((o: { accountId: number; outcome: string }) => [o.accountId, o.outcome]).sort(),
    ).toEqual(
      [
        [mix[0].id, 'PENDING'],
        [mix[1].id, 'PENDING'],
      ].sort(),
    );
    expect((await get(`/chases/${chase.id}`, eng)).status).toBe(404);
    expect(await get('/chases/first')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('The chase id must be a whole number') },
    });
  });
});
