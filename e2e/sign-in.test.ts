// Sign-in in a real browser against the embedded identity provider: each demo user, sign-out, the
// one-time code, creating a sign-in through the e-mailed link, the terms screen, the contact details
// a new operator gives, and a password reset.
import type { Browser, Page } from 'playwright-core';
import { axeViolations, baseUrl, holdBack, launchBrowser, viewports, watchConsole } from '../test/browser';
import { demoUsers, enterPassword, openSignIn } from '../test/e2e-session';
import { closeE2eDb, giveContactDetails, latestEmail, linkIn, totp } from '../test/e2e-people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeE2eDb();
});

const demo = demoUsers;

async function signOut(page: Page): Promise<void> {
  await page.getByText('Sign out', { exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === '/landing');
  await page.getByRole('button', { name: 'Start now' }).waitFor();
}

it('signs the operator in to the dashboard, shows who is signed in, and signs out', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  const errors = watchConsole(page);
  await openSignIn(page);
  expect(await axeViolations(page)).toEqual([]);
  await enterPassword(page, demo.operator);
  await page.waitForURL('**/dashboard');
  await page.getByText('You are logged in as: Olivia Operator').waitFor();
  await signOut(page);
  // Signed out at the provider too: a fresh load stays signed out.
  await page.goto(`${baseUrl()}/dashboard`);
  await page.waitForURL('**/landing');
  await page.getByRole('button', { name: 'Start now' }).waitFor();
  expect(errors).toEqual([]);
  await page.close();
});

it('keeps the sign-in across a page load (silent check) and shows the verifier the welcome view', async () => {
  const page = await browser.newPage({ viewport: viewports.mobile });
  const errors = watchConsole(page);
  await openSignIn(page);
  await enterPassword(page, demo.verifier);
  await page.waitForURL('**/landing', { timeout: 10_000 }).catch(async (err) => {
    throw new Error(
      `${err.message} at ${page.url()}: ${await page.locator('main').textContent()} ${errors.join(' | ')}`,
    );
  });
  await page.getByRole('heading', { name: 'Welcome Vera Verifier' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${baseUrl()}/landing`);
  await page.getByRole('heading', { name: 'Welcome Vera Verifier' }).waitFor();
  await page.close();
});

it('refuses a wrong password with a message that does not say whether the e-mail has a sign-in', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  await openSignIn(page);
  await enterPassword(page, { email: demo.operator.email, password: 'not-the-password' });
  const known = await page.locator('.govuk-error-summary').textContent();
  await enterPassword(page, { email: 'nobody@esos.localhost', password: 'not-the-password' });
  const unknown = await page.locator('.govuk-error-summary').textContent();
  expect(known).toContain('Enter a correct email address and password');
  expect(unknown).toBe(known);
  await page.close();
});

it('makes the regulator set up a one-time code, then asks for it at the next sign-in', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  await openSignIn(page);
  await enterPassword(page, demo.regulator);
  await page.getByRole('heading', { name: 'Set up a one-time code' }).waitFor();
  expect(await page.getByRole('button', { name: 'Not now' }).count()).toBe(0);
  expect(await page.getByAltText('QR code for setting up your authenticator app').getAttribute('src')).toMatch(
    /^data:image\/png;base64,/,
  );
  expect(await axeViolations(page)).toEqual([]);
  const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
  await page.getByLabel('Enter the 6-digit code from the app').fill('000000' === totp(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('The code is not correct').first().waitFor();
  const firstAt = Date.now();
  const firstStep = Math.floor(firstAt / 30_000);
  await page.getByLabel('Enter the 6-digit code from the app').fill(totp(secret, firstAt));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');
  await signOut(page);

  await openSignIn(page);
  await enterPassword(page, demo.regulator);
  await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
  // A code is accepted once: the one used a moment ago is refused; the app's next code works.
  await page.getByLabel('Code from your authenticator app').fill(totp(secret, firstAt));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByText('This code has already been used. Wait for the next code from your app and enter it')
    .first()
    .waitFor();
  await page.waitForTimeout(Math.max(0, (firstStep + 1) * 30_000 - Date.now() + 500));
  await page.getByLabel('Code from your authenticator app').fill(totp(secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText('You are logged in as: Reggie Regulator').waitFor();
  await page.close();
});

it('scores a password typed before the page script has loaded', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  await openSignIn(page);
  // Hold the script back until the password is in, as on a slow connection or with autofill.
  const release = await holdBack(page, '**/auth/static/interaction.js');
  await page.getByRole('link', { name: 'Create a sign-in' }).click();
  await page.getByLabel('Create a password').fill('Correct-Horse-Battery-9');
  release();
  await page.locator('[data-strength-for="password"][data-score="4"]').waitFor();
  await page.getByText('Password strength: strong').waitFor();
  await page.close();
});

describe('a new person', () => {
  const person = { email: `new.${Date.now()}@example.org`, password: 'Correct-Horse-Battery-9' };

  it('creates a sign-in, confirms it through the e-mailed link, accepts the terms and sees the operator welcome', async () => {
    const page = await browser.newPage({ viewport: viewports.desktop });
    const errors = watchConsole(page);
    await openSignIn(page);
    await page.getByRole('link', { name: 'Create a sign-in' }).click();
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Create a password').fill('password');
    // The strength meter (zxcvbn-ts, from a script file) scores as the user types.
    await page.locator('[data-strength-for="password"][data-score="0"]').waitFor();
    await page.getByText('Password strength: very weak').waitFor();
    await page.getByLabel('Create a password').fill(person.password);
    await page.locator('[data-strength-for="password"][data-score="4"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Confirm your password').fill(person.password);
    await page.getByRole('button', { name: 'Create sign-in' }).click();
    await page.getByText('If an account exists for this email address, we have sent a link').waitFor();

    // Not usable before the e-mail is confirmed.
    const link = linkIn(await latestEmail(person.email, 'Confirm your email address'));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
    errors.length = 0; // the used link answers 400, which Chromium logs

    await openSignIn(page);
    await enterPassword(page, person);
    await page.getByRole('heading', { name: 'Set up a one-time code' }).waitFor();
    await page.getByRole('button', { name: 'Not now' }).click();

    await page.waitForURL('**/terms');
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.getByRole('link', { name: 'You should accept terms and conditions to proceed' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Error: /);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('I have read, understood and accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    // An operator gives their contact details once (e2e/sign-up.test.ts has the pages in full).
    await page.waitForURL('**/registration/register');
    await giveContactDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/landing');
    await page.getByRole('heading', { name: 'Welcome Nia Newcomer' }).waitFor();
    await page.getByRole('link', { name: 'Apply for a new organisation account' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('resets a forgotten password on the service’s /forgot-password pages through the e-mailed link and signs in with the new one', async () => {
    const page = await browser.newPage({ viewport: viewports.desktop });
    const errors = watchConsole(page);
    await openSignIn(page);
    await page.getByRole('link', { name: 'I have forgotten my password' }).click();
    await page.waitForURL(`${baseUrl()}/forgot-password`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Reset your password/);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('link', { name: 'Enter an email address' }).waitFor();
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);
    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('If an account exists for this email address, we have sent a link').waitFor();

    const link = linkIn(await latestEmail(person.email, 'Reset your password'));
    expect(link).toMatch(new RegExp(`^${baseUrl()}/forgot-password/reset-password\\?token=`));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Create a new password' }).waitFor();
    // The API's password rules, per field.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm your new password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('link', { name: 'Password must be 8 characters or more' }).waitFor();
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
    }
    const newPassword = 'Another-Long-Pass-Phrase-7';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm your new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    // The link works once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new password link' }).waitFor();
    // The refusals Chromium logs (the short password's 400, the used link's 400) are the page's answers.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);

    await openSignIn(page);
    await enterPassword(page, person);
    await page.getByText('Enter a correct email address and password').first().waitFor();
    await enterPassword(page, { ...person, password: newPassword });
    await page.waitForURL('**/landing');
    await page.getByRole('heading', { name: 'Welcome Nia Newcomer' }).waitFor();
    await page.close();
  });
});

it('shows the session-reset message on /timed-out with and without idle', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  await page.goto(`${baseUrl()}/timed-out?idle=1800`);
  await page
    .getByText(
      'We have reset your session because you did not do anything for 30 minutes. We did this to keep your information secure.',
    )
    .waitFor();
  await expect(page.title()).resolves.toBe('Session Timeout - Manage your ESOS reporting - GOV.UK');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${baseUrl()}/timed-out`);
  await page
    .getByText('We have reset your session because it expired. We did this to keep your information secure.')
    .waitFor();
  await page.close();
});
