// Submission documents and the request history in a real browser (issue 14): an operator fills in
// and submits a notification page by page; the request page, reached from the account's Phases tab
// (filtered by type and status), shows the submission read-only and downloads its PDF, whose text
// has the reference number and the answers; the e-mail with the PDF attached is queued for the
// submitter and the primary contact and, when the tests run their own service, reaches the SMTP
// peer it sends through (test/setup/e2e-setup.ts). Both pages pass axe at 375 and 1280 px.
import fs from 'node:fs';
import { baseUrl } from '../test/browser';
import { expectAccessible, useBrowser, startButton } from '../test/e2e-browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { createAccount, grantOperator } from '../test/factories';
import { completeSection } from '../test/report-filler';
import { pdfText } from '../test/pdf-text';
import { receivedMails } from '../test/e2e-mailbox';
import { notificationReport } from '../processes/notification-of-compliance/report';
import {
  completeReport,
  completeReportCategories,
  type CompleteReportName,
} from '../test/fixtures/notification-reports';
import { reportAnswers, taskList } from '../domain/reports/report';
import { notificationProcess, requestIdOf } from '../processes';

jest.setTimeout(600_000);

const browser = useBrowser();

/** The complete notification with the fewest answers: the quickest to fill in page by page. */
function shortestReport(): CompleteReportName {
  const rows = (name: CompleteReportName) =>
    reportAnswers(notificationReport, completeReport(name).report, {}).reduce((n, s) => n + s.rows.length, 0);
  return (Object.keys(completeReportCategories) as CompleteReportName[]).sort((a, b) => rows(a) - rows(b))[0]!;
}

it('submits a notification, shows it on the request page, downloads its PDF and e-mails it with the PDF attached', async () => {
  const db = e2eDb();
  const account = await createAccount(db, { name: `Document Widgets ${Date.now()}` });
  const [admin, primary] = await Promise.all([
    newPerson({ firstName: 'Dora', lastName: 'Document' }),
    newPerson({ firstName: 'Prim', lastName: 'Contact' }),
  ]);
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, primary, account, 'operator');
  await db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: primary.id });
  const requestId = requestIdOf(notificationProcess, account.id);

  const page = await browser.as(admin);
  const { report } = completeReport(shortestReport());
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  for (const id of taskList(notificationReport, { report, sectionsCompleted: {} }, {}).flatMap((g) =>
    g.sections.map((s) => s.id),
  )) {
    await completeSection(page, notificationReport, id, report[id]!);
  }
  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'Notification sent to regulator' }).waitFor();

  // The Phases tab, filtered to completed notifications, links to the request page.
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await page.getByRole('tab', { name: 'Phases' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('link', { name: requestId }).waitFor();
  await panel.getByLabel('Type').selectOption({ label: 'Phase 3 Notification' });
  await panel.getByLabel('Status').selectOption({ label: 'In progress' });
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  await panel.getByText('No workflows match these filters.').waitFor();
  await panel.getByLabel('Status').selectOption({ label: 'Completed' });
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  await expectAccessible(page);
  await panel.getByRole('link', { name: requestId }).click();

  // The request page: the submission with its document, viewable read-only.
  await page.getByRole('heading', { level: 1, name: 'Phase 3 Notification' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Submissions and documents' }).waitFor();
  const fileName = `${requestId} Phase 3 Notification.pdf`;
  const link = page
    .getByRole('button', { name: `${fileName} (download)` })
    .or(page.getByRole('link', { name: `${fileName} (download)` }));
  await link.waitFor({ timeout: 60_000 });
  const answers = reportAnswers(notificationReport, report, {});
  const sample = answers.flatMap((s) => s.rows).filter((r) => r.value.length === 1 && r.value[0]!.length > 2);
  await page.getByText('View what was submitted').click();
  await page.getByText(sample[0]!.value[0]!, { exact: true }).first().waitFor();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const pdf = fs.readFileSync((await download.path())!);
  const text = (await pdfText(pdf)).text.replace(/\s+/g, ' ');
  expect(text).toContain(`Reference number ${requestId}`);
  expect(text).toContain('Submitted by Dora Document');
  for (const section of answers) expect(text).toContain(section.title);
  for (const row of sample.slice(0, 5)) expect(text).toContain(`${row.key} ${row.value[0]}`.replace(/\s+/g, ' '));

  // The e-mail with the PDF attached: one for the submitter and one for the primary contact.
  const [document] = await db('request_action_file_documents').where({ request_id: requestId });
  const queued = await db('email_outbox')
    .where({ template: 'SubmissionDocument' })
    .whereLike('subject', `%${requestId}%`);
  expect(queued.map((m) => m.to_address).sort()).toEqual([admin.email, primary.email].sort());
  for (const m of queued) expect(m.attachments).toEqual([document.file_uuid]);
  // With the tests' own service, it reaches the mailbox as the service sends it (at once: the
  // outbox wakes the dispatcher). A running service's mail server is its own business.
  const withPdf = async () =>
    (await receivedMails(requestId))?.filter((m) => m.raw.includes('application/pdf')) ?? null;
  if ((await withPdf()) === null) return;
  for (let i = 0; i < 120 && (await withPdf())!.length < 2; i++) await new Promise((r) => setTimeout(r, 500));
  const mails = (await withPdf())!;
  expect(mails.map((m) => m.to).sort()).toEqual([admin.email, primary.email].sort());
  for (const mail of mails) {
    expect(mail.raw).toContain('Content-Disposition: attachment');
    expect(mail.raw).toContain(`${requestId} Phase 3 Notification.pdf`);
  }
  // The attachment is the document the page downloads.
  const body = mails[0]!.raw
    .split(/Content-Disposition: attachment[^\n]*\n(?:[^\n]+\n)*?\r?\n/)[1]!
    .split(/\r?\n--/)[0]!
    .replace(/\s+/g, '');
  expect(Buffer.from(body, 'base64').equals(pdf)).toBe(true);
});
