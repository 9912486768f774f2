// Large groups in a real browser, as their users work (issue 37): a notification's 1,000 associated
// organisations uploaded from a CSV file, one changed and one removed (after its confirmation), then
// submitted; a 500-row file with 3 bad rows shown by those rows, the list left as it was; an action
// plan's 30 measures entered one page at a time. The notification's other sections are put in its
// draft as a complete report (they are not what is tested here, and notification.test.ts and
// documents.test.ts fill them page by page); every organisation and measure goes through the pages.
// Progress updates' per-measure pages are in action-plan-and-progress-updates.test.ts. Each new page
// passes axe at 375 and 1280 px.
import type { Page } from 'playwright-core';
import { baseUrl, watchConsole } from '../test/browser';
import { expectAccessible, startButton, useBrowser } from '../test/e2e-browser';
import { e2eDb, newPerson, type Person } from '../test/e2e-people';
import { createAccount, grantOperator, type TestAccount } from '../test/factories';
import { completeReport, withUndertaking } from '../test/fixtures/notification-reports';
import { groupMeasure } from '../test/fixtures/large-group';
import { completeSection } from '../test/report-filler';
import {
  actionPlanReport,
  ESOS_ASSESSMENT_NOTIFICATION,
  ESTIMATION_METHOD_DESCRIPTION,
} from '../processes/action-plan/report';
import { ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE } from '../processes/notification-of-compliance/sections/associated-organisations-csv';
import { notificationProcess, requestIdOf } from '../processes';

jest.setTimeout(600_000);

const { as } = useBrowser();

/** An account of a company on the local register (its notification's number must be there to submit). */
async function group(): Promise<{ account: TestAccount & { registrationNumber: string }; admin: Person }> {
  const db = e2eDb();
  // A company no account has yet (a LIVE account's number is unique).
  const company = await db('company_register')
    .where({ company_status: 'active' })
    .whereNotIn('registration_number', db('accounts').whereNotNull('registration_number').select('registration_number'))
    .orderByRaw('random()')
    .first('registration_number', 'name');
  const account = await createAccount(db, { name: company.name, registrationNumber: company.registration_number });
  const admin = await newPerson({ firstName: 'Gita', lastName: 'Group' });
  await grantOperator(db, admin, account, 'operator_admin');
  await db('account_contacts').insert({ account_id: account.id, user_id: admin.id, contact_type: 'PRIMARY' });
  return { account: { ...account, registrationNumber: company.registration_number }, admin };
}

/** Starts the notification and puts a complete report in its draft, with these organisations; answers its task's id. */
async function notificationWith(
  page: Page,
  account: TestAccount & { registrationNumber: string },
  organisations: Record<string, unknown>[],
) {
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  const draft = withUndertaking(completeReport('esos95To100'), {
    name: account.name,
    registrationNumber: account.registrationNumber,
  });
  draft.report.organisationStructure = {
    ...draft.report.organisationStructure,
    organisationsAssociatedWithRU: organisations,
  };
  const task = await e2eDb()('request_tasks')
    .where({ request_id: requestIdOf(notificationProcess, account.id) })
    .first('id');
  await e2eDb()('request_tasks')
    .where({ id: task.id })
    .update({ payload: JSON.stringify(draft), version: e2eDb().raw('version + 1') });
  return Number(task.id);
}

const organisationRow = (i: number) =>
  `Group Company ${String(i).padStart(4, '0')} Limited,${20_000_000 + i},No,No,No,No,Yes,Yes,,,,,,`;
const csvOf = (lines: string[]) =>
  Buffer.from(`\uFEFF${ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE}${lines.join('\r\n')}\r\n`);
const listPath = (taskId: number) => `/tasks/${taskId}/section/organisationStructure/associated-organisations`;
const table = (page: Page) =>
  page.getByRole('table', { name: /Organisations associated with the responsible undertaking/ });

/** The request bodies the page posts to the task actions, by size. */
function postedBodies(page: Page): number[] {
  const sizes: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1.0/tasks/actions'))
      sizes.push(Buffer.byteLength(r.postData() ?? ''));
  });
  return sizes;
}

it('uploads 1,000 organisations, changes one, removes one after its confirmation, and submits', async () => {
  const { account, admin } = await group();
  const page = await as(admin);
  const errors = watchConsole(page);
  const taskId = await notificationWith(page, account, []);

  // The table: the responsible undertaking as row 1.
  await page.goto(`${baseUrl()}${listPath(taskId)}`);
  const ru = table(page).getByRole('row').nth(1);
  await ru.getByText('Responsible undertaking').waitFor();
  expect(await ru.getByRole('rowheader').textContent()).toBe(`${account.name}Responsible undertaking`);
  expect(await ru.getByRole('link', { name: /^Remove/ }).count()).toBe(0);
  await expectAccessible(page);

  // Upload a file instead: both templates offered; the file's 1,000 organisations become the list.
  await page.getByRole('link', { name: 'Upload a file instead' }).click();
  await page
    .getByRole('heading', {
      level: 1,
      name: 'Upload a file with information on the organisations complying as one participant',
    })
    .waitFor();
  await page.getByRole('link', { name: 'Download the template: Active UK organisations template.csv' }).waitFor();
  await page.getByRole('link', { name: 'Download the template: Active UK organisations template.xlsx' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Upload a file').setInputFiles({
    name: 'organisations.csv',
    mimeType: 'text/csv',
    buffer: csvOf(Array.from({ length: 1000 }, (_, i) => organisationRow(i + 1))),
  });
  await page.getByRole('status').getByText('The file has 1,000 organisations. They will be the list.').waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('table', { name: /\(1,000\)/ }).waitFor({ timeout: 120_000 });

  // 1,001 rows, 10 a page: the organisations A to Z after the responsible undertaking.
  const rowHeaders = () => table(page).getByRole('rowheader').allTextContents();
  expect((await rowHeaders()).slice(1, 3)).toEqual(['Group Company 0001 Limited', 'Group Company 0002 Limited']);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: 'Page 101' }).click();
  await page.waitForURL((url) => url.search === '?page=101');
  expect(await rowHeaders()).toEqual(['Group Company 1000 Limited']);
  await expectAccessible(page);

  // Editing items: each save sends one organisation.
  const bodies = postedBodies(page);
  await page.goto(`${baseUrl()}${listPath(taskId)}`);
  await table(page).getByRole('link', { name: 'Change Group Company 0001 Limited' }).click();
  await page.getByRole('heading', { level: 1, name: 'Group Company 0001 Limited' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Organisation name').fill('Aardvark Holdings Limited');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await table(page).getByRole('rowheader', { name: 'Aardvark Holdings Limited' }).waitFor();

  await table(page).getByRole('link', { name: 'Remove Group Company 0002 Limited' }).click();
  await page
    .getByRole('heading', { level: 1, name: 'Are you sure you want to remove Group Company 0002 Limited?' })
    .waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Yes, remove the organisation' }).click();
  await page.getByRole('table', { name: /\(999\)/ }).waitFor();
  expect(await table(page).getByText('Group Company 0002 Limited').count()).toBe(0);
  expect(bodies).toHaveLength(2);
  for (const size of bodies) expect(size).toBeLessThan(64 * 1024);

  // The section is confirmed again, and the notification submitted.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click(); // the group structure chart's page
  await page.getByRole('button', { name: 'Confirm and complete' }).click();
  await page.waitForURL((url) => url.pathname === `/tasks/${taskId}`);
  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'Notification sent to regulator' }).waitFor({ timeout: 120_000 });
  const stored = await e2eDb()('reports')
    .where({ request_id: requestIdOf(notificationProcess, account.id) })
    .first('data');
  const organisations = stored.data.organisationStructure.organisationsAssociatedWithRU as {
    organisationName: string;
  }[];
  expect(organisations).toHaveLength(999);
  expect(organisations.map((o) => o.organisationName)).toContain('Aardvark Holdings Limited');
  expect(errors).toEqual([]);
});

it('shows a 500-row file’s 3 bad rows by their row numbers and leaves the list as it was', async () => {
  const { account, admin } = await group();
  const page = await as(admin);
  const taskId = await notificationWith(
    page,
    account,
    completeReport('esos95To100').report.organisationStructure!.organisationsAssociatedWithRU as Record<
      string,
      unknown
    >[],
  );
  const before = await e2eDb()('request_tasks').where({ id: taskId }).first('payload', 'version');
  await page.goto(`${baseUrl()}${listPath(taskId)}/upload`);
  const lines = Array.from({ length: 500 }, (_, i) => organisationRow(i + 1));
  lines[9] = lines[9]!.replace(',No,No,No,No,Yes,', ',Maybe,No,No,No,Yes,'); // spreadsheet row 11
  lines[199] = lines[199]!.replace(/^[^,]*/, ''); // row 201: no name
  lines[449] = lines[449]!.replace(',No,No,No,No,Yes,', ',No,No,No,Yes,Yes,'); // row 451: parent and subsidiary
  await page
    .getByLabel('Upload a file')
    .setInputFiles({ name: 'organisations.csv', mimeType: 'text/csv', buffer: csvOf(lines) });
  const summary = page.getByRole('alert');
  await summary.getByRole('heading', { name: 'There is a problem' }).waitFor();
  const problems = await summary.getByRole('link').allTextContents();
  expect(problems).toHaveLength(3);
  expect(problems[0]).toMatch(/^Row 11, /);
  expect(problems[1]).toMatch(/^Row 201, Organisation Name: /);
  expect(problems[2]).toMatch(/^Row 451/);
  expect(await page.title()).toMatch(/^Error: /);
  expect(await page.getByRole('button', { name: 'Save and continue' }).count()).toBe(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await page.getByRole('table', { name: /\(3\)/ }).waitFor();
  const after = await e2eDb()('request_tasks').where({ id: taskId }).first('payload', 'version');
  expect(after).toEqual(before);
});

it('enters an action plan’s 30 measures one page at a time, the dates from month and year selects', async () => {
  const { account, admin } = await group();
  const page = await as(admin);
  const errors = watchConsole(page);
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page, 'Phase 3 Action Plan').click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 Action Plan' }).waitFor();
  const taskUrl = page.url();
  const measures = Array.from({ length: 30 }, (_, i) => groupMeasure(i + 1));

  // The first measure's page, as a new user meets it: the date chosen from selects bounded to the period.
  await page.getByRole('link', { name: 'Energy efficiency measures', exact: true }).click();
  const bodies = postedBodies(page);
  // Every measure through its own page (test/report-filler.ts: Add, its questions, Save and continue).
  await page.goto(taskUrl);
  await completeSection(page, actionPlanReport, 'energyEfficiencyMeasure', {
    haveEnergyEfficiencyMeasures: true,
    energyEfficiencyMeasures: measures,
  });
  for (const size of bodies) expect(size).toBeLessThan(64 * 1024);
  expect(bodies.length).toBeGreaterThanOrEqual(31);

  // 30 measures in the order added, 10 a page; measure 25's page shows its date in the selects.
  const list = `${taskUrl}/section/energyEfficiencyMeasure/measures`;
  await page.goto(`${list}?page=3`);
  const measuresTable = page.getByRole('table', { name: 'Energy efficiency measures (30)' });
  await measuresTable.getByRole('rowheader', { name: 'Measure 030' }).waitFor();
  expect(await measuresTable.getByRole('rowheader').allTextContents()).toEqual(
    measures.slice(20).map((m) => m.measureName as string),
  );
  await expectAccessible(page);
  await measuresTable.getByRole('link', { name: 'Change Measure 025' }).click();
  const date = page.getByRole('group', { name: 'When is the measure expected to be implemented?' });
  await date.waitFor();
  expect(await date.getByLabel('Month').inputValue()).toBe('3');
  expect(await date.getByLabel('Year').inputValue()).toBe('2024');
  expect(await date.getByLabel('Year').locator('option').allTextContents()).toEqual([
    'Year',
    '2023',
    '2024',
    '2025',
    '2026',
    '2027',
  ]);
  // A month before the period: the same message as ever.
  await date.getByLabel('Year').selectOption('2023');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page
    .getByRole('alert')
    .getByRole('link', { name: 'The deadline cannot be earlier than December 2023' })
    .waitFor();
  await expectAccessible(page);

  // And the plan is submitted with them.
  await page.goto(taskUrl);
  await completeSection(page, actionPlanReport, 'responsibleOfficerConfirmation', {
    confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value, ESTIMATION_METHOD_DESCRIPTION.value],
  });
  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'Action plan sent to regulator' }).waitFor({ timeout: 120_000 });
  const stored = await e2eDb()('reports')
    .where({ request_id: `AP${String(account.id).padStart(6, '0')}-P3` })
    .first('data');
  expect(stored.data.energyEfficiencyMeasure.energyEfficiencyMeasures).toMatchObject(measures);
  expect(errors).toEqual([]);
});
