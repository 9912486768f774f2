// An invitation in a real browser: the demo operator administrator invites a new person by API, the
// person opens the e-mailed link, creates a sign-in from it (address filled in), confirms it, comes
// back to the link and has accepted (ACCEPTED, awaiting activation); once the administrator
// activates them by API they are ACTIVE and reach the dashboard.
import type { Browser } from 'playwright-core';
import { axeViolations, baseUrl, launchBrowser, viewports, watchConsole } from '../test/browser';
import { demoUsers, enterPassword, signInAsOperator } from '../test/e2e-session';
import { closeE2eDb, e2eDb, giveContactDetails, latestEmail, linkIn } from '../test/e2e-people';

let browser: Browser;
const db = (table: string) => e2eDb()(table);
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeE2eDb();
});

const invitee = { email: `ines.${Date.now()}@example.test`, password: 'Invited-Person-Phrase-5' };

it('takes an invited person from the e-mailed link to ACCEPTED, and to ACTIVE once activated', async () => {
  // The administrator signs in for real; the SPA's own API calls carry their bearer token.
  const admin = await browser.newPage({ viewport: viewports.desktop });
  const authorised = admin.waitForRequest((r) => r.url().includes('/api/v1.0/') && !!r.headers().authorization);
  await signInAsOperator(admin);
  const authorization = (await authorised).headers().authorization;
  const account = await db('authorities')
    .join('users', 'users.id', 'authorities.user_id')
    .join('accounts', 'accounts.id', 'authorities.account_id')
    .where({ 'users.email': demoUsers.operator.email, 'authorities.code': 'operator_admin' })
    .first('accounts.id', 'accounts.name');
  const call = (method: string, path: string, body: unknown) =>
    fetch(`${baseUrl()}/api/v1.0${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const invited = await call('POST', `/operator-users/invite/account/${account.id}`, {
    email: invitee.email,
    firstName: 'Ines',
    lastName: 'Invitee',
    roleCode: 'operator',
  });
  expect(invited.status).toBe(204);
  const link = linkIn(await latestEmail(invitee.email, `You have been invited to ${account.name}`));
  expect(link).toMatch(new RegExp(`^${baseUrl()}/invitation\\?token=`));

  // The invitee has no sign-in yet: the page leads them to create one, with their address filled in.
  const page = await browser.newPage({ viewport: viewports.mobile });
  const errors = watchConsole(page);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Create a sign-in to accept your invitation' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Create a sign-in' }).click();
  await page.waitForURL('**/auth/register?**');
  expect(await page.getByLabel('Email address').inputValue()).toBe(invitee.email);
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Invitee');
  await page.getByLabel('Create a password').fill(invitee.password);
  await page.getByLabel('Confirm your password').fill(invitee.password);
  await page.getByRole('button', { name: 'Create sign-in' }).click();
  await page.getByText('If an account exists for this email address, we have sent a link').waitFor();
  await page.goto(linkIn(await latestEmail(invitee.email, 'Confirm your email address')));
  await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();

  // Back to the invitation: accepted, and told to wait for activation.
  await page.goto(link);
  await page.getByRole('heading', { name: 'You have accepted the invitation' }).waitFor();
  await page.getByText(`You have joined ${account.name}`).waitFor();
  await page.getByText('Your administrator must activate your account before you can use it.').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const subject = (await db('identity_credentials').where({ email: invitee.email }).first('subject')).subject as string;
  const authority = () => db('authorities').where({ account_id: account.id, user_id: subject }).first('status', 'code');
  expect(await authority()).toEqual({ status: 'ACCEPTED', code: 'operator' });
  await latestEmail(invitee.email, 'You have accepted your invitation');

  // Signing in (address filled in again) shows the landing view for ACCEPTED.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/start-login?**');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/auth/interaction/**');
  expect(await page.getByLabel('Email address').inputValue()).toBe(invitee.email);
  await enterPassword(page, invitee);
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL('**/terms');
  await page.getByLabel('I have read, understood and accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  // Their contact details once; the panel says they wait to be activated.
  await page.waitForURL('**/registration/register');
  await giveContactDetails(page);
  await page
    .getByText('Your user account must be activated by an Advanced user of the organisation account that invited you.')
    .waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/landing');
  await page.getByRole('heading', { name: 'Your user account needs to be activated' }).waitFor();

  // A used link is refused with its own page.
  await page.goto(link);
  await page.getByRole('heading', { name: 'This invitation link is not valid' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // The administrator activates them: ACTIVE, told by e-mail, and the dashboard opens.
  const activated = await call('POST', `/operator-authorities/account/${account.id}`, {
    accountOperatorAuthorityUpdateList: [{ userId: subject, roleCode: 'operator', authorityStatus: 'ACTIVE' }],
  });
  expect(activated.status).toBe(204);
  expect(await authority()).toEqual({ status: 'ACTIVE', code: 'operator' });
  await latestEmail(invitee.email, 'Your user account has been activated');
  await page.goto(`${baseUrl()}/landing`);
  await page.waitForURL('**/dashboard');
  await page.getByText('You are logged in as: Ines Invitee').waitFor();
  // The used link answers 400, which Chromium logs; nothing else went wrong.
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  await admin.close();
  await page.close();
}, 120_000);
