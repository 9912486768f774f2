// The second compliance period's pages in a real browser (issue 26): the organisational energy
// consumption is asked as a single total and as a breakdown on one page, and a total of 16 digits is
// refused there, with the page accessible at both widths.
import { axeViolations, baseUrl, viewports } from '../test/browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { createAccount, grantOperator } from '../test/factories';
import { completeSection } from '../test/report-filler';
import { notificationReport } from '../processes/notification-of-compliance/report';
import { completeReport } from '../test/fixtures/notification-reports';
import { useBrowser, startButton } from '../test/e2e-browser';

jest.setTimeout(300_000);

const { as } = useBrowser();

it('asks the second period’s total and breakdown on one page, and refuses a 16-digit total there', async () => {
  const db = e2eDb();
  const account = await createAccount(db, { name: `Period Widgets ${Date.now()}` });
  const admin = await newPerson({ firstName: 'Pia', lastName: 'Period' });
  await grantOperator(db, admin, account, 'operator_admin');
  const page = await as(admin);
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  await completeSection(
    page,
    notificationReport,
    'reportingObligation',
    completeReport('esos95To100').report.reportingObligation!,
  );

  await page.getByRole('link', { name: 'Second compliance period', exact: true }).click();
  await page.locator('input[type="radio"][name="informationExists"][value="YES"]').check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page
    .getByRole('heading', { level: 1, name: 'Organisational energy consumption during the second compliance period' })
    .waitFor();
  const total = page.getByLabel(
    'What was the organisational energy consumption in kWh for the second period? (optional)',
  );
  await page
    .getByText(
      'What was the breakdown of the organisational energy consumption in kWh for the second period? (optional)',
    )
    .waitFor();

  await total.fill('1234567890123456');
  const url = page.url();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const summary = page.locator('.govuk-error-summary');
  await summary.waitFor();
  await expect(summary.innerText()).resolves.toContain('Enter a number with up to 15 digits before the decimal point');
  expect(page.url()).toBe(url);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(viewports.mobile);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(viewports.desktop);

  await total.fill('15500000');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page
    .getByRole('heading', {
      level: 1,
      name: 'What was the significant energy consumption during the second compliance period? (optional)',
    })
    .waitFor();
  const stored = await db('request_tasks')
    .where({ account_id: account.id, type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT' })
    .first('payload');
  expect(stored.payload.report.secondCompliancePeriod).toMatchObject({
    informationExists: 'YES',
    organisationalEnergyConsumption: 15500000,
  });
});
