// Notes with files in a real browser: on the task page, an operator adds a note with a file (sent
// as multipart under the real CSP), sees a refused file explained, downloads the saved file through
// its token and gets the same bytes under the same name; the page passes axe.
import fs from 'node:fs/promises';
import knex, { type Knex } from 'knex';
import type { Browser } from 'playwright-core';
import { axeViolations, baseUrl, launchBrowser, viewports, watchConsole } from '../test/browser';
import { enterPassword, openSignIn } from '../test/e2e-session';
import { createAccount, createUser, grantOperator } from '../test/factories';
import { createCredential } from '../identity/credentials';

let browser: Browser;
let db: Knex;
let taskId: number;
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const operator = { email: `nora.${run}@example.test`, password: 'Notes-Operator-Pass-9' };

beforeAll(async () => {
  browser = await launchBrowser();
  db = knex({ client: 'pg', connection: process.env.E2E_DATABASE_URL, pool: { min: 0, max: 2 } });
  const termsVersion = ((await db('terms').max('version as v').first()) as { v: number | null }).v ?? undefined;
  const user = await createUser(db, { email: operator.email, firstName: 'Nora', lastName: 'Notes', termsVersion });
  await createCredential(db, {
    email: operator.email,
    firstName: 'Nora',
    lastName: 'Notes',
    password: operator.password,
    verified: true,
    subject: user.id,
  });
  await db('identity_credentials').where({ subject: user.id }).update({ totp_offered_at: new Date() });
  const account = await createAccount(db, { name: `Notes Works ${run}` });
  await grantOperator(db, user, account);
  const requestId = `NF${run}`.slice(0, 20).toUpperCase();
  await db('requests').insert({
    id: requestId,
    type: 'ACTION_PLAN_P3',
    status: 'IN_PROGRESS',
    account_id: account.id,
    competent_authority: account.competentAuthority,
  });
  const [row] = await db('request_tasks')
    .insert({
      request_id: requestId,
      type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
      assignee: user.id,
      account_id: account.id,
      competent_authority: account.competentAuthority,
    })
    .returning('id');
  taskId = Number(row.id);
});
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});

it('adds a note with a file on the task page and downloads the file by its token', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop, acceptDownloads: true });
  const consoleErrors = watchConsole(page);
  await openSignIn(page);
  await enterPassword(page, operator);
  await page.waitForURL('**/dashboard');
  await page.goto(`${baseUrl()}/tasks/${taskId}`);
  await page.getByRole('heading', { level: 2, name: 'Notes' }).waitFor();

  // A file whose bytes are not what its name says is refused by the API, and the page says why.
  const upload = page.getByLabel('Upload a file (optional)');
  await upload.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
  await page.getByText('fake.pdf: The content of the selected file is not a valid PDF file').first().waitFor();

  const csv = Buffer.from('CRN,Reading\n01234567,42\n');
  await upload.setInputFiles({ name: 'Meter readings.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('link', { name: 'Remove Meter readings.csv' }).waitFor();
  await page.getByLabel('Add a note').fill('Readings taken on site');
  await page.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Readings taken on site').waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Meter readings.csv (download)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Meter readings.csv');
  expect(await fs.readFile((await download.path())!)).toEqual(csv);

  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  await page.close();
});
