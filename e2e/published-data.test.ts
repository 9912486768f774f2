// Published data in a real browser (issue 30): a regulator of OPRED (where no other browser test
// submits notifications; the expected rows are read from the database all the same) publishes the
// notifications, watching the workflow finish; an anonymous browser finds the dataset on the public
// page and downloads the workbook, which holds one row per submitted notification of OPRED's
// accounts and no name of a person, e-mail address or telephone number; a notification submitted
// afterwards is only in the next version, which the regulator then withdraws. Both pages pass axe
// at 1280 and 375 px.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { baseUrl, watchConsole } from '../test/browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { createAccount, createUser, type TestAccount } from '../test/factories';
import { completeReports } from '../test/fixtures/notification-reports';
import { notificationProcess, requestIdOf } from '../processes';
import { publishedStatusLabels } from '../domain/published-data';

const { as, newPage } = useBrowser();
const CA = 'OPRED';
const PUBLISHER = 'Offshore Petroleum Regulator for Environment and Decommissioning';
const TITLE = 'Notification of Compliance, phase 3';
const PERSONAL = [
  'Priya',
  'Shah',
  'Hannah',
  'Okafor',
  'Margaret',
  'Ellis',
  'Gareth',
  'Lloyd',
  '@',
  '1228 960124',
  '7700 900124',
];

/** A submitted notification of the account, as the process keeps it. */
async function submitNotification(account: TestAccount) {
  const db = e2eDb();
  const operator = await createUser(db);
  const requestId = requestIdOf(notificationProcess, account.id);
  await db('requests').insert({
    id: requestId,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3',
    status: 'COMPLETED',
    account_id: account.id,
    competent_authority: CA,
    payload: '{}',
  });
  await db('reports').insert({
    request_id: requestId,
    account_id: account.id,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3',
    data: JSON.stringify(completeReports.esos95To100.report),
    submitted_by: operator.id,
    submitted_at: new Date(),
  });
  return requestId;
}

/** Every notification of OPRED's accounts now. */
const submittedIds = async () =>
  (
    await e2eDb()('reports as p')
      .join('accounts as a', 'a.id', 'p.account_id')
      .where({ 'a.competent_authority': CA, 'p.type': 'NOTIFICATION_OF_COMPLIANCE_P3' })
      .pluck('p.request_id')
  ).sort();

/**
 * Builds the notifications from the regulator's page, reviews the version (its files, the free-text
 * counts) and publishes it; answers its number.
 */
async function publish(page: Page, description: string): Promise<number> {
  await page.goto(`${baseUrl()}/published-data/manage`);
  await page.getByRole('heading', { name: 'Publish data', level: 1 }).waitFor();
  await page.getByRole('radio', { name: TITLE }).check();
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Build the files', exact: true }).click();
  const banner = page.getByText(new RegExp(`^${TITLE}, version (\\d+) is being built`));
  await banner.waitFor();
  const version = Number(/version (\d+)/.exec((await banner.textContent())!)![1]);
  const card = page
    .locator('section.govuk-summary-card')
    .filter({ has: page.getByRole('heading', { name: `${TITLE}, version ${version}`, exact: true }) });
  await card.locator('.govuk-tag').getByText(publishedStatusLabels.READY, { exact: true }).waitFor({ timeout: 30_000 });
  // The review: the exact files, and the free-text columns with their counts.
  await card.getByRole('link', { name: `Download version ${version} to review as CSV` }).waitFor();
  await card
    .getByRole('table')
    .getByText(/Trading name/)
    .first()
    .waitFor();
  await expectAccessible(page);
  await card.getByRole('button', { name: `Publish version ${version}` }).click();
  await page.getByText(`${TITLE}, version ${version} has been published`).waitFor();
  await card.locator('.govuk-tag').getByText(publishedStatusLabels.PUBLISHED, { exact: true }).waitFor();
  await card.getByText(description).waitFor();
  return version;
}

/** Downloads a version's workbook from the public page; answers its sheets' rows. */
async function downloadWorkbook(page: Page, version: number) {
  await page.goto(`${baseUrl()}/published-data`);
  await page.getByRole('heading', { name: `${TITLE}: ${PUBLISHER}, version ${version}` }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download ${TITLE}, version ${version} as Excel workbook (XLSX)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Energy_Savings_Opportunity_Scheme_Phase_3_${CA}_v${version}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheets: Record<string, string[][]> = {};
  book.eachSheet((ws) => {
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    sheets[ws.name] = rows;
  });
  return sheets;
}

const idsIn = (sheets: Record<string, string[][]>) =>
  sheets['Reporting Obligation']!.slice(1)
    .map((r) => r[0]!)
    .sort();

it('publishes the notification dataset, which an anonymous browser downloads without contact details; a later submission is only in the next version, which is withdrawn', async () => {
  const db = e2eDb();
  const accounts = [
    await createAccount(db, { competentAuthority: CA, name: `Offshore Energy One ${Date.now()}` }),
    await createAccount(db, { competentAuthority: CA, name: `Offshore Energy Two ${Date.now()}` }),
  ];
  for (const account of accounts) await submitNotification(account);

  const regulator = await newPerson({ firstName: 'Orla', lastName: 'Publisher', regulatorOf: CA });
  const page = await as(regulator);
  const errors = watchConsole(page);
  await page.goto(`${baseUrl()}/mi-reports`);
  await page.getByRole('link', { name: 'Publish data' }).click();
  await page.getByRole('heading', { name: 'Publish data', level: 1 }).waitFor();
  // Nothing chosen: the error summary says what is missing.
  await page.getByRole('button', { name: 'Build the files', exact: true }).click();
  await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
  await page.getByRole('link', { name: 'Select the data to publish' }).waitFor();
  await page.getByRole('link', { name: 'Enter a description of the data' }).waitFor();
  await expectAccessible(page);

  const expected = await submittedIds();
  const first = await publish(page, 'Notifications of OPRED accounts so far');
  await expectAccessible(page);

  const visitor = await newPage();
  const visitorErrors = watchConsole(visitor);
  const firstSheets = await downloadWorkbook(visitor, first);
  await expectAccessible(visitor);
  expect(idsIn(firstSheets)).toEqual(expected);
  const everything = JSON.stringify(firstSheets);
  for (const text of PERSONAL) expect(everything).not.toContain(text);

  // A notification submitted after the first version.
  const later = await submitNotification(
    await createAccount(db, { competentAuthority: CA, name: `Offshore Energy Three ${Date.now()}` }),
  );
  expect(idsIn(await downloadWorkbook(visitor, first))).not.toContain(later);
  const second = await publish(page, 'Notifications of OPRED accounts, with the latest');
  expect(second).toBe(first + 1);
  await page.getByText('Since version').first().waitFor();
  const secondSheets = await downloadWorkbook(visitor, second);
  expect(idsIn(secondSheets)).toEqual([...expected, later].sort());
  expect(idsIn(await downloadWorkbook(visitor, first))).toEqual(expected);

  // Withdrawn after a confirmation with a reason: kept on the regulators' page, listed publicly as
  // withdrawn with the date and the reason, and no longer downloadable.
  const card = page
    .locator('section.govuk-summary-card')
    .filter({ has: page.getByRole('heading', { name: `${TITLE}, version ${second}`, exact: true }) });
  await card.getByRole('button', { name: `Withdraw version ${second}` }).click();
  await card.getByRole('button', { name: `Yes, withdraw version ${second}` }).click();
  await card.getByText('Enter why the data is withdrawn').first().waitFor();
  await expectAccessible(page);
  const reason = 'One organisation’s figures were entered wrongly';
  await card.getByLabel('Why is it withdrawn?').fill(reason);
  await card.getByRole('button', { name: `Yes, withdraw version ${second}` }).click();
  await page.getByText(`${TITLE}, version ${second} has been withdrawn`).waitFor();
  await card.locator('.govuk-tag').getByText(publishedStatusLabels.WITHDRAWN, { exact: true }).waitFor();
  await visitor.goto(`${baseUrl()}/published-data`);
  await visitor.getByRole('heading', { name: `${TITLE}: ${PUBLISHER}, version ${first}`, exact: true }).waitFor();
  const withdrawn = visitor.getByRole('heading', { name: `${TITLE}: ${PUBLISHER}, version ${second} (withdrawn)` });
  await withdrawn.waitFor();
  const section = visitor.locator('section').filter({ has: withdrawn });
  await section.getByText(reason).waitFor();
  expect(await section.getByRole('link').count()).toBe(0);
  await expectAccessible(visitor);

  expect(errors).toEqual([]);
  expect(visitorErrors).toEqual([]);
});
