// The action plan and the two progress updates in a real browser, as a new operator meets them
// (reference workflows §5, §8–§10): an action plan with two measures, one estimated by another
// method, filled in page by page and submitted; progress update 1 showing them split before/after
// the plan's submission (1 June 2026 on the e2e clock), submitted with an added measure; progress
// update 2 starting from it; a regulator's 'Return to participant for changes' offered and withheld
// as §5 says; a disaggregated progress update 1 without an action plan; a cancelled action plan
// started again. The prerequisite notification is submitted through the API, as the operator's own
// browser session would. New pages pass axe at desktop and mobile widths.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, watchConsole } from '../test/browser';
import { pdfText } from '../test/pdf-text';
import { processFor } from '../processes';
import { allSections, reportAnswers } from '../domain/reports/report';
import { sectionColumns } from '../domain/reports/columns';
import { e2eDb, newPerson, signIn, type Person } from '../test/e2e-people';
import { createAccount, grantOperator, type TestAccount } from '../test/factories';
import { completeSection } from '../test/report-filler';
import {
  ESOS_ASSESSMENT_NOTIFICATION,
  ESTIMATION_METHOD_DESCRIPTION,
  actionPlanReport,
} from '../processes/action-plan/report';
import { PU1_MEASURES, progressUpdate1Report } from '../processes/progress-update-1/report';
import { PU2_MEASURES, progressUpdate2Report } from '../processes/progress-update-2/report';
import { ESOS_ACTION_PLAN_COMPLIANCE, ESTIMATION_METHOD_DOCUMENTED } from '../domain/reports/progress-update';
import { addedMeasure, apMeasure } from '../test/fixtures/measures';
import { useBrowser, expectAccessible } from '../test/e2e-browser';

jest.setTimeout(300_000);

const browsers = useBrowser();

interface Signed {
  page: Page;
  /** The bearer token of the page's own API calls. */
  authorization: Promise<string>;
}

async function as(person: Person): Promise<Signed> {
  const page = await browsers.newPage();
  const authorization = page
    .waitForRequest((r) => r.url().includes('/api/v1.0/') && !!r.headers().authorization, { timeout: 30_000 })
    .then((r) => r.headers().authorization!);
  authorization.catch(() => undefined);
  await signIn(page, person);
  return { page, authorization };
}

async function organisation(name: string): Promise<{ account: TestAccount; admin: Person; regulator: Person }> {
  const db = e2eDb();
  const account = await createAccount(db, {
    name: `${name} ${Date.now()}`,
    registrationNumber: `AP${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
  });
  const [admin, regulator] = await Promise.all([
    newPerson({ firstName: 'Ada', lastName: 'Planner' }),
    newPerson({ firstName: 'Regina', lastName: 'Reviewer', regulatorOf: 'ENGLAND' }),
  ]);
  await grantOperator(db, admin, account, 'operator_admin');
  await db('account_contacts').insert({ account_id: account.id, user_id: admin.id, contact_type: 'PRIMARY' });
  return { account, admin, regulator };
}

/** The shortest notification (the organisation does not qualify), submitted through the API. */
async function submitNotification(authorization: string, accountId: number): Promise<void> {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl()}/api/v1.0${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const started = await call(`/requests?accountId=${accountId}`, {
    requestCreateActionType: 'NOTIFICATION_OF_COMPLIANCE_P3',
  });
  const task = await e2eDb()('request_tasks')
    .where({ request_id: started.requestId, type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT' })
    .first('id', 'version');
  const data = {
    qualificationType: 'NOT_QUALIFY',
    noQualificationReason: 'Not a large undertaking on the qualification date',
  };
  await call('/tasks/actions', {
    requestTaskId: Number(task.id),
    requestTaskActionType: 'NOTIFICATION_OF_COMPLIANCE_P3_SAVE_APPLICATION_SUBMIT',
    requestTaskActionPayload: { section: 'reportingObligation', data, complete: true },
    version: task.version,
  });
  const submitted = await call('/tasks/actions', {
    requestTaskId: Number(task.id),
    requestTaskActionType: 'NOTIFICATION_OF_COMPLIANCE_P3_SUBMIT_APPLICATION',
    requestTaskActionPayload: {},
  });
  if (submitted.requestStatus !== 'COMPLETED')
    throw new Error(`notification not submitted: ${JSON.stringify(submitted)}`);
}

/** A process's entry under 'Start a new task' on the account page. */
async function startEntry(page: Page, accountId: number, title: string): Promise<Locator> {
  await page.goto(`${baseUrl()}/accounts/${accountId}`);
  await page.getByRole('heading', { name: 'Start a new task' }).waitFor();
  const entry = page
    .locator('section[aria-labelledby="start-task-heading"] > div')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
  await entry.waitFor();
  return entry;
}

/** Starts a process from the account page and lands on its task list. */
async function startTask(page: Page, accountId: number, title: string, taskName: string): Promise<string> {
  const entry = await startEntry(page, accountId, title);
  await entry.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: taskName }).waitFor();
  return page.url();
}

/** Submits from the task list: the confirmation, then the panel (the notification's pages, checked with axe there). */
async function submit(page: Page, panel: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit to regulator' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.getByRole('heading', { name: panel }).waitFor();
}

/** The regulator's view of a request, and whether it offers 'Return to participant for changes'. */
async function returnOffered(page: Page, accountId: number, requestId: string): Promise<boolean> {
  // The related actions are asked for last, once the request and its timeline have loaded.
  const related = page.waitForResponse((r) => r.url().includes(`/related-actions/${requestId}`));
  await page.goto(`${baseUrl()}/accounts/${accountId}/workflows/${requestId}`);
  const offered = Object.keys(await (await related).json()).length > 0;
  const link = page.getByRole('link', { name: 'Return to participant for changes' });
  if (offered) await link.waitFor();
  else {
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(300);
    expect(await link.count()).toBe(0);
  }
  return offered;
}

/**
 * What a regulator reads of a submitted report: the request page's PDF holds every answered question
 * and its answer, and the process's MI report one column per question, on screen and in the .xlsx,
 * with this submission's answers in them.
 */
async function readSubmission(page: Page, accountId: number, requestId: string, requestType: string): Promise<void> {
  const def = processFor(requestType)!;
  const report = (await e2eDb()('reports').where({ request_id: requestId }).first('data')).data;
  await page.goto(`${baseUrl()}/accounts/${accountId}/workflows/${requestId}`);
  const fileName = `${requestId} ${def.title}.pdf`;
  const link = page
    .getByRole('button', { name: `${fileName} (download)` })
    .or(page.getByRole('link', { name: `${fileName} (download)` }));
  await link.waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = (await pdfText(fs.readFileSync((await download.path())!))).text.replace(/\s+/g, ' ');
  const answers = reportAnswers(def.report!, report, {});
  for (const section of answers) {
    expect(text).toContain(section.title);
    for (const row of section.rows)
      for (const part of [row.key, ...row.value]) expect(text).toContain(part.replace(/\s+/g, ' ').trim());
  }

  const mi = def.submittedData!;
  const questions = allSections(def.report!).flatMap((s) => sectionColumns(s).map((c) => c.heading));
  await page.goto(`${baseUrl()}/mi-reports/${mi.slug}`);
  await page.getByRole('heading', { level: 1, name: mi.name }).waitFor();
  const headers = await page.getByRole('columnheader').allTextContents();
  expect(headers.map((h) => h.trim())).toEqual([...mi.leading.map((l) => l.heading), ...questions]);
  await expectAccessible(page);
  const [workbook] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as Excel (.xlsx)' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await workbook.path())!);
  const sheet = book.worksheets.find((w) => w.name !== mi.contents)!;
  const rows: string[][] = [];
  sheet.eachRow((r) =>
    rows.push(Array.from(r.values as unknown[], (v) => (v === null || v === undefined ? '' : String(v))).slice(1)),
  );
  expect(rows[0]).toEqual([...mi.leading.map((l) => l.heading), ...questions]);
  const row = rows.find((r) => r[0] === requestId)!;
  // Every answered question's answer is in its column, as the summary shows it (lists in full).
  const cells = row.slice(mi.leading.length).join('\n');
  for (const section of answers)
    for (const r of section.rows)
      for (const line of r.value) if (!/^Measure \d+$/.test(r.key)) expect(cells).toContain(line.split(': ').at(-1)!);
}

const led = apMeasure({ measureName: 'LED lighting', implementationDateForMeasure: '2024-03' });
const boiler = apMeasure({
  measureName: 'Boiler replacement',
  measureScheme: [],
  implementationDateForMeasure: '2027-06',
  energySavingsEstimateCalculatedType: 'OTHER_REASONABLE_ESTIMATION_METHOD',
  estimationMethodDescription: 'Manufacturer data for the new boiler',
});

it('takes an action plan with two measures through progress updates 1 and 2, with re-initiate offered and withheld as §5 says', async () => {
  const { account, admin, regulator } = await organisation('Planning Widgets');
  // The regulator signs in alongside: they look at the requests later.
  const signingIn = as(regulator);
  signingIn.catch(() => undefined);
  const { page, authorization } = await as(admin);
  const errors = watchConsole(page);
  await submitNotification(await authorization, account.id);

  // Progress update 1 waits for the action plan; the action plan starts from the account page.
  const pu1Entry = await startEntry(page, account.id, 'Phase 3 Progress Update 1');
  await pu1Entry
    .getByText("You cannot start the Progress Update 1 if you haven't submitted the Action Plan.")
    .waitFor();
  const apTask = await startTask(page, account.id, 'Phase 3 Action Plan', 'Submit Phase 3 Action Plan');
  await page.getByRole('heading', { name: '1. Prepare Action Plan' }).waitFor();
  await expect(page.getByRole('button', { name: 'Submit to regulator' }).isDisabled()).resolves.toBe(true);
  await expectAccessible(page);

  // The measures page by page; the second measure's savings were estimated by another method.
  await page.getByRole('link', { name: 'Energy efficiency measures', exact: true }).click();
  await page
    .getByRole('heading', { level: 1, name: actionPlanReport.groups[0]!.sections[0]!.steps[0]!.title })
    .waitFor();
  await expectAccessible(page);
  await page.goto(apTask);
  await completeSection(page, actionPlanReport, 'energyEfficiencyMeasure', {
    haveEnergyEfficiencyMeasures: true,
    energyEfficiencyMeasures: [led, boiler],
  });
  // Both statements are asked, as a measure used another method.
  await page.getByRole('link', { name: 'Responsible officer confirmation', exact: true }).click();
  await page.getByRole('checkbox', { name: ESTIMATION_METHOD_DESCRIPTION.text }).waitFor();
  await expectAccessible(page);
  await page.goto(apTask);
  await completeSection(page, actionPlanReport, 'responsibleOfficerConfirmation', {
    confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value, ESTIMATION_METHOD_DESCRIPTION.value],
  });
  await submit(page, 'Action plan sent to regulator');
  const apId = `AP${String(account.id).padStart(6, '0')}-P3`;
  await page.getByText(`Your reference is ${apId}`).waitFor();
  const apStored = await e2eDb()('reports').where({ request_id: apId }).first('data');
  expect(apStored.data.energyEfficiencyMeasure.energyEfficiencyMeasures).toMatchObject([led, boiler]);

  // The regulator may return the action plan now.
  const reg = await signingIn;
  expect(await returnOffered(reg.page, account.id, apId)).toBe(true);

  // Progress update 1 starts from the two measures, split by the plan's submission.
  const pu1Task = await startTask(page, account.id, 'Phase 3 Progress Update 1', 'Submit Phase 3 Progress Update 1');
  expect(await page.getByRole('link', { name: 'Group change' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Update for energy efficiency measures', exact: true }).click();
  await page
    .getByRole('heading', { level: 1, name: 'Update for the energy efficiency measures in the action plan' })
    .waitFor();
  // A table of the copied measures; each has a page of its own, titled with its name.
  const measuresTable = page.getByRole('table', { name: /Energy efficiency measures in the action plan/ });
  await measuresTable.getByRole('link', { name: 'Change LED lighting' }).click();
  await page.getByRole('heading', { level: 1, name: 'LED lighting' }).waitFor();
  await page.getByText('Implementation date before the action plan was submitted').waitFor();
  await page
    .getByRole('group', {
      name: /^Do you want, optionally, to report a reduction in energy consumption for the period between 6 December 2024/,
    })
    .waitFor();
  expect(await page.getByRole('group', { name: 'Has the measure been implemented?' }).count()).toBe(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await measuresTable.getByRole('link', { name: 'Change Boiler replacement' }).click();
  await page.getByRole('heading', { level: 1, name: 'Boiler replacement' }).waitFor();
  await page.getByText('Implementation date after the action plan was submitted').waitFor();
  await page.getByRole('group', { name: 'Has the measure been implemented?' }).waitFor();
  expect(await page.getByRole('group', { name: /^Do you want, optionally, to report a reduction/ }).count()).toBe(0);
  await expectAccessible(page);

  // With progress update 1 under way the action plan can no longer be returned.
  expect(await returnOffered(reg.page, account.id, apId)).toBe(false);

  const ledUpdate = {
    reportReduction2024To2025: true,
    reductionEnergyConsumption2024To2025: 9000,
    reportReduction2023To2024: false,
    estimationMethodType: 'ACTION_PLAN_ESTIMATE',
  };
  const boilerUpdate = { measureIsImplemented: false, providedContext: 'Supplier delay' };
  const heatPump = addedMeasure({ measureName: 'Heat pump', reductionEnergyConsumption2024To2025: 2500 });
  await page.goto(pu1Task);
  await completeSection(page, progressUpdate1Report, PU1_MEASURES, {
    progressUpdate1P3Measures: [
      {
        measureImplType: 'MEASURE_IMPL_BEFORE_SUBMIT_ACTION_PLAN',
        progressUpdate1P3EnergyEfficiencyMeasure: ledUpdate,
      },
      {
        measureImplType: 'MEASURE_IMPL_AFTER_SUBMIT_ACTION_PLAN',
        progressUpdate1P3EnergyEfficiencyMeasure: boilerUpdate,
      },
    ],
    progressUpdate1P3AddedMeasure: [heatPump],
  });
  await completeSection(page, progressUpdate1Report, 'responsibleOfficerConfirmation', {
    confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value],
  });
  await submit(page, 'Progress Update 1 sent to regulator');
  const pu1Id = `PU1${String(account.id).padStart(6, '0')}-P3`;
  const pu1Stored = (await e2eDb()('reports').where({ request_id: pu1Id }).first('data')).data[PU1_MEASURES];
  expect(
    pu1Stored.progressUpdate1P3Measures.map((m: any) => [
      m.actionPlanEnergyEfficiencyMeasure.measureName,
      m.measureImplType,
      m.progressUpdate1P3EnergyEfficiencyMeasure,
    ]),
  ).toEqual([
    ['LED lighting', 'MEASURE_IMPL_BEFORE_SUBMIT_ACTION_PLAN', ledUpdate],
    ['Boiler replacement', 'MEASURE_IMPL_AFTER_SUBMIT_ACTION_PLAN', boilerUpdate],
  ]);
  expect(pu1Stored.progressUpdate1P3AddedMeasure).toEqual([heatPump]);

  // Progress update 2 starts from progress update 1: the boiler is asked again, the heat pump updated.
  const pu2Task = await startTask(page, account.id, 'Phase 3 Progress Update 2', 'Submit Phase 3 Progress Update 2');
  await page.getByRole('link', { name: 'Update for energy efficiency measures', exact: true }).click();
  await page
    .getByRole('heading', { level: 1, name: 'Update for the energy efficiency measures in the action plan' })
    .waitFor();
  const pu2Table = page.getByRole('table', { name: /Energy efficiency measures/ });
  await pu2Table.getByRole('link', { name: 'Change Boiler replacement' }).click();
  await page.getByRole('heading', { level: 1, name: 'Boiler replacement' }).waitFor();
  // What progress update 1 said is shown with it, and the question it answered 'no' is asked again.
  await page.getByText('Supplier delay').waitFor();
  await page.getByRole('group', { name: 'Has the measure been implemented?' }).waitFor();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await pu2Table.getByRole('link', { name: 'Change LED lighting' }).click();
  await page.getByRole('heading', { level: 1, name: 'LED lighting' }).waitFor();
  expect(await page.getByRole('group', { name: 'Has the measure been implemented?' }).count()).toBe(0);
  await expectAccessible(page);
  const ledPu2 = { reportReduction2025To2026: false };
  const boilerPu2 = {
    measureIsImplemented: true,
    measureImplementedByTheDateInActionPlan: true,
    reductionEnergyConsumption2025To2026: 3100,
    estimationMethodType: 'OTHER_METHOD',
    estimationMethodDescription: 'Metered for a month',
  };
  const heatPumpPu2 = {
    reportReduction2025To2026: true,
    reductionEnergyConsumption2025To2026: 2600,
    estimationMethodType: 'ENERGY_AUDIT',
  };
  const solar = addedMeasure({ measureName: 'Solar panels', reductionEnergyConsumption2025To2026: 1200 });
  await page.goto(pu2Task);
  await completeSection(page, progressUpdate2Report, PU2_MEASURES, {
    progressUpdate2P3Measures: [
      { progressUpdate1P3EnergyEfficiencyMeasure: ledUpdate, progressUpdate2P3EnergyEfficiencyMeasure: ledPu2 },
      { progressUpdate1P3EnergyEfficiencyMeasure: boilerUpdate, progressUpdate2P3EnergyEfficiencyMeasure: boilerPu2 },
    ],
    progressUpdate2P3UpdatedAddedMeasures: [{ progressUpdate2P3EnergyEfficiencyMeasure: heatPumpPu2 }],
    progressUpdate2P3AddedMeasure: [solar],
  });
  await completeSection(page, progressUpdate2Report, 'responsibleOfficerConfirmation', {
    confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value, ESTIMATION_METHOD_DOCUMENTED.value],
  });
  await submit(page, 'Progress Update 2 sent to regulator');
  const pu2Id = `PU2${String(account.id).padStart(6, '0')}-P3`;
  const pu2Stored = (await e2eDb()('reports').where({ request_id: pu2Id }).first('data')).data[PU2_MEASURES];
  expect(pu2Stored.progressUpdate2P3Measures.map((m: any) => m.progressUpdate2P3EnergyEfficiencyMeasure)).toEqual([
    ledPu2,
    boilerPu2,
  ]);
  expect(
    pu2Stored.progressUpdate2P3UpdatedAddedMeasures.map((m: any) => m.progressUpdate2P3EnergyEfficiencyMeasure),
  ).toEqual([heatPumpPu2]);
  expect(pu2Stored.progressUpdate2P3AddedMeasure).toEqual([solar]);

  // The regulator reads each submission: its PDF and its MI report hold every answer.
  await readSubmission(reg.page, account.id, apId, 'ACTION_PLAN_P3');
  await readSubmission(reg.page, account.id, pu1Id, 'PROGRESS_UPDATE_1_P3');
  await readSubmission(reg.page, account.id, pu2Id, 'PROGRESS_UPDATE_2_P3');

  // Progress update 1 cannot be returned once update 2 exists; update 2 can, and comes back to the
  // operator with what was submitted.
  expect(await returnOffered(reg.page, account.id, pu1Id)).toBe(false);
  expect(await returnOffered(reg.page, account.id, pu2Id)).toBe(true);
  await reg.page.getByRole('link', { name: 'Return to participant for changes' }).click();
  await reg.page
    .getByRole('heading', {
      name: 'Are you sure you want to return this progress update 2 to the participant for changes?',
    })
    .waitFor();
  await reg.page.getByRole('button', { name: 'Yes, re-initiate' }).click();
  await reg.page.getByRole('heading', { name: "You've successfully returned the progress update 2" }).waitFor();
  await page.goto(`${baseUrl()}/dashboard`);
  await page
    .getByRole('row')
    .filter({ hasText: account.name })
    .getByRole('link', { name: 'Submit Phase 3 Progress Update 2' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 Progress Update 2' }).waitFor();
  await page.getByRole('link', { name: 'Update for energy efficiency measures', exact: true }).click();
  await page.getByText('Solar panels').first().waitFor();
  expect(errors).toEqual([]);
});

it('starts a disaggregated progress update 1 without an action plan, and a cancelled action plan again', async () => {
  const { account, admin } = await organisation('Departed Widgets');
  const { page, authorization } = await as(admin);
  const errors = watchConsole(page);

  // No action plan: progress update 1 only as a disaggregated undertaking, from its own page.
  const entry = await startEntry(page, account.id, 'Phase 3 Progress Update 1');
  await entry.getByText("You cannot start the Progress Update 1 if you haven't submitted the Action Plan.").waitFor();
  expect(await entry.getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
  await expectAccessible(page);
  await entry.getByRole('link', { name: 'I want to start Progress Update 1 as disaggregated undertaking' }).click();
  await page.getByRole('heading', { level: 1, name: 'Disaggregated undertakings' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start Progress Update 1' }).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 Progress Update 1' }).waitFor();
  await page.getByRole('heading', { name: '1. Enter information about a change of group' }).waitFor();
  await expectAccessible(page);
  await completeSection(page, progressUpdate1Report, 'groupChange', {
    otherResponsibleUndertakingName: 'Former Parent plc',
    otherResponsibleUndertakingCrn: '01234567',
  });
  const own = addedMeasure({
    measureName: 'Insulation',
    reductionEnergyConsumption2024To2025: 800,
    estimationMethodType: 'NO_METHOD_USED',
  });
  await completeSection(page, progressUpdate1Report, PU1_MEASURES, { progressUpdate1P3AddedMeasure: [own] });
  await completeSection(page, progressUpdate1Report, 'responsibleOfficerConfirmation', {
    confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value],
  });
  await submit(page, 'Progress Update 1 sent to regulator');
  const pu1 = await e2eDb()('reports').where({ account_id: account.id, type: 'PROGRESS_UPDATE_1_P3' }).first('data');
  expect(pu1.data.groupChange).toEqual({
    otherResponsibleUndertakingName: 'Former Parent plc',
    otherResponsibleUndertakingCrn: '01234567',
  });
  expect(pu1.data[PU1_MEASURES].progressUpdate1P3AddedMeasure).toEqual([own]);

  // Another organisation: an action plan started, cancelled, and started again, empty.
  const other = await createAccount(e2eDb(), { name: `Cancelling Widgets ${Date.now()}` });
  await grantOperator(e2eDb(), admin, other, 'operator_admin');
  await submitNotification(await authorization, other.id);
  const apTask = await startTask(page, other.id, 'Phase 3 Action Plan', 'Submit Phase 3 Action Plan');
  await page.getByRole('link', { name: 'Energy efficiency measures', exact: true }).click();
  await page.getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Confirm and complete' }).waitFor();
  await page.goto(apTask);
  await page.getByRole('link', { name: 'Cancel task' }).click();
  await page.getByRole('heading', { level: 1, name: 'Are you sure you want to cancel this task?' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Yes, cancel this task' }).click();
  await page.getByRole('heading', { name: 'Task cancelled' }).waitFor();
  expect(
    (await e2eDb()('requests').where({ account_id: other.id, type: 'ACTION_PLAN_P3' }).first('status')).status,
  ).toBe('CANCELLED');
  await startTask(page, other.id, 'Phase 3 Action Plan', 'Submit Phase 3 Action Plan');
  // It starts empty: the cancelled answers are gone.
  await page.getByText('Not started').first().waitFor();
  const fresh = await e2eDb()('request_tasks as t')
    .join('requests as r', 'r.id', 't.request_id')
    .where({ 'r.account_id': other.id, 't.type': 'ACTION_PLAN_P3_APPLICATION_SUBMIT' })
    .first('t.payload');
  expect(fresh.payload).toEqual({ report: {}, sectionsCompleted: {} });
  expect(errors).toEqual([]);
});
