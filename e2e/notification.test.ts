// The Phase 3 notification of compliance in a real browser, as new users meet it: an Advanced user
// starts it from the account, answers a section page by page, sends it to a Restricted user for
// review, who returns it; the submission refused on the server is shown with links to put it right;
// it is submitted; the regulator reads it and returns it for changes; the operator finds the
// answers kept. Every page of the way passes axe at desktop and mobile widths.
import type { Page } from 'playwright-core';
import { baseUrl, holdBack, nextPaint, watchConsole } from '../test/browser';
import { e2eDb, newPerson, type Person } from '../test/e2e-people';
import { createAccount, grantOperator, type TestAccount } from '../test/factories';
import { completeSection } from '../test/report-filler';
import { notificationReport } from '../processes/notification-of-compliance/report';
import { useBrowser, expectAccessible, startButton } from '../test/e2e-browser';

jest.setTimeout(300_000);

const { as } = useBrowser();

async function organisation(): Promise<{ account: TestAccount; admin: Person; reviewer: Person; regulator: Person }> {
  const db = e2eDb();
  const account = await createAccount(db, { name: `Notifying Widgets ${Date.now()}` });
  const admin = await newPerson({ firstName: 'Ada', lastName: 'Advanced' });
  const reviewer = await newPerson({ firstName: 'Rory', lastName: 'Restricted' });
  const regulator = await newPerson({ firstName: 'Regina', lastName: 'Reviewer', regulatorOf: 'ENGLAND' });
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, reviewer, account, 'operator');
  await db('account_contacts').insert({ account_id: account.id, user_id: admin.id, contact_type: 'PRIMARY' });
  return { account, admin, reviewer, regulator };
}

/** Opens the operator's open task of this type from the dashboard. */
async function openTask(page: Page, taskName: string, accountName: string): Promise<void> {
  await page.goto(`${baseUrl()}/dashboard`);
  await page.getByRole('row').filter({ hasText: accountName }).getByRole('link', { name: taskName }).click();
  await page.getByRole('heading', { level: 1, name: taskName }).waitFor();
}

const notQualifying = {
  qualificationType: 'NOT_QUALIFY',
  noQualificationReason: 'Fewer than 250 staff and turnover under £44 million.',
};

it('is started, answered, reviewed, refused, submitted, read by the regulator and returned for changes', async () => {
  const { account, admin, reviewer, regulator } = await organisation();
  const page = await as(admin);
  const errors = watchConsole(page);

  // Start it from the account: one click lands on its task list.
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await page.getByRole('heading', { name: 'Phase 3 Notification' }).waitFor();
  await page.getByText('About Phase 3 Notification').click();
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  expect(await page.getByRole('link', { name: 'Reporting obligation' }).count()).toBe(1);
  await expect(page.getByRole('button', { name: 'Submit to regulator' }).isDisabled()).resolves.toBe(true);
  await expectAccessible(page);
  const taskUrl = page.url();

  // A question page: nothing chosen is refused with the definition's message.
  await page.getByRole('link', { name: 'Reporting obligation' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
  expect(await page.getByRole('link', { name: 'Select whether your organisation qualifies for ESOS' }).count()).toBe(1);
  expect(await page.title()).toMatch(/^Error: /);
  await expectAccessible(page);

  // Answered page by page; the summary shows the answers; confirmed, it is Completed.
  await page.goto(taskUrl);
  await completeSection(page, notificationReport, 'reportingObligation', notQualifying);
  await page.getByText('Completed').first().waitFor();
  await expect(page.getByRole('button', { name: 'Submit to regulator' }).isDisabled()).resolves.toBe(false);

  // The summary keeps what was typed, with Change links back to each page.
  await page.getByRole('link', { name: 'Reporting obligation' }).click();
  await page.getByText(notQualifying.noQualificationReason).waitFor();
  expect(await page.getByRole('link', { name: /^Change/ }).count()).toBeGreaterThan(0);
  await expectAccessible(page);

  // Sent for review to the Restricted user: the Advanced user may only wait.
  await page.goto(taskUrl);
  await page.getByRole('button', { name: 'Send for review' }).click();
  await page.getByRole('heading', { name: 'Send notification for review' }).waitFor();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('link', { name: 'Select a user' }).waitFor();
  await page.getByLabel('Select a user to edit notification details').selectOption({ label: 'Rory Restricted' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'The notification has been sent to Rory Restricted' }).waitFor();
  await page.getByText(/Your reference is NOC\d{6}-P3/).waitFor();
  await openTask(page, 'Awaiting external review of Phase 3 notification', account.name);
  await page.getByText('Waiting for review. You cannot make any changes.').waitFor();
  expect(await page.getByRole('button', { name: 'Submit to regulator' }).count()).toBe(0);

  // The reviewer sees the answers and returns it.
  const review = await as(reviewer);
  await openTask(review, 'Review Phase 3 notification', account.name);
  await review.getByRole('button', { name: 'Return this notification' }).click();
  await review.getByText('Return notification').waitFor();
  await review.getByRole('heading', { name: 'Are you sure you want to return the notification?' }).waitFor();
  await expectAccessible(review);
  await review.getByRole('button', { name: 'Confirm and save' }).click();
  await review.getByRole('heading', { name: 'Notification has been returned' }).waitFor();

  // An answer that no longer passes (as if the rules had changed) is refused on submit, on the page.
  const submitTask = await e2eDb()('request_tasks as t')
    .join('requests as r', 'r.id', 't.request_id')
    .where({ 'r.account_id': account.id, 't.type': 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT' })
    .first('t.id', 't.payload');
  const broken = { ...submitTask.payload, report: { reportingObligation: { qualificationType: 'NOT_QUALIFY' } } };
  await e2eDb()('request_tasks')
    .where({ id: submitTask.id })
    .update({ payload: JSON.stringify(broken) });
  await openTask(page, 'Submit Phase 3 notification', account.name);
  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
  await page.getByRole('link', { name: 'Enter a reason' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Change reporting obligation answers' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reporting obligation' }).waitFor();
  await page
    .getByRole('link', { name: /^Change/ })
    .first()
    .click();
  await page
    .getByLabel('Explain why your organisation does not qualify for ESOS')
    .fill(notQualifying.noQualificationReason);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Confirm and complete' }).click();

  // Submitted: the panel names the reference and the regulator.
  await page.waitForURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'Notification sent to regulator' }).waitFor();
  const reference = (await page.getByText(/Your reference is/).textContent())!.replace('Your reference is ', '').trim();
  await page
    .getByText(
      'The notification has been sent to Environment Agency. Contact your regulator if you need to make any updates to the notification.',
    )
    .waitFor();
  await expectAccessible(page);

  // The regulator reads what was submitted and returns it for changes.
  const regulatorPage = await as(regulator);
  await regulatorPage.goto(`${baseUrl()}/accounts/${account.id}/workflows/${reference}`);
  // The answers follow the documents and the timeline, each section closed until opened.
  const answers = regulatorPage.locator('h2:text-is("What was submitted") ~ details');
  await answers.locator('summary', { hasText: 'Reporting obligation' }).click();
  await answers.getByText(notQualifying.noQualificationReason).waitFor();
  if (process.env.E2E_SHOTS)
    await regulatorPage.screenshot({ path: `${process.env.E2E_SHOTS}/request-page-1280.png`, fullPage: true });
  await expectAccessible(regulatorPage);
  await regulatorPage.getByRole('link', { name: 'Return to participant for changes' }).click();
  await regulatorPage
    .getByRole('heading', { name: 'Are you sure you want to return this notification to the participant for changes?' })
    .waitFor();
  await regulatorPage.getByRole('button', { name: 'Yes, re-initiate' }).click();
  await regulatorPage.getByRole('heading', { name: "You've successfully returned the notification" }).waitFor();

  // The operator starts again from what was submitted.
  await openTask(page, 'Submit Phase 3 notification', account.name);
  await page.getByRole('link', { name: 'Reporting obligation' }).click();
  await page.getByText(notQualifying.noQualificationReason).waitFor();
  // The refused submission is a 400 the page shows; nothing else (no CSP violation, no script error).
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});

it('refuses a second notification and names the first', async () => {
  const { account, admin } = await organisation();
  const page = await as(admin);
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await page
    .getByText(
      'You cannot start the Notification of Compliance process as it is already in progress or has been completed.',
    )
    .waitFor();
});

it('keeps the task list still while the people it can be assigned to are still loading', async () => {
  const { account, admin } = await organisation();
  const page = await as(admin);
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  // Reloaded with the candidates held back: the section links must not move when they arrive, or
  // a click aimed at one lands on something else.
  const release = await holdBack(page, '**/candidate-assignees');
  await page.reload();
  const link = page.getByRole('link', { name: 'Reporting obligation' });
  await link.waitFor();
  const before = await link.boundingBox();
  const answered = page.waitForResponse('**/candidate-assignees');
  release();
  await answered;
  await page.getByLabel('Assign to').waitFor();
  await nextPaint(page);
  expect(await link.boundingBox()).toEqual(before);
});

it('draws the account page once what can be started on it is known, so its tabs do not move', async () => {
  const { account, admin } = await organisation();
  const page = await as(admin);
  const release = await holdBack(page, '**/available-workflows/**');
  const accountRead = page.waitForResponse('**/organisation/account/**');
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await accountRead;
  await nextPaint(page);
  // Drawn now, the tabs would be pushed down by 'Start a new task' when it arrives.
  expect(await page.getByRole('tab', { name: 'Users and contacts' }).count()).toBe(0);
  release();
  await page.getByRole('heading', { name: 'Start a new task' }).waitFor();
  await page.getByRole('tab', { name: 'Users and contacts' }).waitFor();
});
