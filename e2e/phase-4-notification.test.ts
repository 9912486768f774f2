// Phase 4's notification in a real browser (issue 42): an organisation that submitted its phase 3
// notification starts phase 4's from 'Start a new task' and finds its organisation, contacts,
// structure and lead assessor carried forward, each answer marked 'From your phase 3 notification —
// check it'; it changes one (the trading name), confirms the rest, answers this phase's questions
// (finding its phase 3 action plan's measures, with what its progress update said of them, under
// the question about the energy savings achieved) and submits. The PDF has the changed answer and no route phase 4 dropped; the regulator's MI
// report of phase 4 has its row. The browser tests' service opens phase 4 at their clock
// (TEST_PHASES in test/clock.ts).
import fs from 'node:fs';
import { baseUrl } from '../test/browser';
import { expectAccessible, startButton, useBrowser } from '../test/e2e-browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { createAccount, createSubmittedReport, grantOperator } from '../test/factories';
import { completeSection, fillFields } from '../test/report-filler';
import { pdfText } from '../test/pdf-text';
import { completeReport, inPhase, withUndertaking } from '../test/fixtures/notification-reports';
import { sectionOf, taskList } from '../domain/reports/report';
import { notificationProcessFor } from '../processes/notification-of-compliance/process';
import { processFor, requestIdOf } from '../processes';
import { ACTION_PLAN } from '../processes/action-plan/codes';
import { PROGRESS_UPDATE_1 } from '../processes/progress-update-1/codes';
import { completeReportDrafts } from '../test/fixtures/complete-reports';

jest.setTimeout(600_000);

const browser = useBrowser();
const MARK = 'From your phase 3 notification — check it';

it('starts phase 4 from the phase 3 answers, marked until checked, and shows the phase 3 action plan’s measures; one changed, it is submitted, documented and reported', async () => {
  const db = e2eDb();
  const account = await createAccount(db, { name: `Phase Four Widgets ${Date.now()}`, registrationNumber: null });
  const admin = await newPerson({ firstName: 'Fiona', lastName: 'Fourth' });
  const regulator = await newPerson({ firstName: 'Rory', lastName: 'Regulator', regulatorOf: 'ENGLAND' });
  await grantOperator(db, admin, account, 'operator_admin');
  await db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: admin.id });
  const phase3 = withUndertaking(completeReport('esos95To100'), { name: account.name, registrationNumber: null });
  const p3 = notificationProcessFor(3);
  const p4 = notificationProcessFor(4);
  await createSubmittedReport(db, {
    account,
    requestType: p3.requestType,
    requestId: requestIdOf(p3, account.id),
    data: phase3.report,
  });
  for (const type of [ACTION_PLAN, PROGRESS_UPDATE_1])
    await createSubmittedReport(db, {
      account,
      requestType: type,
      requestId: requestIdOf(processFor(type)!, account.id),
      data: completeReportDrafts[type]!().report,
    });
  const requestId = requestIdOf(p4, account.id);
  const { report } = inPhase(phase3, 4);

  const page = await browser.as(admin);
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page, 'Phase 4 Notification').click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 4 notification' }).waitFor();
  await completeSection(page, p4.report, 'reportingObligation', report.reportingObligation!);

  // The carried sections say so on the task list.
  const carried = page.getByRole('listitem').filter({ hasText: MARK });
  await page.getByRole('link', { name: 'Contact persons', exact: true }).waitFor();
  expect(await carried.count()).toBe(4);
  await expectAccessible(page);

  // Its pages start from the carried answers; the summary marks each one still as carried, and the
  // one changed (the trading name) loses its mark.
  await page.getByRole('link', { name: 'Responsible undertaking', exact: true }).click();
  const section = sectionOf(p4.report, 'responsibleUndertaking')!;
  const answers = structuredClone(report.responsibleUndertaking!) as Record<string, any>;
  answers.tradingDetails.tradingName = 'Kestrel Freight North';
  const summary = page.getByRole('button', { name: 'Confirm and complete' });
  for (let guard = 0; guard < 20 && !(await summary.isVisible()); guard++) {
    await page.getByRole('button', { name: /^(Save and continue|Confirm and complete)$/ }).waitFor();
    const stepId = /\/section\/[^/]+\/([^/?#]+)/.exec(new URL(page.url()).pathname)?.[1];
    const step = section.steps.find((s) => s.id === stepId);
    if (!step) break;
    await page.getByRole('heading', { level: 1, name: step.title }).waitFor();
    await fillFields(page, step.fields, '', answers);
    const before = page.url();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.href !== before);
  }
  await page.getByRole('heading', { level: 1, name: 'Responsible undertaking' }).waitFor();
  const row = (key: string) =>
    page.locator('.govuk-summary-list__row').filter({ has: page.getByText(key, { exact: true }) });
  await row('Trading name').getByText('Kestrel Freight North').waitFor();
  expect(await row('Trading name').getByText(MARK).count()).toBe(0);
  await row('Organisation name').getByText(MARK).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm and complete' }).click();
  await page.waitForURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
  await page.getByRole('link', { name: 'Contact persons', exact: true }).waitFor();
  expect(await carried.count()).toBe(3);

  // The rest: the carried sections confirmed as they are, this phase's answered.
  const done = new Set(['reportingObligation', 'responsibleUndertaking']);
  for (const id of taskList(p4.report, { report, sectionsCompleted: {} }, {}).flatMap((g) =>
    g.sections.map((s) => s.id),
  )) {
    if (done.has(id)) continue;
    if (id === 'energySavingsAchieved') {
      // Under the question, the phase 3 action plan's measures and what progress update 1 said.
      await page.getByRole('link', { name: 'Energy savings achieved', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Measures in your phase 3 action plan' }).waitFor();
      const measures = page.getByRole('region', { name: 'Measures in your phase 3 action plan' });
      await measures.getByRole('row', { name: 'LED lighting March 2024 12,500 kWh Yes 900 kWh' }).waitFor();
      await measures.getByRole('row', { name: 'Boiler replacement June 2025 12,500 kWh No None reported' }).waitFor();
      await measures.getByRole('row', { name: 'Total 25,000 kWh 900 kWh' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Return to task list' }).click();
      await page.waitForURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
    }
    await completeSection(page, p4.report, id, report[id]!);
  }
  expect(await carried.count()).toBe(0);
  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: 'Notification sent to regulator' }).waitFor();

  // Its PDF, from the request page.
  await page.goto(`${baseUrl()}/accounts/${account.id}/workflows/${requestId}`);
  await page.getByRole('heading', { level: 1, name: 'Phase 4 Notification' }).waitFor();
  const fileName = `${requestId} Phase 4 Notification.pdf`;
  const link = page
    .getByRole('button', { name: `${fileName} (download)` })
    .or(page.getByRole('link', { name: `${fileName} (download)` }));
  await link.waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = (await pdfText(fs.readFileSync((await download.path())!))).text.replace(/\s+/g, ' ');
  expect(text).toContain(`Reference number ${requestId}`);
  expect(text).toContain('Kestrel Freight North');
  expect(text).toContain('Third compliance period');
  expect(text).not.toContain('Display Energy Certificate');

  // The regulator's MI report of phase 4 has its row.
  const reg = await browser.as(regulator);
  await reg.goto(`${baseUrl()}/mi-reports/${p4.submittedData.slug}`);
  await reg.getByRole('heading', { level: 1, name: 'Notification of compliance (Phase 4) submitted data' }).waitFor();
  await reg.getByRole('cell', { name: requestId, exact: true }).first().waitFor({ timeout: 60_000 });
  await expectAccessible(reg);
});
