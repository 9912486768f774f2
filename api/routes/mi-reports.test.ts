// MI reports as a regulator uses them: the report types, pages of 20, the .xlsx workbooks (opened
// and their sheets and headings read), and the custom SQL report, which sees only its competent
// authority's rows, writes nothing and stops at its timeout. Northern Ireland is this file's own
// competent authority (no other server test uses it), so its counts are exact.
import ExcelJS from 'exceljs';
import pg from 'pg';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import {
  createAccount,
  createSubmittedReport,
  createTask,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../../test/factories';
import { loadConfig } from '../../infra/config';
import {
  databaseNameOf,
  miReaderConnection,
  miReaderRole,
  miReaderRoles,
  setMiReaderPasswords,
} from '../../infra/mi-readers';
import {
  MI_CUSTOM_CELL_MAX_BYTES,
  MI_CUSTOM_CONCURRENT_PER_USER,
  MI_CUSTOM_PAGE_MAX_BYTES,
  MI_CUSTOM_ROW_MAX_BYTES,
  accountsUsersContactsColumns,
  completedWorkColumns,
  customExportTooSlow,
  customQueriesBusy,
  customResultTooLarge,
  outstandingRequestTasksColumns,
} from '../../domain/mi-reports';
import { notificationProcess } from '../../processes';

const nocLeadingColumns = notificationProcess.submittedData.leading.map((l) => l.heading);

let api: ApiHarness;
let ni: TestUser;
let england: TestUser;
let accounts: TestAccount[];
let colleague: TestUser;
const TIMEOUT_MS = 1500;
const ROW_LIMIT = 30;

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const notification = {
  reportingObligation: {
    qualificationType: 'QUALIFY',
    qualificationReasonType: 'STAFF_MEMBERS_MORE_THAN_250',
    energyResponsibilityType: 'RESPONSIBLE',
    complianceRouteDistribution: {
      iso50001Pct: 0,
      displayEnergyCertificatePct: 0,
      greenDealAssessmentPct: 0,
      energyAuditsPct: 100,
      energyNotAuditedPct: 0,
      totalPct: 100,
    },
  },
};

beforeAll(async () => {
  const base = loadConfig();
  api = await startApi({
    verifyToken: verifyTestToken,
    config: {
      ...base,
      databaseUrl: process.env.ESOS_TEST_DATABASE_URL!,
      miReports: { ...base.miReports, timeoutMs: TIMEOUT_MS, rowLimit: ROW_LIMIT },
    },
  });
  const { db } = api.deps;
  ni = await createUser(db, { firstName: 'Niamh', lastName: 'Regulator' });
  await grantRegulator(db, ni, 'NORTHERN_IRELAND');
  colleague = await createUser(db, { firstName: 'Conor', lastName: 'Colleague' });
  await grantRegulator(db, colleague, 'NORTHERN_IRELAND');
  england = await createUser(db);
  await grantRegulator(db, england, 'ENGLAND');
  // 22 accounts in Northern Ireland; the first has two users (its primary contact has a phone and signed in).
  accounts = [];
  for (let i = 0; i < 22; i++)
    accounts.push(
      await createAccount(db, {
        competentAuthority: 'NORTHERN_IRELAND',
        name: `NI Organisation ${String(i).padStart(2, '0')}`,
        registrationNumber: `NI${String(100000 + i)}`,
      }),
    );
  const primary = await createUser(db, { firstName: 'Patrick', lastName: 'Primary', phoneNumber: '028 9000 0000' });
  await db('users')
    .where({ id: primary.id })
    .update({ last_sign_in_at: new Date('2025-03-05T14:03:09Z') });
  await grantOperator(db, primary, accounts[0]!, 'operator_admin');
  await grantOperator(
    db,
    await createUser(db, { firstName: 'Rosa', lastName: 'Restricted' }),
    accounts[0]!,
    'operator',
  );
  await db('account_contacts').insert({ account_id: accounts[0]!.id, contact_type: 'PRIMARY', user_id: primary.id });
  await createSubmittedReport(db, {
    account: accounts[0]!,
    requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
    requestId: `NOC${tag()}-P3`,
    data: notification,
  });
  // England has a notification too, which Northern Ireland never sees.
  await createSubmittedReport(db, {
    account: await createAccount(db, { name: 'English Organisation' }),
    requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
    requestId: `NOC${tag()}-P3`,
    data: notification,
  });
});
afterAll(() => api.close());

async function post(path: string, body: unknown, user = ni) {
  return api.request(`/api/v1.0/ORGANISATION/mireports${path}`, {
    method: 'POST',
    headers: { ...(await bearer(user)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Downloads an export and opens it. */
async function workbook(path: string, body: unknown, user = ni) {
  const res = await fetch(`${api.url}/api/v1.0/ORGANISATION/mireports${path}`, {
    method: 'POST',
    headers: { ...(await bearer(user)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const rows = (name: string) => {
    const sheet = book.getWorksheet(name)!;
    const out: string[][] = [];
    sheet.eachRow((row) =>
      out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
    );
    return out;
  };
  return {
    disposition: res.headers.get('content-disposition'),
    names: book.worksheets.map((w) => w.name),
    rows,
    sheet: (name: string) => book.getWorksheet(name)!,
  };
}

describe('report types', () => {
  it('lists the fixed reports and the submitted data of every process with a report', async () => {
    const res = await api.request('/api/v1.0/ORGANISATION/mireports/types', { headers: await bearer(ni) });
    expect(res.status).toBe(200);
    const byType = Object.fromEntries(res.body.map((e: { miReportType: string }) => [e.miReportType, e]));
    expect(Object.keys(byType)).toEqual([
      'LIST_OF_ACCOUNTS_USERS_CONTACTS',
      'NOC_SUBMITTED_DATA_P3',
      'NOC_SUBMITTED_DATA_P4',
      'ACTION_PLAN_SUBMITTED_DATA_P3',
      'PROGRESS_UPDATE_1_SUBMITTED_DATA_P3',
      'PROGRESS_UPDATE_2_SUBMITTED_DATA_P3',
      'REGULATOR_OUTSTANDING_REQUEST_TASKS',
      'COMPLETED_WORK',
      'USER_FEEDBACK',
      'CUSTOM',
    ]);
    expect(byType.NOC_SUBMITTED_DATA_P3).toEqual({
      miReportType: 'NOC_SUBMITTED_DATA_P3',
      name: 'Notification of compliance (Phase 3) submitted data',
    });
    expect(byType.PROGRESS_UPDATE_2_SUBMITTED_DATA_P3).toEqual({
      miReportType: 'PROGRESS_UPDATE_2_SUBMITTED_DATA_P3',
      name: 'Progress update 2 (Phase 3) submitted data',
    });
    expect((await api.request('/api/v1.0/INSTALLATION/mireports/types', { headers: await bearer(ni) })).status).toBe(
      404,
    );
  });

  it('offers the regulator task types as the outstanding tasks filter', async () => {
    const res = await api.request('/api/v1.0/ORGANISATION/mireports/request-task-types', { headers: await bearer(ni) });
    expect(res.body).toEqual(
      expect.arrayContaining(['ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW', 'ACCOUNT_CLOSURE_SUBMIT']),
    );
    expect(res.body).not.toContain('NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT');
  });
});

describe('List of Accounts, Users and Contacts', () => {
  it('shows the competent authority’s accounts with their users, 20 rows a page', async () => {
    const first = await post('', { reportType: 'LIST_OF_ACCOUNTS_USERS_CONTACTS', page: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      sheets: ['Data'],
      sheet: 'Data',
      columnNames: [...accountsUsersContactsColumns],
      total: 23,
      page: 0,
      size: 20,
    });
    expect(first.body.results).toHaveLength(20);
    const second = await post('', { reportType: 'LIST_OF_ACCOUNTS_USERS_CONTACTS', page: 1 });
    expect(second.body.results).toHaveLength(3);
    const all = [...first.body.results, ...second.body.results];
    // Rows come in organisation id order, and the ids are random: Patrick's row may be on either page.
    const patrick = all.find((r: string[]) => r[7] === 'Patrick Primary');
    expect(patrick).toEqual([
      `NI100000`,
      accounts[0]!.organisationId,
      'NI Organisation 00',
      'Live',
      'Yes',
      'No',
      'Active',
      'Patrick Primary',
      '028 9000 0000',
      '05 March 2025 14:03:09',
      expect.stringContaining('@example.test'),
      'Advanced user',
      'Northern Ireland',
    ]);
    expect(all.every((r: string[]) => r[12] === 'Northern Ireland')).toBe(true);
    expect(all.some((r: string[]) => r[2] === 'English Organisation')).toBe(false);
  });

  it('downloads as an .xlsx workbook with one sheet of every row under the report’s headings', async () => {
    const book = await workbook('/export', { reportType: 'LIST_OF_ACCOUNTS_USERS_CONTACTS' });
    expect(book.disposition).toContain('List of Accounts, Users and Contacts.xlsx');
    expect(book.names).toEqual(['Data']);
    const rows = book.rows('Data');
    expect(rows[0]).toEqual([...accountsUsersContactsColumns]);
    expect(rows).toHaveLength(24);
  });

  it('shows the satisfaction survey’s responses as "User feedback", on screen and as .xlsx', async () => {
    const note = `Sent from the MI test ${tag()}`;
    await api.deps.db('user_feedback').insert({
      user_id: null,
      payload: JSON.stringify({
        userRegistrationRate: 'SATISFIED',
        onlineGuidanceRate: 'NOT_APPLICABLE_NOT_USED_YET',
        creatingAccountRate: 'VERY_SATISFIED',
        onBoardingRate: 'DISSATISFIED',
        tasksRate: 'SATISFIED',
        tasksRateReason: 'Quick to find',
        satisfactionRate: 'VERY_SATISFIED',
        improvementSuggestion: note,
      }),
    });
    const page = await post('', { reportType: 'USER_FEEDBACK' });
    expect(page.status).toBe(200);
    expect(page.body.columnNames[0]).toBe('Sent');
    expect(page.body.columnNames).toContain('How satisfied are you with viewing, searching and responding to tasks?');
    const columns: string[] = page.body.columnNames;
    const row: string[] = page.body.results.find((r: string[]) => r.at(-1) === note);
    const cell = (heading: string) => row[columns.indexOf(heading)];
    expect(cell('How satisfied are you with viewing, searching and responding to tasks?')).toBe('Satisfied');
    expect(cell('How satisfied are you with viewing, searching and responding to tasks? Why?')).toBe('Quick to find');
    expect(cell('How satisfied are you with online guidance and communication?')).toBe(
      'Not applicable or not used yet',
    );
    const book = await workbook('/export', { reportType: 'USER_FEEDBACK' });
    expect(book.disposition).toContain('User feedback.xlsx');
    expect(book.rows('Data').some((r) => r.at(-1) === note)).toBe(true);
  });

  it('refuses an unknown report type or a page size over 100', async () => {
    expect((await post('', { reportType: 'EVERYTHING' })).body.code).toBe('VALIDATION_ERROR');
    expect((await post('', { reportType: 'LIST_OF_ACCOUNTS_USERS_CONTACTS', size: 101 })).status).toBe(400);
    expect((await post('', { reportType: 'LIST_OF_ACCOUNTS_USERS_CONTACTS', sheet: 'Nope' })).status).toBe(400);
  });
});

describe('submitted data', () => {
  it('shows the notifications sheet by sheet, and exports the workbook of the reference with its headings', async () => {
    const page = await post('', { reportType: 'NOC_SUBMITTED_DATA_P3', sheet: 'Reporting Obligation' });
    expect(page.body.sheets).toEqual([
      'Reporting Obligation',
      'Responsible Undertaking',
      'Organisation Structure',
      'Compliance Route',
      'Energy Consumption',
      'Energy Savings Opportunities',
      'Alternative Routes Compliance',
      'Energy Savings Achieved',
      'Lead Assessor',
      'Responsible Confirmations',
      'Previous compliance periods',
    ]);
    expect(page.body.columnNames.slice(0, 5)).toEqual([
      ...nocLeadingColumns,
      'Does your organisation qualify for ESOS?',
    ]);
    expect(page.body.total).toBe(1);
    const row = page.body.results[0];
    expect(row.slice(1, 4)).toEqual(['NI Organisation 00', 'NI100000', 'Live']);
    expect(
      row[page.body.columnNames.indexOf('Compliance route distribution - Energy audits that are compliant with ESOS')],
    ).toBe('100%');

    const book = await workbook('/export', { reportType: 'NOC_SUBMITTED_DATA_P3' });
    expect(book.disposition).toContain('Energy_Savings_Opportunity_Scheme_Phase_3.xlsx');
    expect(book.names).toEqual(['Table of contents', ...page.body.sheets]);
    expect(book.rows('Table of contents')[0]).toEqual(['Sheet', 'Description']);
    for (const sheet of page.body.sheets) expect(book.rows(sheet)[0]!.slice(0, 4)).toEqual([...nocLeadingColumns]);
    expect(book.rows('Reporting Obligation')[1]![4]).toBe(
      'Yes, the organisation qualifies for ESOS and will submit a notification',
    );
  });

  it('shows the action plans submitted in the competent authority', async () => {
    const before = await post('', { reportType: 'ACTION_PLAN_SUBMITTED_DATA_P3' });
    expect(before.body).toMatchObject({ results: [], total: 0 });
    const account = await createAccount(api.deps.db, { competentAuthority: 'NORTHERN_IRELAND', name: 'Planning Ltd' });
    const id = `AP${tag()}-P3`;
    await createSubmittedReport(api.deps.db, {
      account,
      requestType: 'ACTION_PLAN_P3',
      requestId: id,
      data: { energyEfficiencyMeasure: { haveEnergyEfficiencyMeasures: false, noMeasureContext: 'All done already' } },
    });
    const after = await post('', { reportType: 'ACTION_PLAN_SUBMITTED_DATA_P3' });
    // One column per question of the action plan's definition, after the submission's own.
    const question =
      'Does the organisation have energy efficiency measures proposed to be implemented by 5 December 2027?';
    expect(after.body.columnNames.slice(0, 8)).toEqual([
      'AP ID',
      'Organisation Name',
      'CRN',
      'AP Submission Date',
      'NOC ID',
      'NOC Submission Date',
      question,
      'Provide context on why there are no measures proposed (optional)',
    ]);
    expect(after.body.results).toEqual([
      [
        id,
        'Planning Ltd',
        '',
        expect.stringMatching(/^\d{1,2} \w+ \d{4}$/),
        '',
        '',
        'No',
        'All done already',
        ...after.body.columnNames.slice(8).map(() => ''),
      ],
    ]);
    const forEngland = await post('', { reportType: 'ACTION_PLAN_SUBMITTED_DATA_P3' }, england);
    // Another competent authority does not see it.
    expect(forEngland.body.results.map((r: unknown[]) => r[0])).not.toContain(id);
    const book = await workbook('/export', { reportType: 'ACTION_PLAN_SUBMITTED_DATA_P3' });
    expect(book.names).toEqual(['Table of Contents', 'Action Plans']);
  });

  it('refuses a bad page or an unknown phase of the notifications as data', async () => {
    const badPage = await api.request('/api/v1.0/ORGANISATION/mireports/noc/phase-3?page=-1&size=10', {
      headers: await bearer(ni),
    });
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toMatch(/page/i);
    const noSuchPhase = await api.request('/api/v1.0/ORGANISATION/mireports/noc/phase-99?page=0&size=10', {
      headers: await bearer(ni),
    });
    expect(noSuchPhase.status).toBe(404);
  });

  it('hands out the notifications as data, a page at a time', async () => {
    const res = await api.request('/api/v1.0/ORGANISATION/mireports/noc/phase-3?page=0&size=10', {
      headers: await bearer(ni),
    });
    expect(res.body.total).toBe(1);
    expect(Object.values(res.body.results)).toEqual([
      expect.objectContaining({ organisationName: 'NI Organisation 00', noc: notification }),
    ]);
  });
});

describe('regulator outstanding request tasks and completed work', () => {
  it('lists open regulator tasks with their assignee and due date, filtered by type and regulator', async () => {
    const { db } = api.deps;
    const review = await createTask(db, {
      requestId: `ACC${tag()}`,
      requestType: 'ORGANISATION_ACCOUNT_OPENING',
      type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
      account: accounts[1]!,
      assignee: colleague,
      startMinutes: -5,
      dueInDays: 3,
    });
    await createTask(db, {
      requestId: `ACL${tag()}`,
      requestType: 'ACCOUNT_CLOSURE',
      type: 'ACCOUNT_CLOSURE_SUBMIT',
      account: accounts[2]!,
      assignee: ni,
      startMinutes: -5,
      dueInDays: null,
    });
    await createTask(db, {
      requestId: `NOC${tag()}-P3`,
      requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
      type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT',
      account: accounts[3]!,
      assignee: null,
      startMinutes: -5,
    });
    const all = await post('', { reportType: 'REGULATOR_OUTSTANDING_REQUEST_TASKS' });
    expect(all.body.columnNames).toEqual([...outstandingRequestTasksColumns]);
    expect(all.body.results.map((r: string[]) => r[5])).toEqual([
      'Review organisation account application',
      'Close account',
    ]);
    expect(all.body.results[0]).toEqual([
      accounts[1]!.organisationId,
      'ORGANISATION',
      accounts[1]!.name,
      expect.stringMatching(/^ACC/),
      'Organisation account',
      'Review organisation account application',
      'Conor Colleague',
      expect.stringMatching(/^\d{1,2} \w+ \d{4}$/),
      '3',
    ]);
    const mine = await post('', { reportType: 'REGULATOR_OUTSTANDING_REQUEST_TASKS', userIds: [ni.id] });
    expect(mine.body.results.map((r: string[]) => r[5])).toEqual(['Close account']);
    const reviews = await post('', {
      reportType: 'REGULATOR_OUTSTANDING_REQUEST_TASKS',
      requestTaskTypes: ['ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW'],
    });
    expect(reviews.body.total).toBe(1);
    expect(
      (
        await post('', {
          reportType: 'REGULATOR_OUTSTANDING_REQUEST_TASKS',
          requestTaskTypes: ['NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT'],
        })
      ).status,
    ).toBe(400);
    expect(review).toBeGreaterThan(0);
  });

  it('lists the timeline events of a period', async () => {
    const { db } = api.deps;
    const requestId = `ACC${tag()}`;
    await db('requests').insert({
      id: requestId,
      type: 'ORGANISATION_ACCOUNT_OPENING',
      status: 'APPROVED',
      account_id: accounts[4]!.id,
      competent_authority: 'NORTHERN_IRELAND',
    });
    await db('request_actions').insert([
      {
        request_id: requestId,
        type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED',
        submitter: 'Olive Operator',
        created_at: new Date('2025-01-10T10:00:00Z'),
      },
      {
        request_id: requestId,
        type: 'ORGANISATION_ACCOUNT_OPENING_APPROVED',
        submitter: 'Niamh Regulator',
        created_at: new Date('2025-02-01T09:30:00Z'),
      },
    ]);
    const february = await post('', { reportType: 'COMPLETED_WORK', fromDate: '2025-02-01', toDate: '2025-02-28' });
    expect(february.body.columnNames).toEqual([...completedWorkColumns]);
    expect(february.body.results).toEqual([
      [
        accounts[4]!.organisationId,
        'ORGANISATION',
        accounts[4]!.name,
        'Live',
        requestId,
        'Organisation account',
        'Approved',
        'Organisation account approved',
        'Niamh Regulator',
        '01 February 2025 09:30:00',
      ],
    ]);
    expect((await post('', { reportType: 'COMPLETED_WORK', fromDate: '2025-01-01' })).body.total).toBe(2);
    const backwards = await post('', { reportType: 'COMPLETED_WORK', fromDate: '2025-03-01', toDate: '2025-02-01' });
    expect(backwards.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'toDate' });
  });
});

describe('the custom SQL report', () => {
  const custom = (sqlQuery: string, extra: Record<string, unknown> = {}, user = ni) =>
    post('/custom', { sqlQuery, ...extra }, user);

  it('runs a query over its own competent authority’s views, a page at a time, up to the row limit', async () => {
    const count = await custom('select count(*) as accounts from accounts;');
    expect(count.status).toBe(200);
    // The 22 accounts of this file's set-up and the one the action plan test made.
    expect(count.body).toMatchObject({
      reportType: 'CUSTOM',
      columnNames: ['accounts'],
      results: [['23']],
      total: 1,
      truncated: false,
    });
    const page = await custom('select name from accounts order by name', { page: 1, size: 20 });
    expect(page.body).toMatchObject({ total: 23, truncated: false, page: 1 });
    expect(page.body.results).toHaveLength(3);
    const many = await custom('select g from generate_series(1, 100) g', { page: 1, size: 20 });
    expect(many.body).toMatchObject({ total: ROW_LIMIT, truncated: true, rowLimit: ROW_LIMIT });
    expect(many.body.results.map((r: string[]) => r[0])).toEqual([
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
    ]);
  });

  it('cannot see another competent authority’s rows', async () => {
    expect((await custom(`select * from accounts where competent_authority <> 'NORTHERN_IRELAND'`)).body.total).toBe(0);
    expect((await custom(`select * from accounts where name = 'English Organisation'`)).body.total).toBe(0);
    expect((await custom(`select * from reports`)).body.total).toBe(2);
    const english = await custom(`select * from accounts where name = 'English Organisation'`, {}, england);
    expect(english.body.total).toBe(1);
    const tables = await custom('select * from public.accounts');
    expect(tables.body).toMatchObject({
      code: 'REPORT1001',
      message: 'public.accounts cannot be read: select from the listed tables, e.g. accounts',
    });
    expect((await custom('select * from secrets')).body).toMatchObject({
      code: 'REPORT1001',
      message: 'There is no table called secrets: select from the listed tables, e.g. accounts',
    });
    expect((await custom('select * from mi_report.reader_roles')).body.code).toBe('REPORT1001');
    expect((await custom(`select set_config('role', 'postgres', false)`)).body.code).toBe('REPORT1001');
    expect((await custom(`select query_to_xml('select * from public.users', true, false, '')`)).body.code).toBe(
      'REPORT1001',
    );
  });

  it('cannot write anything, and says in plain words what it may run', async () => {
    const { db } = api.deps;
    const name = accounts[5]!.name;
    for (const [sql, message] of [
      [`update accounts set name = 'Changed'`, 'Only a SELECT query can be run: UPDATE changes data'],
      [`  -- tidy up\nDELETE from accounts`, 'Only a SELECT query can be run: DELETE changes data'],
      [`insert into accounts (name) values ('Mine')`, 'Only a SELECT query can be run: INSERT changes data'],
      [`drop table accounts`, 'Only a SELECT query can be run: DROP changes the database'],
      [
        `with gone as (delete from accounts returning id) select * from gone`,
        'Only a SELECT query can be run: a WITH part that changes data is refused',
      ],
      [
        `select 1; update accounts set name = 'Changed'`,
        'Run one query at a time: the text holds more than one statement',
      ],
      [`select 1; select 2`, 'Run one query at a time: the text holds more than one statement'],
      [`create table mine (a int)`, 'Only a SELECT query can be run: CREATE changes the database'],
      [`set role postgres`, 'Only a SELECT query can be run, not SET'],
      [
        `select * from accounts for update`,
        'Only a SELECT query that only reads can be run: this one would change or lock rows',
      ],
      [
        `select nextval('public.accounts_id_seq')`,
        'public.accounts_id_seq cannot be read: select from the listed tables, e.g. accounts',
      ],
      [
        `select set_config('transaction_read_only', 'off', true)`,
        'set_config cannot be used in a custom query: select from the listed tables',
      ],
    ]) {
      const res = await custom(sql!);
      expect({ sql, status: res.status, code: res.body.code, message: res.body.message }).toEqual({
        sql,
        status: 400,
        code: 'REPORT1001',
        message,
      });
    }
    expect((await db('accounts').where({ id: accounts[5]!.id }).first('name')).name).toBe(name);
    expect((await custom('')).body.message).toMatch(/Enter a SQL query/);
  });

  it('stops a query that runs past its timeout, and may not lift it', async () => {
    const started = Date.now();
    const res = await custom('select pg_sleep(30)');
    expect(res.body).toMatchObject({
      code: 'REPORT1001',
      message: `Custom query could not be executed: the query ran for longer than ${TIMEOUT_MS / 1000} seconds`,
    });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000);
    const lifted = await custom(`select set_config('statement_timeout', '0', true), pg_sleep(30)`);
    expect(lifted.body).toMatchObject({
      code: 'REPORT1001',
      message: 'set_config cannot be used in a custom query: select from the listed tables',
    });
  });

  it('exports the query’s rows as an .xlsx workbook, and a failing query as REPORT1001', async () => {
    const book = await workbook('/custom/export', {
      sqlQuery: 'select organisation_id as "Account ID", name from accounts order by name',
    });
    expect(book.names).toEqual(['Data']);
    const rows = book.rows('Data');
    expect(rows[0]).toEqual(['Account ID', 'name']);
    expect(rows).toHaveLength(24);
    const failed = await post('/custom/export', { sqlQuery: 'select 1 / (g - 5) from generate_series(1, 10) g' });
    expect(failed.body).toMatchObject({
      code: 'REPORT1001',
      message: 'Custom query could not be executed: division by zero',
    });
  });

  it('writes text that a spreadsheet would run as a formula as text, never as a formula (formula injection)', async () => {
    const texts = ['=HYPERLINK("https://example.test","Open")', '+1+1', '-2+3', '@SUM(1,2)'];
    const book = await workbook('/custom/export', {
      sqlQuery: `select ${texts.map((t, i) => `'${t}' as c${i}`).join(', ')}`,
    });
    const row = book.sheet('Data').getRow(2);
    texts.forEach((text, i) => {
      const cell = row.getCell(i + 1);
      expect({ type: cell.type, value: cell.value, formula: cell.formula }).toEqual({
        type: ExcelJS.ValueType.String,
        value: text,
        formula: undefined,
      });
    });
  });
});

// Project issue 27: a query's bytes, a download's size and time, and how many one person runs at once.
describe('the custom SQL report’s limits', () => {
  const custom = (sqlQuery: string, extra: Record<string, unknown> = {}, user = ni) =>
    post('/custom', { sqlQuery, ...extra }, user);
  const tooLarge = (message: string) => ({ status: 400, body: { code: 'REPORT1003', message, field: 'sqlQuery' } });
  const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

  it('counts a page’s bytes as they are sent, JSON escapes included', async () => {
    // Twenty rows of 30,000 control characters are 600 KB of text and 3.6 MB of JSON.
    const escaped = await custom(`select repeat(chr(1), 30000) as a from generate_series(1, 20) g`, {
      page: 0,
      size: 20,
    });
    expect(answer(escaped)).toEqual(tooLarge(customResultTooLarge.page(MI_CUSTOM_PAGE_MAX_BYTES)));
    const fewer = await custom(`select repeat(chr(1), 30000) as a from generate_series(1, 10) g`, {
      page: 0,
      size: 10,
    });
    expect(fewer.status).toBe(200);
    expect(Buffer.byteLength(JSON.stringify(fewer.body))).toBeLessThan(MI_CUSTOM_PAGE_MAX_BYTES);
  });

  it('refuses a value, a row or a page past its size, saying which limit and what to do, without sending it', async () => {
    // The probe's query: five values of 20 MB each, a 100 MB page.
    const started = Date.now();
    const huge = await custom(`select repeat('x', 20000000) as big from generate_series(1, 5)`, { page: 0, size: 5 });
    expect(answer(huge)).toEqual(tooLarge(customResultTooLarge.cell(1, 'big', 20_000_000, MI_CUSTOM_CELL_MAX_BYTES)));
    expect(huge.body.message).toBe(
      'The value of column big in row 1 is 19.1 MB; a value may be at most 32,767 bytes. Select less of it, for example with left(big, 1000), or leave the column out',
    );
    expect(Date.now() - started).toBeLessThan(5000);
    // The cell limit is Excel's; the row and the page have their own.
    expect((await custom(`select 'a' as small, repeat('y', ${MI_CUSTOM_CELL_MAX_BYTES}) as "Just fits"`)).status).toBe(
      200,
    );
    const cell = await custom(
      `select 'a' as small, repeat('y', ${MI_CUSTOM_CELL_MAX_BYTES + 1}) as "Too long" from generate_series(1, 3) g`,
      { page: 0, size: 3 },
    );
    expect(answer(cell)).toEqual(
      tooLarge(customResultTooLarge.cell(1, 'Too long', MI_CUSTOM_CELL_MAX_BYTES + 1, MI_CUSTOM_CELL_MAX_BYTES)),
    );
    const wide = await custom(
      `select ${Array.from({ length: 10 }, (_, i) => `repeat('w', 30000) as c${i}`).join(', ')} from generate_series(1, 20)`,
      { page: 0, size: 20 },
    );
    expect(answer(wide)).toEqual(tooLarge(customResultTooLarge.row(1, 300_000, MI_CUSTOM_ROW_MAX_BYTES)));
    expect(wide.body.message).toBe('Row 1 is 293 KB; a row may be at most 256 KB. Select fewer or shorter columns');
    // 75 KB rows: twenty to a page are 1.5 MB, thirty are 2.2 MB.
    const rows = `select g, repeat('z', 25000) as a, repeat('z', 25000) as b, repeat('z', 25000) as c from generate_series(1, 100) g`;
    const twenty = await custom(rows, { page: 1, size: 20 });
    expect(twenty.status).toBe(200);
    expect(twenty.body).toMatchObject({ total: ROW_LIMIT, truncated: true });
    expect(twenty.body.results.map((r: string[]) => r[0])).toEqual([
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
    ]);
    const thirty = await custom(rows, { page: 0, size: 30 });
    expect(answer(thirty)).toEqual(tooLarge(customResultTooLarge.page(MI_CUSTOM_PAGE_MAX_BYTES)));
    expect(thirty.body.message).toBe('This page of results is more than 2 MB. Select fewer or shorter columns');
    // A page well within the limits: repeated and unnamed columns, and no columns at all, read as before.
    const odd = await custom(`select 1, 1, 'x' as "Same", 'y' as "Same"`);
    expect(odd.body).toMatchObject({
      columnNames: ['?column?', '?column?', 'Same', 'Same'],
      results: [['1', '1', 'x', 'y']],
    });
    expect((await custom('select from accounts')).body).toMatchObject({ columnNames: [], total: 23 });
    expect((await custom('select 1 as one -- a comment at the end')).body.results).toEqual([['1']]);
  });

  describe('downloads', () => {
    let exports: ApiHarness;
    const EXPORT_MS = 1500;
    beforeAll(async () => {
      const base = loadConfig();
      exports = await startApi({
        verifyToken: verifyTestToken,
        config: {
          ...base,
          databaseUrl: process.env.ESOS_TEST_DATABASE_URL!,
          miReports: {
            ...base.miReports,
            timeoutMs: 5000,
            rowLimit: 10_000,
            exportMaxBytes: 1024 * 1024,
            exportMaxMs: EXPORT_MS,
          },
        },
      });
    });
    afterAll(() => exports.close());
    const download = async (sqlQuery: string) =>
      exports.request('/api/v1.0/ORGANISATION/mireports/custom/export', {
        method: 'POST',
        headers: { ...(await bearer(ni)), 'content-type': 'application/json' },
        body: JSON.stringify({ sqlQuery }),
      });

    it('refuses a download past its size, and writes one within it', async () => {
      const big = await download(`select g, repeat('d', 20000) as text from generate_series(1, 100) g`);
      expect(answer(big)).toEqual(tooLarge(customResultTooLarge.export(1024 * 1024)));
      expect(big.body.message).toBe(
        'The download would be more than 1 MB. Select fewer or shorter columns, or fewer rows (with WHERE or LIMIT)',
      );
      const fits = await download(`select g, repeat('d', 20000) as text from generate_series(1, 40) g`);
      expect(fits.status).toBe(200);
      expect(fits.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    });

    it('refuses a download that takes longer than its time, whether over many statements or in one', async () => {
      const tooSlow = {
        status: 400,
        body: { code: 'REPORT1004', message: customExportTooSlow(EXPORT_MS), field: 'sqlQuery' },
      };
      // Each statement quick (a few rows of 5 ms), ten seconds in all.
      let started = Date.now();
      expect(answer(await download('select g, pg_sleep(0.005) from generate_series(1, 2000) g'))).toEqual(tooSlow);
      expect(Date.now() - started).toBeLessThan(EXPORT_MS + 2500);
      // One statement of four seconds, within the statement timeout (5 s): cancelled at the download's time.
      started = Date.now();
      expect(answer(await download('select pg_sleep(4)'))).toEqual(tooSlow);
      expect(Date.now() - started).toBeLessThan(EXPORT_MS + 2000);
      expect(customExportTooSlow(60_000)).toBe(
        'The download took longer than 60 seconds to write. Select fewer or shorter columns, or fewer rows (with WHERE or LIMIT)',
      );
    });
  });

  describe('queries running at once', () => {
    const busy = {
      status: 429,
      body: { code: 'REPORT1005', message: customQueriesBusy(MI_CUSTOM_CONCURRENT_PER_USER), field: 'sqlQuery' },
    };

    it(`lets one person run ${MI_CUSTOM_CONCURRENT_PER_USER} at once and answers a third with 429, while a colleague runs theirs`, async () => {
      expect(customQueriesBusy(2)).toBe(
        'You already have 2 custom queries running. Wait for one to finish, then try again',
      );
      const mine = [1, 2, 3].map(() => custom('select pg_sleep(1.2) as slept'));
      await new Promise((r) => setTimeout(r, 300));
      const theirs = custom('select 1 as one', {}, colleague);
      const answers = (await Promise.all(mine)).map(answer);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 429)).toEqual([busy]);
      expect(answer(await theirs)).toMatchObject({ status: 200, body: { results: [['1']] } });
      // Once they are done, the slots are free again; a download takes one too.
      expect((await custom('select 1')).status).toBe(200);
      const downloads = await Promise.all(
        [1, 2, 3].map(() => post('/custom/export', { sqlQuery: 'select pg_sleep(1.2)' })),
      );
      expect(downloads.map((d) => d.status).sort()).toEqual([200, 200, 429]);
    });

    it('counts the queries of other API processes (their rows in PostgreSQL), and frees the slot of one that died', async () => {
      const { db, config } = api.deps;
      // Another process's running query: a session of the reader role, and the slots it recorded.
      const other = new pg.Client({
        connectionString: miReaderConnection(config.databaseUrl, 'NORTHERN_IRELAND', config.miReports.readerPassword),
      });
      await other.connect();
      const pid = (other as unknown as { processID: number }).processID;
      const role = miReaderRole(databaseNameOf(config.databaseUrl), 'NORTHERN_IRELAND');
      await db('mi_report_runs').insert(
        [0, 1].map((slot) => ({ user_id: ni.id, slot, token: crypto.randomUUID(), pid, role_name: role })),
      );
      try {
        expect(answer(await custom('select 1'))).toEqual(busy);
      } finally {
        await other.end();
      }
      // Its session gone (the process died, or it ended without giving the slots back): they are free.
      for (
        let tries = 0;
        tries < 20 && (await db.raw('select 1 from pg_stat_activity where pid = ?', [pid])).rows.length > 0;
        tries++
      )
        await new Promise((r) => setTimeout(r, 50));
      expect((await custom('select 1')).status).toBe(200);
      // A slot claimed but never given a session frees itself after 30 seconds.
      await db('mi_report_runs').where({ user_id: ni.id }).delete();
      await db('mi_report_runs').insert(
        [0, 1].map((slot) => ({
          user_id: ni.id,
          slot,
          token: crypto.randomUUID(),
          claimed_at: db.raw(`now() - interval '${slot === 0 ? 10 : 31} seconds'`),
        })),
      );
      expect((await custom('select 1')).status).toBe(200);
      expect((await db('mi_report_runs').where({ user_id: ni.id }).count({ n: '*' }))[0]).toEqual({ n: '1' });
      await db('mi_report_runs').where({ user_id: ni.id }).delete();
    });
  });
});

describe('the reader roles', () => {
  it('may read their views and nothing of the cluster: no catalogs, statistics, sizes, advisory locks, signals or settings', async () => {
    for (const sql of [
      'select datname from pg_database',
      'select rolname from pg_roles',
      'select relname, n_live_tup from pg_stat_user_tables',
      'select pid, usename, query from pg_stat_activity',
      'select relname, relacl from pg_class',
      'select table_name from information_schema.tables',
      'select pg_try_advisory_lock(727001)',
      'select pg_advisory_xact_lock(727001)',
      'select pg_cancel_backend(pg_backend_pid())',
      'select pg_terminate_backend(pg_backend_pid())',
      `select pg_total_relation_size('public.accounts')`,
      'select pg_database_size(current_database())',
      `select pg_stat_get_live_tuples('public.accounts'::regclass)`,
      `select set_config('work_mem', '8GB', true)`,
      'select pg_get_userbyid(10)',
      `select has_table_privilege('public.accounts', 'select')`,
    ]) {
      const res = await post('/custom', { sqlQuery: sql });
      expect({ sql, status: res.status, code: res.body.code, message: res.body.message }).toEqual({
        sql,
        status: 400,
        code: 'REPORT1001',
        message: expect.stringMatching(
          /^\S+ cannot (be read: select from the listed tables, e\.g\. \w+|be used in a custom query: select from the listed tables)$/,
        ),
      });
    }
    expect((await post('/custom', { sqlQuery: 'select count(*) from accounts' })).body.results).toEqual([['23']]);
  });

  it('get the configured password at start, quotes and all, and still read', async () => {
    const { db, config } = api.deps;
    await setMiReaderPasswords(db, config.databaseUrl, "it's a secret");
    const role = miReaderRole(databaseNameOf(config.databaseUrl), 'NORTHERN_IRELAND');
    expect(
      (await db.raw('select rolpassword is not null as set from pg_authid where rolname = ?', [role])).rows,
    ).toEqual([{ set: true }]);
    expect((await post('/custom', { sqlQuery: 'select 1 as one' })).body.results).toEqual([['1']]);
    for (const { role: r } of miReaderRoles(databaseNameOf(config.databaseUrl)))
      await db.raw(`alter role "${r}" password null`);
  });
});

describe('who may read them', () => {
  it('answers regulators only', async () => {
    const operator = await createUser(api.deps.db);
    await grantOperator(api.deps.db, operator, accounts[6]!, 'operator_admin');
    expect((await post('/custom', { sqlQuery: 'select 1' }, operator)).status).toBe(403);
  });
});
