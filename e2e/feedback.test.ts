import type { Browser, Request } from 'playwright-core';
import knex from 'knex';
import { feedbackMessages, feedbackQuestions } from '../domain/feedback';
import { signInAsOperator } from '../test/e2e-session';
import { baseUrl, launchBrowser, viewports, watchConsole } from '../test/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('an invalid submit lists every message in the error summary, its links focus the fields by keyboard, and nothing is sent', async () => {
  const context = await browser.newContext({ viewport: viewports.desktop });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/users/feedback')) sent.push(request);
  });
  await page.goto(`${baseUrl()}/feedback`);
  await page.getByRole('heading', { level: 1, name: 'Help us improve the ESOS Reporting service' }).waitFor();
  await expect(page.getByLabel('Why did you give this rating? (optional)').first().isDisabled()).resolves.toBe(true);

  await page.getByRole('button', { name: 'Send feedback' }).click();
  const summary = page.locator('.govuk-error-summary');
  await summary.waitFor();
  await expect(summary.getByRole('heading', { name: 'There is a problem' }).count()).resolves.toBe(1);
  await expect(summary.getByRole('link').allTextContents()).resolves.toEqual(Object.values(feedbackMessages));
  await expect(page.title()).resolves.toBe(
    'Error: Help us improve the ESOS Reporting service - Manage your ESOS reporting - GOV.UK',
  );
  // Each field shows its message after a hidden 'Error:'.
  await expect(page.locator('.govuk-error-message').first().textContent()).resolves.toBe(
    `Error: ${feedbackMessages.userRegistrationRate}`,
  );
  await page.screenshot({ path: '/tmp/shot-feedback-errors.png', fullPage: true });

  // Keyboard: the summary has focus; Tab reaches the first link, Enter focuses its field.
  await expect(summary.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).name)).resolves.toBe(
    'userRegistrationRate',
  );
  // The fourth link goes to the fourth rating.
  await summary.getByRole('link', { name: feedbackMessages.onBoardingRate }).focus();
  await page.keyboard.press('Enter');
  await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).name)).resolves.toBe('onBoardingRate');

  // Choosing a rating enables its reason and clears that message.
  await page
    .getByRole('group', { name: 'How satisfied are you with on-boarding, identity and security checks?' })
    .getByLabel('Very satisfied')
    .check();
  await expect(page.getByLabel('Why did you give this rating? (optional)').nth(3).isEnabled()).resolves.toBe(true);
  await expect(summary.getByRole('link').count()).resolves.toBe(5);

  await page.waitForTimeout(200);
  expect(sent).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

it('asks before leaving the form with unsaved changes', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/feedback`);
  await page
    .getByRole('group', { name: 'How satisfied are you with user registration?' })
    .getByLabel('Satisfied', { exact: true })
    .check();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
  for (let i = 0; i < 50 && dialogs.length === 0; i += 1) await page.waitForTimeout(100);
  expect(dialogs[0]).toBe('You have unsaved changes. Are you sure you want to leave this page?');
  expect(new URL(page.url()).pathname).toBe('/feedback');
  await context.close();
});

it('a signed-in user on a phone opens the menu, sends valid feedback, sees "Feedback sent", and the payload is stored', async () => {
  const context = await browser.newContext({ viewport: viewports.mobile });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsOperator(page);

  // The navigation sits behind the Menu toggle at this width.
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(page.getByRole('link', { name: 'Tasks', exact: true }).isVisible()).resolves.toBe(false);
  await toggle.click();
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
  await page.getByRole('link', { name: 'Tasks', exact: true }).waitFor();

  await page.getByRole('link', { name: 'give your feedback' }).click();
  await page.getByRole('heading', { level: 1, name: 'Help us improve the ESOS Reporting service' }).waitFor();
  for (const question of feedbackQuestions)
    await page.locator(`input[name="${question.field}"][value="SATISFIED"]`).check();
  await page.getByLabel('Why did you give this rating? (optional)').first().fill('Signing in was quick.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await page.locator('.govuk-panel', { hasText: 'Feedback sent' }).waitFor();

  const db = knex({ client: 'pg', connection: process.env.E2E_DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    const row = await db('user_feedback').orderBy('id', 'desc').first();
    expect(row.payload).toMatchObject({
      userRegistrationRate: 'SATISFIED',
      userRegistrationRateReason: 'Signing in was quick.',
      satisfactionRate: 'SATISFIED',
    });
    const user = await db('users').where({ id: row.user_id }).first();
    expect(user.email).toBe('operator@esos.localhost');
  } finally {
    await db.destroy();
  }
  expect(errors).toEqual([]);
  await context.close();
});
