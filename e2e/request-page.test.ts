// The request page as the hub of a request (issue 38), in a real browser: a regulator leaves a note
// with a Visio chart on a submitted notification's request (finished, so no task of theirs is there),
// changes it and deletes it after confirming; the operator of the account finds the open action plan
// task under 'Tasks to complete' with who holds it and opens it at its account-context address, never
// sees the regulator's note, reads a submission through the timeline's 'View details', and opens a
// help panel on a notification question. Pages pass axe at 1280 and 375 px.
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, baseUrl, launchBrowser, viewports, watchConsole } from '../test/browser';
import { enterPassword, openSignIn } from '../test/e2e-session';
import { totp } from '../test/e2e-people';
import {
  createAccount,
  createSubmittedReport,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { createCredential } from '../identity/credentials';
import { base32Encode } from '../identity/totp';
import { allRegulatorPermissions } from '../domain/authorities';
import { completeReport } from '../test/fixtures/notification-reports';
import { samples } from '../test/sample-files';
import { taskTypeLabel } from '../processes';

let browser: Browser;
let db: Knex;
let account: TestAccount;
let operatorUser: TestUser;
let apTaskId: number;
let nocTaskId: number;
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const nocId = `NOCH${run}`.slice(0, 20);
const apId = `APH${run}`.slice(0, 20);
const openNocId = `NOCO${run}`.slice(0, 20);
const operator = { email: `olive.${run.toLowerCase()}@example.test`, password: 'Hub-Operator-Pass-4' };
const regulator = {
  email: `rory.${run.toLowerCase()}@example.test`,
  password: 'Hub-Regulator-Pass-5',
  totpSecret: base32Encode(randomBytes(20)),
};

async function person(
  who: { email: string; password: string; totpSecret?: string },
  firstName: string,
  lastName: string,
): Promise<TestUser> {
  const termsVersion = ((await db('terms').max('version as v').first()) as { v: number | null }).v ?? undefined;
  const user = await createUser(db, { email: who.email, firstName, lastName, termsVersion });
  await createCredential(db, {
    email: who.email,
    firstName,
    lastName,
    password: who.password,
    verified: true,
    subject: user.id,
  });
  await db('identity_credentials')
    .where({ subject: user.id })
    .update({ totp_offered_at: new Date(), totp_secret: who.totpSecret ?? null });
  return user;
}

async function openTask(requestId: string, type: string, requestType: string): Promise<number> {
  await db('requests').insert({
    id: requestId,
    type: requestType,
    status: 'IN_PROGRESS',
    account_id: account.id,
    competent_authority: account.competentAuthority,
  });
  const [row] = await db('request_tasks')
    .insert({
      request_id: requestId,
      type,
      assignee: operatorUser.id,
      account_id: account.id,
      competent_authority: account.competentAuthority,
    })
    .returning('id');
  return Number(row.id);
}

beforeAll(async () => {
  browser = await launchBrowser();
  db = knex({ client: 'pg', connection: process.env.E2E_DATABASE_URL, pool: { min: 0, max: 2 } });
  account = await createAccount(db, { name: `Hub Works ${run}` });
  operatorUser = await person(operator, 'Olive', 'Operator');
  await grantOperator(db, operatorUser, account);
  const rory = await person(regulator, 'Rory', 'Regulator');
  await grantRegulator(db, rory, account.competentAuthority, allRegulatorPermissions);
  const report = completeReport('esos95To100');
  await createSubmittedReport(db, {
    account,
    requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
    requestId: nocId,
    data: report.report as Record<string, unknown>,
  });
  await db('request_actions').insert({
    request_id: nocId,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED',
    payload: JSON.stringify(report),
    submitter_id: operatorUser.id,
    submitter: 'Olive Operator',
  });
  apTaskId = await openTask(apId, 'ACTION_PLAN_P3_APPLICATION_SUBMIT', 'ACTION_PLAN_P3');
  nocTaskId = await openTask(
    openNocId,
    'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT',
    'NOTIFICATION_OF_COMPLIANCE_P3',
  );
});
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});

async function axeAtBothWidths(page: Page) {
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(viewports.desktop);
}

it('a regulator notes on a submitted notification’s request with a Visio chart, changes the note and deletes it after confirming', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  const errors = watchConsole(page);
  await openSignIn(page);
  await enterPassword(page, regulator);
  await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
  await page.getByLabel('Code from your authenticator app').fill(totp(regulator.totpSecret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');

  await page.goto(`${baseUrl()}/accounts/${account.id}/workflows/${nocId}#notes`);
  await page.getByRole('heading', { level: 2, name: 'Notes' }).waitFor();
  await page.getByText('There are no notes yet.').waitFor();
  await page.getByLabel('Upload a file (optional)').setInputFiles({
    name: 'Group chart.vsdx',
    mimeType: 'application/vnd.ms-visio.drawing',
    buffer: samples.vsdx(),
  });
  await page.getByRole('link', { name: 'Remove Group chart.vsdx' }).waitFor();
  await page.getByLabel('Add a note').fill('Group structure chart checked against the notification');
  await page.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Group structure chart checked against the notification').waitFor();
  await page.getByRole('link', { name: 'Group chart.vsdx (download)' }).waitFor();
  expect(await db('request_notes').where({ request_id: nocId }).count({ n: '*' })).toEqual([{ n: '1' }]);
  await axeAtBothWidths(page);

  await page.getByRole('link', { name: 'Edit note by Rory Regulator' }).click();
  await page.getByLabel('Edit the note').fill('Chart checked; no changes needed');
  await page.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Chart checked; no changes needed').waitFor();

  await page.getByRole('link', { name: 'Delete note by Rory Regulator' }).click();
  await page.getByRole('heading', { name: 'Are you sure you want to delete this note?' }).waitFor();
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: 'Yes, delete this note' }).click();
  await page.getByText('There are no notes yet.').waitFor();
  expect(await db('request_notes').where({ request_id: nocId }).count({ n: '*' })).toEqual([{ n: '0' }]);
  // A note on a finished request, audited as it was written, changed and deleted.
  const audited = await db('audit_log').where({ entity: 'request_notes', request_id: nocId }).orderBy('id');
  expect(audited.map((a) => a.operation)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  expect(errors).toEqual([]);
  await page.close();
});

it('the operator finds the open task under Tasks to complete, opens it in the account’s context, reads a submission’s details and a help panel', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  const errors = watchConsole(page);
  await openSignIn(page);
  await enterPassword(page, operator);
  await page.waitForURL('**/dashboard');

  await page.goto(`${baseUrl()}/accounts/${account.id}/workflows/${apId}`);
  const label = taskTypeLabel('ACTION_PLAN_P3_APPLICATION_SUBMIT')!;
  await page.getByRole('heading', { level: 2, name: 'Tasks to complete' }).waitFor();
  await page.getByRole('heading', { level: 3, name: label }).waitFor();
  await page.getByText('Assigned to Olive Operator').waitFor();
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: `View task ${label}` }).click();
  await page.waitForURL(`**/accounts/${account.id}/workflows/${apId}/tasks/${apTaskId}`);
  await page.getByRole('heading', { level: 1, name: label }).waitFor();

  // The submitted notification: the timeline entry's details are the answers as submitted.
  await page.goto(`${baseUrl()}/accounts/${account.id}/workflows/${nocId}`);
  await page.getByRole('heading', { level: 2, name: 'Timeline' }).waitFor();
  await page.getByText('View details', { exact: false }).first().click();
  await page.locator('li details[open] .govuk-summary-list').first().waitFor();
  await axeAtBothWidths(page);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByRole('heading', { level: 2, name: 'Notes' }).waitFor();

  // A help panel on a notification question, closed until opened.
  await page.goto(`${baseUrl()}/tasks/${nocTaskId}/section/reportingObligation/qualification`);
  await page.getByLabel('No, the organisation does not qualify for ESOS and will not submit a notification').check();
  const help = page.locator('details.esos-help');
  await help.getByText('When are the qualification conditions not met').waitFor();
  expect(await help.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  await help.getByText('When are the qualification conditions not met').click();
  await help.getByText(/section 1161 of the Companies Act 2006/).waitFor();
  await axeAtBothWidths(page);
  expect(errors).toEqual([]);
  await page.close();
});
