// Regulator tools in a real browser, as new users meet them: a regulator invites a colleague with a
// signature; the colleague creates a sign-in from the e-mailed link, accepts and is activated; the
// first changes the second's permissions and the second's pages change with them, then disables
// them. MI reports: a report viewed, paged and downloaded as .xlsx (opened and its headings read),
// and the custom SQL report, which runs a query and refuses a write and another authority's rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { axeViolations, baseUrl, viewports, watchConsole } from '../test/browser';
import { e2eDb, holdAuthority, latestEmail, linkIn, newPerson, totp } from '../test/e2e-people';
import { enterPassword } from '../test/e2e-session';
import { accountsUsersContactsColumns } from '../domain/mi-reports';
import { ACCOUNT_DISABLED } from '../domain/users';
import { useBrowser } from '../test/e2e-browser';

const { as, newPage } = useBrowser();

/** A real 24-bit BMP of width × height pixels (rows padded to 4 bytes), as a signature file. */
function bmpFile(width: number, height: number): string {
  const row = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + row * height;
  const b = Buffer.alloc(size, 0xff);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(size, 2);
  b.writeUInt32LE(0, 6);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(row * height, 34);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esos-sig-')), 'signature.bmp');
  fs.writeFileSync(file, b);
  return file;
}

/** The header's navigation links (without Sign out). */
const navigation = async (page: Page) =>
  (await page.locator('header nav li a').allTextContents()).filter((t) => t !== 'Sign out');

it('invites a regulator with a signature, who accepts and is activated; their permissions and status then change what they can reach', async () => {
  const admin = await newPerson({ firstName: 'Isla', lastName: 'Admin', regulatorOf: 'SCOTLAND' });
  const first = await as(admin);
  const errors = watchConsole(first);
  await first.goto(`${baseUrl()}/user/regulators`);
  await first.getByRole('heading', { name: 'Regulator users', level: 1 }).waitFor();
  await first.getByRole('cell', { name: 'Isla Admin' }).waitFor();
  // Their sign-in a moment ago is their last sign-in (the access token's auth_time).
  const signedIn = (await e2eDb()('users').where({ id: admin.id }).first('last_sign_in_at')).last_sign_in_at as Date;
  expect(Date.now() - signedIn.getTime()).toBeLessThan(120_000);
  expect(
    await first.getByRole('row').filter({ hasText: 'Isla Admin' }).getByRole('cell', { name: 'Never' }).count(),
  ).toBe(0);
  expect(await axeViolations(first)).toEqual([]);

  // The invitation, with a signature and two permission groups.
  const email = `callum.${Date.now()}@example.test`;
  await first.getByRole('button', { name: 'Add a new user' }).click();
  await first.waitForURL('**/user/regulators/add');
  await first.getByRole('button', { name: 'Send invitation' }).click();
  await first.getByRole('heading', { name: 'There is a problem' }).waitFor();
  expect(await first.title()).toMatch(/^Error: Add a new user/);
  await first.getByLabel('First name').fill('Callum');
  await first.getByLabel('Last name').fill('Colleague');
  await first.getByLabel('Email address').fill(email);
  await first.getByLabel('Job title').fill('Technical officer');
  await first.getByLabel('Phone number', { exact: true }).fill('0131 496 0000');
  await first.getByLabel('Upload a signature (optional)').setInputFiles(bmpFile(120, 60));
  await first.getByRole('group', { name: 'Assign/re-assign tasks' }).getByLabel('Execute').check();
  await first.getByRole('group', { name: 'Review organisation account' }).getByLabel('View only').check();
  expect(await axeViolations(first)).toEqual([]);
  await first.getByRole('button', { name: 'Send invitation' }).click();
  await first.getByText(`An invitation has been sent to ${email}`).waitFor();
  await first.getByRole('cell', { name: 'Callum Colleague' }).waitFor();
  const link = linkIn(await latestEmail(email, 'You have been invited to the Manage your ESOS reporting service'));

  // The colleague has no sign-in: they create one from the link, confirm it and accept.
  const second = await newPage(viewports.mobile);
  await second.goto(link);
  await second.getByRole('link', { name: 'Create a sign-in' }).click();
  await second.waitForURL('**/auth/register?**');
  await second.getByLabel('First name').fill('Callum');
  await second.getByLabel('Last name').fill('Colleague');
  const password = 'Callum-Colleague-Phrase-7';
  await second.getByLabel('Create a password').fill(password);
  await second.getByLabel('Confirm your password').fill(password);
  await second.getByRole('button', { name: 'Create sign-in' }).click();
  await second.goto(linkIn(await latestEmail(email, 'Confirm your email address')));
  await second.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
  await second.goto(link);
  await second.getByRole('heading', { name: 'You have accepted the invitation' }).waitFor();
  const colleague = (await e2eDb()('identity_credentials').where({ email }).first('subject')).subject as string;
  const user = await e2eDb()('users').where({ id: colleague }).first('signature_uuid', 'job_title');
  expect(user.job_title).toBe('Technical officer');
  expect(await e2eDb()('files').where({ uuid: user.signature_uuid }).first('kind', 'content_type')).toEqual({
    kind: 'SIGNATURE',
    content_type: 'image/bmp',
  });

  // Signing in: a regulator must set up a one-time code; then they wait to be activated.
  await second.getByRole('button', { name: 'Sign in' }).click();
  await second.getByRole('button', { name: 'Continue' }).click();
  await second.waitForURL('**/auth/interaction/**');
  await enterPassword(second, { email, password });
  await second.getByRole('heading', { name: 'Set up a one-time code' }).waitFor();
  const secret = (await second.locator('[data-totp-secret]').textContent())!.trim();
  await second.getByLabel('Enter the 6-digit code from the app').fill(totp(secret));
  await second.getByRole('button', { name: 'Continue' }).click();
  await second.waitForURL('**/terms');
  await second.getByLabel('I have read, understood and accept the terms and conditions').check();
  await second.getByRole('button', { name: 'Accept and continue' }).click();
  await second.getByRole('heading', { name: 'Your user account needs to be activated' }).waitFor();

  // The first activates them on the list.
  await first.reload();
  await first.getByLabel('Status of Callum Colleague').selectOption({ label: 'Active' });
  await first.getByRole('button', { name: 'Save statuses' }).click();
  await first.getByText('The statuses have been updated').waitFor();
  expect(await e2eDb()('authorities').where({ user_id: colleague }).first('status')).toEqual({ status: 'ACTIVE' });
  // One's own status is never offered for change.
  expect(await first.getByLabel('Status of Isla Admin').count()).toBe(0);

  // The colleague becomes the site contact of a Scottish account, live while the compliance overview's test does not count Scotland's.
  const scotland = await holdAuthority('SCOTLAND');
  const [account] = await e2eDb()('accounts')
    .insert({
      organisation_id: `ORG7${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
      name: `Highland Mills ${Date.now()}`,
      status: 'LIVE',
      competent_authority: 'SCOTLAND',
      address_line1: '1 Mill Lane',
      city: 'Inverness',
      postcode: 'IV1 1AA',
    })
    .returning(['id', 'name']);
  const siteContact = () =>
    e2eDb()('account_contacts').where({ account_id: account.id, contact_type: 'CA_SITE' }).first('user_id');
  try {
    await first.getByRole('tab', { name: 'Site contacts' }).click();
    await first.getByLabel(`Site contact of ${account.name}`).selectOption({ label: 'Callum Colleague' });
    expect(await axeViolations(first)).toEqual([]);
    await first.getByRole('button', { name: 'Save site contacts' }).click();
    await first.getByText('The site contacts have been updated').waitFor();
    expect(await siteContact()).toEqual({ user_id: colleague });
  } finally {
    await scotland.letGo([account.id]);
  }
  await first.getByRole('tab', { name: 'Regulator users' }).click();

  // Active, with the two groups given: no uploads, no managing users.
  await second.goto(`${baseUrl()}/landing`);
  await second.waitForURL('**/dashboard');
  expect(await navigation(second)).toEqual(['Tasks', 'Accounts', 'Regulator users', 'MI Reports', 'Compliance']);
  expect(await second.getByRole('link', { name: 'Upload file with verified organisation accounts' }).count()).toBe(0);
  await second.goto(`${baseUrl()}/user/regulators`);
  await second.getByRole('cell', { name: 'Isla Admin' }).waitFor();
  expect(await second.getByRole('button', { name: 'Add a new user' }).count()).toBe(0);
  await second.goto(`${baseUrl()}/upload-organisation-accounts`);
  await second.getByText('You do not have permission to upload verified organisation accounts.').waitFor();

  // The first gives them two more groups (their own groups they cannot change).
  await first.getByRole('link', { name: 'Isla Admin' }).click();
  await first.getByText('You cannot change your own permissions: ask another administrator.').waitFor();
  await first.goto(`${baseUrl()}/user/regulators`);
  await first.getByRole('link', { name: 'Callum Colleague', exact: true }).click();
  await first.getByRole('heading', { name: 'Callum Colleague' }).waitFor();
  expect(
    await first.getByRole('group', { name: 'Review organisation account' }).getByLabel('View only').isChecked(),
  ).toBe(true);
  await first.getByRole('group', { name: 'Upload verified organisation accounts' }).getByLabel('Execute').check();
  await first.getByRole('group', { name: 'Manage users and contacts' }).getByLabel('Execute').check();
  expect(await axeViolations(first)).toEqual([]);
  await first.getByRole('button', { name: 'Save' }).click();
  await first.getByText('Callum Colleague has been updated').waitFor();

  await second.goto(`${baseUrl()}/dashboard`);
  await second.getByRole('link', { name: 'Upload file with verified organisation accounts' }).click();
  await second.getByRole('heading', { name: 'Upload verified organisation accounts' }).waitFor();
  expect(await second.getByText('You do not have permission').count()).toBe(0);
  await second.goto(`${baseUrl()}/user/regulators`);
  await second.getByRole('button', { name: 'Add a new user' }).waitFor();

  // Disabled: nothing in the header, and the regulator areas send them back to landing.
  await first.goto(`${baseUrl()}/user/regulators`);
  await first.getByLabel('Status of Callum Colleague').selectOption({ label: 'Disabled' });
  await first.getByRole('button', { name: 'Save statuses' }).click();
  await first.getByText('The statuses have been updated').waitFor();
  expect(await siteContact()).toBeUndefined();
  // Disabling ends their sign-in at once (issue 15): the regulator areas are out of reach.
  await second.goto(`${baseUrl()}/mi-reports`);
  await second.waitForURL((url) => !url.pathname.startsWith('/mi-reports'));
  expect(await second.getByRole('heading', { name: 'MI Reports', level: 1 }).count()).toBe(0);
  // A new page load: told why (issue 39), from the browser's own ended session.
  await second.getByText(ACCOUNT_DISABLED).waitFor();
  expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
}, 180_000);

it('shows a report 20 rows a page, downloads it as .xlsx, and runs custom SQL limited to the competent authority', async () => {
  const db = e2eDb();
  const regulator = await newPerson({ firstName: 'Niall', lastName: 'Reports', regulatorOf: 'NORTHERN_IRELAND' });
  const run = Date.now().toString(36).toUpperCase();
  for (let i = 0; i < 25; i++) {
    await db('accounts').insert({
      organisation_id: `ORG8${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
      name: `Ulster Works ${run} ${String(i).padStart(2, '0')}`,
      registration_number: null,
      status: 'LIVE',
      competent_authority: 'NORTHERN_IRELAND',
      address_line1: '1 Quay Street',
      city: 'Belfast',
      postcode: 'BT1 1AA',
    });
  }
  const page = await as(regulator);
  const errors = watchConsole(page);
  await page.getByRole('link', { name: 'MI Reports' }).click();
  await page.getByRole('heading', { name: 'MI Reports', level: 1 }).waitFor();
  await page.getByRole('row').filter({ hasText: 'Action plan (Phase 3) submitted data' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'List of Accounts, Users and Contacts' }).click();
  await page.getByText('Showing 1 to 20 of 25 results').waitFor();
  expect(await page.locator('table thead th').allTextContents()).toEqual([...accountsUsersContactsColumns]);
  expect(await page.locator('table tbody tr').count()).toBe(20);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByText('Showing 21 to 25 of 25 results').waitFor();
  expect(page.url()).toContain('page=2');
  expect(await page.locator('table tbody tr').count()).toBe(5);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as Excel (.xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('List of Accounts, Users and Contacts.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.getWorksheet('Data')!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...accountsUsersContactsColumns]);
  expect(sheet.rowCount).toBe(26);

  // The custom report: a query runs; a write and another authority's table are refused.
  await page.goto(`${baseUrl()}/mi-reports`);
  await page.getByRole('link', { name: 'Custom sql report' }).click();
  await page
    .getByLabel('SQL query')
    .fill(`select name from accounts where name like 'Ulster Works ${run}%' order by name`);
  await page.getByRole('button', { name: 'Run query' }).click();
  await page.getByText('Showing 1 to 20 of 25 results').waitFor();
  await page.getByRole('cell', { name: `Ulster Works ${run} 00` }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('SQL query').fill(`select name from accounts where competent_authority = 'ENGLAND'`);
  await page.getByRole('button', { name: 'Run query' }).click();
  await page.getByText('There is nothing to report.').waitFor();
  await page.getByLabel('SQL query').fill('select name from public.accounts');
  await page.getByRole('button', { name: 'Run query' }).click();
  await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
  await page
    .getByRole('link', { name: 'public.accounts cannot be read: select from the listed tables, e.g. accounts' })
    .waitFor();
  await page.getByLabel('SQL query').fill(`update accounts set name = 'Renamed'`);
  await page.getByRole('button', { name: 'Run query' }).click();
  await page.getByRole('link', { name: 'Only a SELECT query can be run: UPDATE changes data' }).waitFor();
  expect(await db('accounts').where('name', 'Renamed').count('* as n').first()).toEqual({ n: '0' });
  expect(await axeViolations(page)).toEqual([]);
  // The refused queries answered 400, which Chromium logs; nothing else went wrong.
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
}, 120_000);
