// Organisation accounts in a real browser, as new users meet them: apply, review and approve, see
// the live account and its users, invite a colleague; a rejection with its reason; a verified
// upload that makes the next application go live at once; closing an account with a request open;
// and the refusals (another account's operator, another competent authority's regulator, a
// duplicate registration number, a bad CSV).
import type { Page } from 'playwright-core';
import { axeViolations, baseUrl, viewports, watchConsole } from '../test/browser';
import { e2eDb, latestEmail, newPerson, type Person } from '../test/e2e-people';
import { useBrowser } from '../test/e2e-browser';

const { as } = useBrowser();

let companyOffset = 100;
/** A company of the local register, different for every call (the server tests use the first ones). */
async function company(): Promise<{ number: string; name: string }> {
  const row = await e2eDb()('company_register')
    .where({ company_status: 'active', country: 'England' })
    .orderBy('registration_number')
    .offset(companyOffset++)
    .first('registration_number', 'name');
  return { number: row.registration_number, name: row.name };
}

/** Goes through the application wizard for a registered company; ends on the confirmation. */
async function apply(page: Page, registrationNumber: string): Promise<void> {
  await page.goto(`${baseUrl()}/accounts/new`);
  await page
    .getByRole('group', { name: 'Is the UK organisation registered at Companies House?' })
    .getByLabel('Yes')
    .check();
  await page.getByLabel('Enter the Company Registration Number').fill(registrationNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Confirm the organisation details' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Where is your registered office located?' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your answers' }).waitFor();
  // The register's SIC codes with their descriptions from the UK SIC 2007 list (GET /data).
  await page
    .locator('.govuk-summary-list__row', { hasText: 'Classification codes (SIC codes)' })
    .getByText(/^\d{5} – \S.+$/)
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** The regulator takes the review of this organisation's application from the Unassigned tab. */
async function openReview(page: Page, reviewer: Person, organisationName: string): Promise<void> {
  await page.goto(`${baseUrl()}/dashboard#unassigned`);
  const row = page.getByRole('row').filter({ hasText: organisationName });
  await row.getByRole('link', { name: 'Review organisation account application' }).click();
  await page.getByRole('heading', { name: 'Review organisation account application', level: 1 }).waitFor();
  await page.getByLabel('Assign to').selectOption({ label: `${reviewer.firstName} ${reviewer.lastName}` });
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm decision' }).waitFor();
}

async function accountIdOf(registrationNumber: string, status: string): Promise<number> {
  const row = await e2eDb()('accounts')
    .where({ registration_number: registrationNumber, status })
    .orderBy('id', 'desc')
    .first('id');
  return row.id as number;
}

it('takes an application through review and approval to a live account whose administrator invites a colleague', async () => {
  const applicant = await newPerson({ firstName: 'Ada', lastName: 'Applicant' });
  const reviewer = await newPerson({ firstName: 'Rhys', lastName: 'Reviewer', regulatorOf: 'ENGLAND' });
  const { number, name } = await company();

  const operator = await as(applicant);
  const operatorErrors = watchConsole(operator);
  await apply(operator, number);
  await operator.getByText('We have received your organisation account application.').waitFor();
  expect(await axeViolations(operator)).toEqual([]);

  const regulator = await as(reviewer);
  await openReview(regulator, reviewer, name);
  expect(await axeViolations(regulator)).toEqual([]);
  // An amendment before the decision: the registered name.
  await regulator.getByRole('link', { name: 'Change registered name' }).click();
  await regulator.getByLabel('Registered name').fill(`${name} (AMENDED)`);
  await regulator.getByRole('button', { name: 'Continue' }).click();
  await regulator.getByText(`${name} (AMENDED)`).waitFor();
  await regulator.getByRole('group', { name: 'Your decision' }).getByLabel('Approve').check();
  await regulator.getByLabel('Reason for acceptance').fill('Checked against the company register');
  await regulator.getByRole('button', { name: 'Confirm decision' }).click();
  await regulator.getByRole('heading', { name: 'You have approved the organisation account application' }).waitFor();
  expect(
    await latestEmail(applicant.email, 'Organisation account application approved - Manage your ESOS reporting'),
  ).toContain(`${name} (AMENDED)`);

  // The applicant now has the live account, and is its administrator.
  const accountId = await accountIdOf(number, 'LIVE');
  await operator.goto(`${baseUrl()}/accounts`);
  await operator.getByRole('link', { name: `${name} (AMENDED)` }).click();
  await operator.waitForURL(`**/accounts/${accountId}`);
  await operator.getByRole('tab', { name: 'Users and contacts' }).click();
  await operator.getByRole('cell', { name: applicant.email }).waitFor();
  expect(await axeViolations(operator)).toEqual([]);

  // They invite a colleague, who accepts through the e-mailed link and is activated by them.
  const colleague = await newPerson({ firstName: 'Cai', lastName: 'Colleague' });
  await operator.getByRole('button', { name: 'Add a new user' }).click();
  await operator.getByLabel('First name').fill(colleague.firstName);
  await operator.getByLabel('Last name').fill(colleague.lastName);
  await operator.getByLabel('Email address').fill(colleague.email);
  await operator.getByRole('group', { name: 'User type' }).getByLabel('Restricted user').check();
  await operator.getByRole('button', { name: 'Send invitation' }).click();
  await operator.getByText(`An invitation has been sent to ${colleague.email}`).waitFor();
  const invitation = await latestEmailMatching(colleague.email, /invited/i);
  const link = /(https?:\/\/\S+\/invitation\?token=\S+)/.exec(invitation)![1];

  const invitee = await as(colleague);
  await invitee.goto(link);
  await invitee
    .getByText(/activate/i)
    .first()
    .waitFor();
  expect(await e2eDb()('authorities').where({ user_id: colleague.id, account_id: accountId }).first('status')).toEqual({
    status: 'ACCEPTED',
  });

  await operator.reload();
  await operator.getByRole('tab', { name: 'Users and contacts' }).click();
  await operator.getByRole('link', { name: `Change ${colleague.firstName} ${colleague.lastName}` }).click();
  await operator.getByRole('group', { name: 'Account status' }).getByLabel('Active').check();
  await operator.getByRole('button', { name: 'Save' }).click();
  await operator.getByRole('row').filter({ hasText: colleague.email }).getByText('Active').waitFor();
  expect(await e2eDb()('authorities').where({ user_id: colleague.id, account_id: accountId }).first('status')).toEqual({
    status: 'ACTIVE',
  });
  expect(operatorErrors).toEqual([]);

  // The regulator reads all of it in the account's audit trail, in sentences: names, not ids; labels, not codes.
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    await regulator.setViewportSize(viewport);
    await regulator.goto(`${baseUrl()}/accounts/${accountId}`);
    await regulator.getByRole('tab', { name: 'Audit trail' }).click();
    const panel = regulator.getByRole('tabpanel');
    await panel.getByText(`Ada Applicant changed Cai Colleague’s status from Accepted to Active`).waitFor();
    // Every page of it.
    let said = '';
    for (let page = 1; ; page++) {
      said += (await panel.getByRole('table').textContent()) ?? '';
      expect(
        await regulator.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(await axeViolations(regulator)).toEqual([]);
      if (process.env.E2E_SHOTS)
        await regulator.screenshot({
          path: `${process.env.E2E_SHOTS}/audit-trail-application-${viewport.width}-${page}.png`,
          fullPage: true,
        });
      const next = panel.getByRole('link', { name: /Next/ });
      if ((await next.count()) === 0) break;
      const first = await panel.getByRole('row').nth(1).textContent();
      await next.click();
      await regulator.waitForFunction(
        (text) => document.querySelectorAll('[role=tabpanel] tr')[1]?.textContent !== text,
        first,
      );
    }
    for (const text of [
      'Rhys Reviewer assigned ‘Review organisation account application’ to themselves',
      'Rhys Reviewer completed the task ‘Review organisation account application’',
      // The reviewer amended the registered name before approving.
      'Rhys Reviewer changed the account’s name, and its status from Awaiting approval to Live',
      'Organisation account approved by Rhys Reviewer',
      'Cai Colleague’s status changed from Awaiting confirmation to Accepted',
    ])
      expect(said).toContain(text);
    expect(said).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|[A-Z]{2,}_[A-Z]{2,}|\b(LIVE|ACTIVE|AWAITING_APPROVAL)\b|→/);
  }
});

/** The newest e-mail to `to` whose subject matches. */
async function latestEmailMatching(to: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const rows = await e2eDb()('email_outbox').where({ to_address: to }).orderBy('id', 'desc');
    const row = rows.find((r) => subject.test(r.subject));
    if (row) return row.body_text as string;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail matching ${subject} to ${to}`);
}

it('rejects an application with a reason the applicant is told, and a regulator of another competent authority cannot see it', async () => {
  const applicant = await newPerson({ firstName: 'Rory', lastName: 'Rejected' });
  const reviewer = await newPerson({ firstName: 'Rhian', lastName: 'Reviewer', regulatorOf: 'ENGLAND' });
  const welsh = await newPerson({ firstName: 'Wyn', lastName: 'Welsh', regulatorOf: 'WALES' });
  const { number, name } = await company();
  const operator = await as(applicant, viewports.mobile);
  await apply(operator, number);
  await operator.getByText('We have received your organisation account application.').waitFor();

  const other = await as(welsh);
  await other.goto(`${baseUrl()}/dashboard#unassigned`);
  await other.getByRole('heading', { name: 'Tasks' }).waitFor();
  await other.waitForLoadState('networkidle');
  expect(await other.getByRole('row').filter({ hasText: name }).count()).toBe(0);
  const taskId = (
    await e2eDb()('request_tasks')
      .join('accounts', 'accounts.id', 'request_tasks.account_id')
      .where({ 'accounts.registration_number': number })
      .first('request_tasks.id')
  ).id;
  await other.goto(`${baseUrl()}/tasks/${taskId}`);
  await other.waitForURL((url) => url.pathname === '/landing' || url.pathname === `/tasks/${taskId}`);
  expect(await other.getByText('Review organisation account application').count()).toBe(0);

  const regulator = await as(reviewer, viewports.mobile);
  await openReview(regulator, reviewer, name);
  await regulator.getByRole('group', { name: 'Your decision' }).getByLabel('Reject').check();
  await regulator.getByRole('button', { name: 'Confirm decision' }).click();
  await regulator.getByRole('link', { name: 'Enter the reason for rejection' }).waitFor();
  expect(await regulator.title()).toMatch(/^Error: /);
  await regulator.getByLabel('Reason for rejection').fill('The organisation does not qualify for ESOS');
  await regulator.getByRole('button', { name: 'Confirm decision' }).click();
  await regulator.getByRole('heading', { name: 'You have rejected the organisation account application' }).waitFor();
  expect(await axeViolations(regulator)).toEqual([]);
  expect(
    await latestEmail(applicant.email, 'Organisation account application rejected - Manage your ESOS reporting'),
  ).toContain('The organisation does not qualify for ESOS');
  expect(await accountIdOf(number, 'DENIED')).toBeGreaterThan(0);
});

it('makes an application go live at once after a verified-accounts upload, and refuses a bad CSV and a duplicate number', async () => {
  const uploader = await newPerson({ firstName: 'Uma', lastName: 'Uploader', regulatorOf: 'ENGLAND' });
  const applicant = await newPerson({ firstName: 'Vic', lastName: 'Verified' });
  const { number, name } = await company();
  const regulator = await as(uploader);
  await regulator.goto(`${baseUrl()}/dashboard`);
  await regulator.getByRole('link', { name: 'Upload file with verified organisation accounts' }).click();
  await regulator.getByRole('heading', { name: 'Upload verified organisation accounts' }).waitFor();

  // A bad file: a wrong number and a repeated e-mail. Nothing is stored.
  await regulator.getByLabel('Upload a file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`CRN,Email\nnot-a-number,${applicant.email}\n${number},${applicant.email}\n`),
  });
  await regulator.getByRole('button', { name: 'Upload', exact: true }).click();
  await regulator.locator('.govuk-error-summary').waitFor();
  expect(await regulator.locator('.govuk-error-summary').textContent()).toMatch(/Row 2/);
  expect(await e2eDb()('account_onboarding_registry').where({ email: applicant.email })).toEqual([]);
  expect(await axeViolations(regulator)).toEqual([]);

  await regulator.getByLabel('Upload a file').setInputFiles({
    name: 'verified.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`CRN,Email\n${number},${applicant.email}\n`),
  });
  await regulator.getByRole('button', { name: 'Upload', exact: true }).click();
  await regulator.getByText('Each contact has been sent an email inviting them to apply.').waitFor();

  const operator = await as(applicant);
  await apply(operator, number);
  await operator.getByText('Your application to set up an organisation account has been approved.').waitFor();
  const accountId = await accountIdOf(number, 'LIVE');
  expect(await e2eDb()('accounts').where({ id: accountId }).first('name')).toEqual({ name });

  // Nobody can apply with that number again.
  const latecomer = await newPerson({ firstName: 'Lee', lastName: 'Latecomer' });
  const late = await as(latecomer);
  await late.goto(`${baseUrl()}/accounts/new`);
  await late
    .getByRole('group', { name: 'Is the UK organisation registered at Companies House?' })
    .getByLabel('Yes')
    .check();
  await late.getByLabel('Enter the Company Registration Number').fill(number);
  await late.getByRole('button', { name: 'Continue' }).click();
  await late
    .getByRole('link', { name: 'An organisation account already exists with the same registration number' })
    .waitFor();

  // An operator of another account does not get to see this one.
  await late.goto(`${baseUrl()}/accounts/${accountId}`);
  await late.waitForLoadState('networkidle');
  expect(await late.getByText(name).count()).toBe(0);
});

it('closes an account with a request in progress: the request ends TERMINATED and the account is read-only', async () => {
  const closer = await newPerson({ firstName: 'Cleo', lastName: 'Closer', regulatorOf: 'ENGLAND' });
  const admin = await newPerson({ firstName: 'Abe', lastName: 'Admin' });
  const d = e2eDb();
  const { number, name } = await company();
  const [account] = await d('accounts')
    .insert({
      organisation_id: `ORG${800000 + Math.floor(Math.random() * 99999)}`,
      name,
      registration_number: number,
      status: 'LIVE',
      competent_authority: 'ENGLAND',
      address_line1: '1 Mill Lane',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      accepted_at: new Date(),
    })
    .returning(['id', 'organisation_id']);
  const { operatorRoles } = await import('../domain/authorities');
  await d('authorities').insert({
    user_id: admin.id,
    account_id: account.id,
    code: 'operator_admin',
    status: 'ACTIVE',
    permissions: operatorRoles.operator_admin.permissions,
  });
  // A request in progress. Its process (the notification) is not built yet, so it has no workflow:
  // the closure ends it directly. The server tests show a running workflow ending itself.
  const requestId = `NOC${String(account.id).padStart(6, '0')}-P3`;
  await d('requests').insert({
    id: requestId,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3',
    status: 'IN_PROGRESS',
    account_id: account.id,
    competent_authority: 'ENGLAND',
  });
  await d('request_tasks').insert({
    request_id: requestId,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT',
    assignee: admin.id,
    account_id: account.id,
    competent_authority: 'ENGLAND',
  });

  const regulator = await as(closer);
  const errors = watchConsole(regulator);
  await regulator.goto(`${baseUrl()}/accounts/${account.id}`);
  await regulator.getByRole('button', { name: 'Start account closure' }).click();
  await regulator.getByRole('heading', { name: 'Close account', level: 1 }).waitFor();
  await regulator.getByRole('button', { name: 'Continue' }).click();
  await regulator.getByRole('link', { name: 'Enter a reason for closing the account' }).waitFor();
  await regulator.getByLabel('Reason for closing this account').fill('The organisation has been dissolved');
  await regulator.getByRole('button', { name: 'Continue' }).click();
  await regulator.getByRole('heading', { name: 'Are you sure you want to close this account?' }).waitFor();
  expect(await axeViolations(regulator)).toEqual([]);
  await regulator.getByRole('button', { name: 'Yes, close this account' }).click();
  await regulator
    .getByRole('heading', { name: `The organisation account ${account.organisation_id} is permanently closed` })
    .waitFor();

  // The closure answers once its own workflow is done; the request it ended is read from the page.
  const statusOf = async () => (await d('requests').where({ id: requestId }).first('status')).status as string;
  for (let i = 0; i < 120 && (await statusOf()) === 'IN_PROGRESS'; i++) await new Promise((r) => setTimeout(r, 250));
  expect(await statusOf()).toBe('TERMINATED');
  await regulator.goto(`${baseUrl()}/accounts/${account.id}`);
  await regulator.getByRole('tab', { name: 'Phases' }).click();
  await regulator.getByRole('row').filter({ hasText: requestId }).getByText('Terminated').waitFor({ timeout: 60_000 });
  await regulator.getByText('You cannot start the Account closure while the account status is CLOSED.').waitFor();
  expect(await d('request_tasks').where({ request_id: requestId })).toEqual([]);
  expect(await latestEmail(admin.email, 'Organisation account closed - Manage your ESOS reporting')).toContain(
    'The organisation has been dissolved',
  );

  // The operator sees the closed account, read-only.
  const operator = await as(admin);
  await operator.goto(`${baseUrl()}/accounts/${account.id}`);
  await operator.getByRole('tab', { name: 'Users and contacts' }).click();
  await operator.getByRole('cell', { name: admin.email }).waitFor();
  expect(await operator.getByRole('button', { name: 'Add a new user' }).count()).toBe(0);
  expect(errors).toEqual([]);
});
