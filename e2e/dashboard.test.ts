// The Tasks dashboard (spec §2, §3) in a real browser against tasks seeded in the service's own
// database: the three tabs through the URL fragment, 10 a page, the columns, the 'New' tag, days
// remaining, task links, the operators' action and the regulators' upload link, and axe.
// The people, accounts and tasks are this file's own (other browser tests share the demo users).
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, baseUrl, launchBrowser, viewports, watchConsole } from '../test/browser';
import { enterPassword, openSignIn } from '../test/e2e-session';
import { totp } from '../test/e2e-people';
import {
  createAccount,
  createTask,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { createCredential } from '../identity/credentials';
import { base32Encode } from '../identity/totp';
import { allRegulatorPermissions } from '../domain/authorities';
import { taskTypeLabel } from '../processes';

type TaskType = keyof typeof requestTypeOf;

let browser: Browser;
let db: Knex;

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const operator = { email: `dana.${run}@example.test`.toLowerCase(), password: 'Dashboard-Operator-Pass-7' };
const regulator = {
  email: `rhea.${run}@example.test`.toLowerCase(),
  password: 'Dashboard-Regulator-Pass-8',
  totpSecret: base32Encode(randomBytes(20)),
};

/** A person who can sign in with a password (and, given a secret, a one-time code); terms accepted. */
async function person(
  email: string,
  password: string,
  firstName: string,
  lastName: string,
  totpSecret?: string,
): Promise<TestUser> {
  const termsVersion = ((await db('terms').max('version as v').first()) as { v: number | null }).v ?? undefined;
  const user = await createUser(db, { email, firstName, lastName, termsVersion });
  await createCredential(db, { email, firstName, lastName, password, verified: true, subject: user.id });
  await db('identity_credentials')
    .where({ subject: user.id })
    .update({ totp_offered_at: new Date(), totp_secret: totpSecret ?? null });
  return user;
}

const requestTypeOf = {
  ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW: 'ORGANISATION_ACCOUNT_OPENING',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT: 'NOTIFICATION_OF_COMPLIANCE_P3',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT: 'NOTIFICATION_OF_COMPLIANCE_P3',
  NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT: 'NOTIFICATION_OF_COMPLIANCE_P3',
  ACTION_PLAN_P3_APPLICATION_SUBMIT: 'ACTION_PLAN_P3',
  PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT: 'PROGRESS_UPDATE_1_P3',
  PROGRESS_UPDATE_2_P3_APPLICATION_SUBMIT: 'PROGRESS_UPDATE_2_P3',
  ACCOUNT_CLOSURE_SUBMIT: 'ACCOUNT_CLOSURE',
};

let requestCounter = 0;

/** One open task on its own request, as a workflow's activity would have written it. */
async function seedTask(fields: {
  type: TaskType;
  account: TestAccount;
  assignee: TestUser | null;
  /** Orders the lists: they are newest first. */
  minutesAgo: number;
  dueInDays?: number | null;
  seenBy?: TestUser;
  requestType?: string;
}): Promise<number> {
  const taskId = await createTask(db, {
    requestId: `DB${run}N${++requestCounter}-P3`,
    requestType: fields.requestType ?? requestTypeOf[fields.type],
    type: fields.type,
    account: fields.account,
    assignee: fields.assignee,
    startMinutes: -fields.minutesAgo,
    dueInDays: fields.dueInDays,
  });
  if (fields.seenBy) await db('request_task_visits').insert({ task_id: taskId, user_id: fields.seenBy.id });
  return taskId;
}

const operatorTypes: TaskType[] = [
  'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT',
  'ACTION_PLAN_P3_APPLICATION_SUBMIT',
  'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT',
  'PROGRESS_UPDATE_2_P3_APPLICATION_SUBMIT',
];

interface Expected {
  id: number;
  name: string;
  isNew: boolean;
  days: string;
  account: TestAccount;
  registrationNumber: string;
  assignee?: string;
  linked: boolean;
}

const seeded = {
  mine: [] as Expected[],
  others: [] as Expected[],
  unassigned: [] as Expected[],
  regulatorUnassigned: [] as Expected[],
};

/** Due in: 12 days, today (0: 'Overdue'), 4 days ago ('Overdue'), none; then none every fourth, else 30+. */
function dueFor(i: number): { due: number | null; text: string } {
  const due = i === 1 ? 12 : i === 2 ? 0 : i === 3 ? -4 : i % 4 === 0 ? null : 30 + i;
  return { due, text: due === null ? '' : due > 0 ? String(due) : 'Overdue' };
}

beforeAll(async () => {
  browser = await launchBrowser();
  db = knex({ client: 'pg', connection: process.env.E2E_DATABASE_URL, pool: { min: 0, max: 2 } });

  // The operator: two accounts (one without a registration number), a colleague on the first,
  // and a third account they hold no authority on.
  const dana = await person(operator.email, operator.password, 'Dana', 'Dashboard');
  const registration = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const first = await createAccount(db, { name: `Dashboard Works ${run}`, registrationNumber: registration });
  const second = await createAccount(db, { name: `Second Site ${run}` });
  const elsewhere = await createAccount(db, { name: `Not Theirs ${run}` });
  await grantOperator(db, dana, first);
  await grantOperator(db, dana, second);
  const colin = await createUser(db, { firstName: 'Colin', lastName: `Colleague ${run}` });
  const nameless = await createUser(db, { firstName: '', lastName: `Smith ${run}` });
  await grantOperator(db, colin, first, 'operator');
  await grantOperator(db, nameless, first, 'operator');

  // 23 assigned to the operator: pages of 10, 10 and 3. Odd ones have never been opened ('New').
  for (let i = 1; i <= 23; i++) {
    const type = operatorTypes[(i - 1) % operatorTypes.length];
    const account = i % 2 === 1 ? first : second;
    const { due, text } = dueFor(i);
    const id = await seedTask({
      type,
      account,
      assignee: dana,
      minutesAgo: i,
      dueInDays: due,
      seenBy: i % 2 === 0 ? dana : undefined,
    });
    seeded.mine.push({
      id,
      name: taskTypeLabel(type)!,
      isNew: i % 2 === 1,
      days: text,
      account,
      registrationNumber: account === first ? registration : '',
      linked: true,
    });
  }
  // Assigned to others: a colleague's, one of a request type outside the six (listed, not linked),
  // and one of a person without a first name (shown by last name alone).
  const others: [TestUser, string, TaskType, string?][] = [
    [colin, `Colin Colleague ${run}`, 'ACTION_PLAN_P3_APPLICATION_SUBMIT'],
    [nameless, `Smith ${run}`, 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT'],
    [colin, `Colin Colleague ${run}`, 'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT', 'PERMIT_SURRENDER'],
  ];
  for (const [i, [user, assignee, type, requestType]] of others.entries()) {
    const id = await seedTask({ type, account: first, assignee: user, minutesAgo: 100 + i, dueInDays: 5, requestType });
    seeded.others.push({
      id,
      name: taskTypeLabel(type)!,
      isNew: true,
      days: '5',
      account: first,
      registrationNumber: registration,
      assignee,
      linked: !requestType,
    });
  }
  for (let i = 0; i < 2; i++) {
    const type = operatorTypes[i];
    const id = await seedTask({ type, account: second, assignee: null, minutesAgo: 200 + i, dueInDays: -1 });
    seeded.unassigned.push({
      id,
      name: taskTypeLabel(type)!,
      isNew: true,
      days: 'Overdue',
      account: second,
      registrationNumber: '',
      linked: true,
    });
  }
  // Never listed for the operator: a regulator's task on their account, and a task on an account
  // they hold no authority on (even though it names them).
  await seedTask({
    type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
    account: first,
    assignee: null,
    minutesAgo: 0,
  });
  await seedTask({ type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT', account: elsewhere, assignee: dana, minutesAgo: 0 });

  // The regulator: OPRED (no other browser test works there), 12 unassigned reviews and two of theirs.
  const rhea = await person(regulator.email, regulator.password, 'Rhea', 'Regulator', regulator.totpSecret);
  await grantRegulator(db, rhea, 'OPRED', allRegulatorPermissions);
  const offshore = await createAccount(db, { name: `Offshore Applicant ${run}`, competentAuthority: 'OPRED' });
  for (let i = 1; i <= 12; i++) {
    const id = await seedTask({
      type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
      account: offshore,
      assignee: null,
      minutesAgo: i,
      dueInDays: 20 - i,
    });
    seeded.regulatorUnassigned.push({
      id,
      name: taskTypeLabel('ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW')!,
      isNew: true,
      days: String(20 - i),
      account: offshore,
      registrationNumber: '',
      linked: true,
    });
  }
  for (let i = 1; i <= 2; i++)
    await seedTask({
      type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
      account: offshore,
      assignee: rhea,
      minutesAgo: i,
    });
});

afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});

interface Row {
  name: string;
  href: string | null;
  isNew: boolean;
  cells: string[];
}

/** The rows of the selected tab's table once it shows `summary`. */
async function rowsOf(page: Page, panelId: string, summary: string): Promise<Row[]> {
  const panel = page.locator(`#${panelId}`);
  await panel.getByText(summary, { exact: true }).waitFor();
  return panel.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')];
      const link = cells[0].querySelector('a');
      const tag = cells[0].querySelector('.govuk-tag');
      return {
        name: (link ?? cells[0]).childNodes[0]?.textContent?.trim() ?? '',
        href: link?.getAttribute('href') ?? null,
        isNew: tag?.textContent === 'New',
        cells: cells.slice(1).map((td) => td.textContent ?? ''),
      };
    }),
  );
}

function expectedRow(e: Expected, withAssignee: boolean): Row {
  return {
    name: e.name,
    href: e.linked ? `/tasks/${e.id}` : null,
    isNew: e.isNew,
    cells: [
      ...(withAssignee ? [e.assignee ?? ''] : []),
      e.days,
      e.account.name,
      e.registrationNumber,
      e.account.organisationId,
    ],
  };
}

const headers = (page: Page, panelId: string) => page.locator(`#${panelId} thead th`).allTextContents();
const currentUrl = (page: Page) => new URL(page.url());

it('shows the operator their three tabs, 10 tasks a page with paging, the columns, tags, days remaining and links', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  const errors = watchConsole(page);
  await openSignIn(page);
  await enterPassword(page, operator);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();

  // The tabs, assigned-to-me selected by default.
  await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
    'Assigned to me',
    'Assigned to others',
    'Unassigned',
  ]);
  await expect(page.getByRole('tab', { name: 'Assigned to me' }).getAttribute('aria-selected')).resolves.toBe('true');

  // The operators' action.
  await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor();
  await expect(page.getByRole('link', { name: 'Add another organisation account' }).getAttribute('href')).resolves.toBe(
    '/accounts/new',
  );
  await expect(
    page.getByRole('link', { name: 'Upload file with verified organisation accounts' }).count(),
  ).resolves.toBe(0);

  // Page 1 of 3: the newest ten, with the columns of the tab (no 'Assigned to').
  const page1 = await rowsOf(page, 'assigned-to-me', 'Showing 1 to 10 of 23 results');
  expect(page1).toEqual(seeded.mine.slice(0, 10).map((e) => expectedRow(e, false)));
  await expect(headers(page, 'assigned-to-me')).resolves.toEqual([
    'Task',
    'Days remaining',
    'Organisation name',
    'Registration number',
    'Organisation ID',
  ]);
  // The days remaining of spec §3 in the first four: a number, 'Overdue' at zero and below, empty.
  expect(page1.slice(0, 4).map((r) => r.cells[0])).toEqual(['12', 'Overdue', 'Overdue', '']);
  expect(page1.map((r) => r.isNew)).toEqual([true, false, true, false, true, false, true, false, true, false]);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: /^Page \d$/ }).allTextContents()).resolves.toEqual(['1', '2', '3']);
  await expect(pagination.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).resolves.toBe('page');

  // Page 2 through its number, page 3 through 'Next': the page is in the query, the tab in the fragment.
  await pagination.getByRole('link', { name: 'Page 2' }).click();
  expect(await rowsOf(page, 'assigned-to-me', 'Showing 11 to 20 of 23 results')).toEqual(
    seeded.mine.slice(10, 20).map((e) => expectedRow(e, false)),
  );
  expect(currentUrl(page).searchParams.get('page')).toBe('2');
  await pagination.getByRole('link', { name: 'Next page' }).click();
  expect(await rowsOf(page, 'assigned-to-me', 'Showing 21 to 23 of 23 results')).toEqual(
    seeded.mine.slice(20).map((e) => expectedRow(e, false)),
  );
  expect(currentUrl(page).searchParams.get('page')).toBe('3');
  await expect(pagination.getByRole('link', { name: 'Next page' }).count()).resolves.toBe(0);
  // The browser's Back button returns to the page before.
  await page.goBack();
  await rowsOf(page, 'assigned-to-me', 'Showing 11 to 20 of 23 results');

  // Another tab: the fragment changes and the page resets to 1. Only this tab has 'Assigned to'.
  await page.getByRole('tab', { name: 'Assigned to others' }).click();
  const others = await rowsOf(page, 'assigned-to-others', 'Showing 1 to 3 of 3 results');
  expect(currentUrl(page).hash).toBe('#assigned-to-others');
  expect(currentUrl(page).searchParams.has('page')).toBe(false);
  await expect(page.getByRole('tab', { name: 'Assigned to others' }).getAttribute('aria-selected')).resolves.toBe(
    'true',
  );
  await expect(headers(page, 'assigned-to-others')).resolves.toEqual([
    'Task',
    'Assigned to',
    'Days remaining',
    'Organisation name',
    'Registration number',
    'Organisation ID',
  ]);
  // The person without a first name by last name alone; the request type outside the six unlinked.
  expect(others).toEqual(seeded.others.map((e) => expectedRow(e, true)));
  expect(others[2].href).toBeNull();
  await page.screenshot({ path: '/tmp/shot-dashboard-assigned-to-others.png', fullPage: true });
  await expect(page.getByRole('navigation', { name: 'Pagination' }).count()).resolves.toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Unassigned' }).click();
  expect(await rowsOf(page, 'unassigned', 'Showing 1 to 2 of 2 results')).toEqual(
    seeded.unassigned.map((e) => expectedRow(e, false)),
  );
  expect(currentUrl(page).hash).toBe('#unassigned');
  await expect(headers(page, 'unassigned')).resolves.toEqual([
    'Task',
    'Days remaining',
    'Organisation name',
    'Registration number',
    'Organisation ID',
  ]);

  // Arrow keys move between the tabs too.
  await page.getByRole('tab', { name: 'Unassigned' }).press('ArrowLeft');
  await rowsOf(page, 'assigned-to-others', 'Showing 1 to 3 of 3 results');
  expect(currentUrl(page).hash).toBe('#assigned-to-others');

  // A link with a fragment and a page opens that tab at that page.
  await page.goto(`${baseUrl()}/dashboard?page=2#assigned-to-me`);
  await rowsOf(page, 'assigned-to-me', 'Showing 11 to 20 of 23 results');
  await page.goto(`${baseUrl()}/dashboard#unassigned`);
  await rowsOf(page, 'unassigned', 'Showing 1 to 2 of 2 results');
  await expect(page.getByRole('tab', { name: 'Unassigned' }).getAttribute('aria-selected')).resolves.toBe('true');

  // Opening a task goes to /tasks/{id}; back on the dashboard it is no longer new. (The task page
  // is another test's subject: only the dashboard's console is checked.)
  await page.getByRole('tab', { name: 'Assigned to me' }).click();
  await rowsOf(page, 'assigned-to-me', 'Showing 1 to 10 of 23 results');
  expect(errors).toEqual([]);
  const newest = seeded.mine[0];
  await page.locator('#assigned-to-me').getByRole('link', { name: newest.name }).first().click();
  await page.waitForURL(`**/tasks/${newest.id}`);
  await page.getByRole('heading', { level: 1, name: newest.name }).waitFor();
  await page.goBack();
  const after = await rowsOf(page, 'assigned-to-me', 'Showing 1 to 10 of 23 results');
  errors.length = 0;
  expect(after[0]).toEqual({ ...expectedRow(newest, false), isNew: false });

  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(viewports.mobile);
  await rowsOf(page, 'assigned-to-me', 'Showing 1 to 10 of 23 results');
  expect(await axeViolations(page)).toEqual([]);
  // WCAG 1.4.10 reflow: at 375 px the table fits without scrolling sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.mobile.width);
  expect(errors).toEqual([]);
  await page.close();
});

it('shows a regulator the unassigned work of their competent authority with paging, and the upload link', async () => {
  const page = await browser.newPage({ viewport: viewports.mobile });
  const errors = watchConsole(page);
  await openSignIn(page);
  await enterPassword(page, regulator);
  await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
  await page.getByLabel('Code from your authenticator app').fill(totp(regulator.totpSecret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();

  await expect(
    page.getByRole('link', { name: 'Upload file with verified organisation accounts' }).getAttribute('href'),
  ).resolves.toBe('/upload-organisation-accounts');
  await expect(page.getByRole('heading', { name: 'Actions' }).count()).resolves.toBe(0);
  await expect(page.getByRole('link', { name: 'Add another organisation account' }).count()).resolves.toBe(0);

  const mine = await rowsOf(page, 'assigned-to-me', 'Showing 1 to 2 of 2 results');
  expect(mine.map((r) => r.name)).toEqual([
    taskTypeLabel('ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW')!,
    taskTypeLabel('ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW')!,
  ]);

  await page.getByRole('tab', { name: 'Unassigned' }).click();
  expect(await rowsOf(page, 'unassigned', 'Showing 1 to 10 of 12 results')).toEqual(
    seeded.regulatorUnassigned.slice(0, 10).map((e) => expectedRow(e, false)),
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  expect(await rowsOf(page, 'unassigned', 'Showing 11 to 12 of 12 results')).toEqual(
    seeded.regulatorUnassigned.slice(10).map((e) => expectedRow(e, false)),
  );
  expect(currentUrl(page).hash).toBe('#unassigned');
  expect(currentUrl(page).searchParams.get('page')).toBe('2');

  await page.getByRole('tab', { name: 'Assigned to others' }).click();
  await page.locator('#assigned-to-others').getByText('There are no tasks.').waitFor();
  expect(currentUrl(page).searchParams.has('page')).toBe(false);
  expect(errors).toEqual([]);
  await page.close();
});
