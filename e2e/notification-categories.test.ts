// One notification per category path of reference §7.4, filled in through the question pages in a
// real browser (each section in the order the task list offers it) and submitted: the task list
// shows exactly the sections of the category, and the server accepts what the pages saved.
import type { Page } from 'playwright-core';
import { baseUrl } from '../test/browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { createAccount, grantOperator } from '../test/factories';
import { completeSection } from '../test/report-filler';
import { notificationReport } from '../processes/notification-of-compliance/report';
import {
  completeReport,
  completeReportCategories,
  type CompleteReportName,
} from '../test/fixtures/notification-reports';
import { taskList } from '../domain/reports/report';
import { useBrowser, startButton } from '../test/e2e-browser';

jest.setTimeout(600_000);

const { as } = useBrowser();

async function operatorPage(): Promise<{ page: Page; accountId: number }> {
  const db = e2eDb();
  const account = await createAccount(db, { name: `Category Widgets ${Date.now()}` });
  const admin = await newPerson({ firstName: 'Cate', lastName: 'Gory' });
  await grantOperator(db, admin, account, 'operator_admin');
  return { page: await as(admin), accountId: account.id };
}

const paths = Object.keys(completeReportCategories) as CompleteReportName[];

it.each(paths)('a notification on the %s path is filled in page by page and submitted', async (name) => {
  const { page, accountId } = await operatorPage();
  const { report } = completeReport(name);
  await page.goto(`${baseUrl()}/accounts/${accountId}`);
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();

  // Sections in task-list order: the first decides which others follow.
  const expected = taskList(notificationReport, { report, sectionsCompleted: {} }, {}).flatMap((g) =>
    g.sections.map((s) => s.id),
  );
  for (const id of expected) await completeSection(page, notificationReport, id, report[id]!);
  for (const group of taskList(notificationReport, { report, sectionsCompleted: {} }, {})) {
    for (const section of group.sections) await page.getByRole('link', { name: section.title, exact: true }).waitFor();
  }

  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'Notification sent to regulator' }).waitFor();
  const stored = await e2eDb()('reports')
    .where({ account_id: accountId, type: 'NOTIFICATION_OF_COMPLIANCE_P3' })
    .first('data');
  expect(Object.keys(stored.data).sort()).toEqual([...expected].sort());
  // What the pages saved is what was typed, answer for answer.
  expect(stored.data).toEqual(report);
});
