// The compliance overview in a real browser, as a regulator of Scotland holding the authority for
// the whole file (holdAuthority: no other browser test leaves a live Scottish account meanwhile),
// with a seeded mix of ten organisations: the numbers are the mix's, a number's
// link opens its list, the list downloads as a workbook of the same rows, a chase of the five
// overdue action plans shows its progress and ends with five sent, and a second chase says they
// were reminded already. Every page passes axe at 1280 and 375 px; with the chart library blocked the
// overview still has every number in its tables.
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { baseUrl, viewports, watchConsole } from '../test/browser';
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { e2eDb, holdAuthority, newPerson } from '../test/e2e-people';
import { mixStanding, seedComplianceMix, type MixAccount } from '../test/compliance-mix';
import { TEST_NOW } from '../test/clock';
import { loadConfig } from '../infra/config';
import {
  ACTION_PLAN,
  NOTIFICATION,
  notificationCodes,
  PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_2,
  processFor,
} from '../processes';
import { reportDueAt } from '../api/compliance/overview';
import { complianceStates } from '../domain/compliance';

jest.setTimeout(300_000);
const { as } = useBrowser();
const now = new Date(TEST_NOW);
// The overview's rows in the browser tests' service, which opens phase 4's notification on its clock
// (TEST_PHASES): the mix has none of those, so all ten are 'not started' there.
const REPORTS = [NOTIFICATION, notificationCodes(4).NOTIFICATION, ACTION_PLAN, PROGRESS_UPDATE_1, PROGRESS_UPDATE_2];
const tag = `Lothian Mixco ${Math.random().toString(36).slice(2, 6)}`;
let mix: MixAccount[];
let hold: Awaited<ReturnType<typeof holdAuthority>>;

beforeAll(async () => {
  hold = await holdAuthority('SCOTLAND');
  mix = await seedComplianceMix(e2eDb(), { ca: 'SCOTLAND', count: 10, namePrefix: tag, now });
});
// Closed, the mix leaves any later file holding Scotland alone.
afterAll(() => hold?.letGo(mix.map((m) => m.id)));

/** A screenshot to E2E_SHOTS when it is set, to be looked at. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `compliance-${name}.png`), fullPage: true });
}

/** The overview's numbers as the mix makes them: per report, per state. */
function expectedCounts(type: string): Record<string, number> {
  const due = reportDueAt(loadConfig(), processFor(type)!);
  const counts: Record<string, number> = { SUBMITTED: 0, IN_PROGRESS: 0, NOT_STARTED: 0, OVERDUE: 0 };
  mix.forEach((_, i) => {
    const s = mixStanding(i, type, now, due);
    counts[s.state]++;
    if (s.overdue) counts.OVERDUE++;
  });
  return counts;
}

/**
 * The charts as drawn: every bar as long as its number (a zero zero-length), count axes in whole
 * numbers, date axes in dates as people write them, and no label cut off by the chart's edges.
 */
async function expectChartsTrue(page: Page): Promise<void> {
  const charts = await page.evaluate(() =>
    [...document.querySelectorAll('.app-chart svg')].map((svg) => {
      const box = svg.getBoundingClientRect();
      const bars = [...svg.querySelectorAll('rect')]
        .filter((r) => r.querySelector('title'))
        .map((r) => ({
          title: r.querySelector('title')!.textContent!,
          count: Number(r.querySelector('title')!.textContent!.split(': ').pop()),
          width: Number(r.getAttribute('width')),
        }));
      const ticks = [...svg.querySelectorAll('g[font-variant="tabular-nums"] text')].map((t) => t.textContent!);
      const cut = [...svg.querySelectorAll('text')]
        .filter((t) => {
          const b = t.getBoundingClientRect();
          return b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1;
        })
        .map((t) => t.textContent);
      return { kind: svg.parentElement!.getAttribute('data-chart'), bars, ticks, cut };
    }),
  );
  expect(charts.map((c) => c.kind)).toEqual(['status', 'breakdown', 'breakdown', 'overTime']);
  for (const chart of charts) {
    expect({ kind: chart.kind, cut: chart.cut }).toEqual({ kind: chart.kind, cut: [] });
    for (const tick of chart.ticks) expect(tick).toMatch(/^(\d[\d,]*|\d{1,2} [A-Z][a-z]{2,3}|[A-Z][a-z]{2,3} \d{4})$/);
    const unit = Math.max(0, ...chart.bars.filter((b) => b.count > 0).map((b) => b.width / b.count));
    for (const bar of chart.bars)
      expect({ bar: bar.title, width: Math.round(bar.width) }).toEqual({
        bar: bar.title,
        width: Math.round(bar.count * unit),
      });
  }
}

/** The numbers of the 'Reports by status' table, by report row. */
const tableNumbers = (page: Page) =>
  page
    .locator('table[aria-labelledby="by-report"] tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td a')].map((a) => Number(a.textContent))));

it('shows the numbers of the mix, opens the list behind one, exports it and chases its five organisations', async () => {
  const regulator = await newPerson({ firstName: 'Orla', lastName: 'Overview', regulatorOf: 'SCOTLAND' });
  const page = await as(regulator);
  const errors = watchConsole(page);
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Compliance' }).click();
  await page.getByRole('heading', { name: 'Compliance overview', level: 1 }).waitFor();
  await page.getByText('10 live accounts').waitFor();
  expect(await tableNumbers(page)).toEqual(REPORTS.map((t) => complianceStates.map((s) => expectedCounts(t)[s])));
  // The charts are SVG with text titles; their numbers are in the tables.
  await page.locator('[data-chart="status"] svg > title').waitFor({ state: 'attached' });
  expect(await page.locator('.app-chart svg > title').allTextContents()).toEqual([
    'Reports by status: organisations that have submitted, are in progress or have not started each report',
    'Phase 3 notifications by reporting obligation category: the number of submitted notifications in each category',
    'Phase 4 notifications by reporting obligation category: the number of submitted notifications in each category',
    'Submissions over time: the cumulative number of each report submitted, against its window’s close',
  ]);
  await expectAccessible(page);
  await page.setViewportSize(viewports.desktop);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.app-chart svg')].every((svg) => Number(svg.getAttribute('width')) > 600),
  );
  await expectChartsTrue(page);
  await shot(page, 'overview-1280');
  // At 375 px the charts are drawn again for the width they have.
  await page.setViewportSize(viewports.mobile);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.app-chart svg')].every((svg) => Number(svg.getAttribute('width')) < 375),
  );
  await expectChartsTrue(page);
  await shot(page, 'overview-375');
  await page.setViewportSize(viewports.desktop);
  expect(errors).toEqual([]);

  // The action plans overdue: the link opens their list.
  const overdue = mix.filter(
    (_, i) => mixStanding(i, ACTION_PLAN, now, reportDueAt(loadConfig(), processFor(ACTION_PLAN)!)).overdue,
  );
  expect(overdue).toHaveLength(5);
  await page.getByRole('link', { name: 'Action Plan, Overdue: 5 organisations' }).click();
  await page.waitForURL('**/compliance/accounts?requestType=ACTION_PLAN_P3&state=OVERDUE');
  await page.getByRole('heading', { name: 'Action Plan: overdue', level: 1 }).waitFor();
  await page.getByText('5 organisations', { exact: true }).waitFor();
  const names = await page.locator('table tbody tr th a').allTextContents();
  expect(names).toEqual(overdue.map((m) => m.name));
  await expectAccessible(page);
  await shot(page, 'list');

  // The export is a workbook of the same rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as Excel (.xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Compliance_overview.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const rows: string[][] = [];
  book
    .getWorksheet('Organisations')!
    .eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  expect(rows[0]).toEqual([
    'Organisation name',
    'Organisation ID',
    'Registration number',
    'Status',
    'Overdue',
    'Due date',
    'Last reminder',
    'Assignee',
  ]);
  expect(rows.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual(overdue.map((m) => [m.name, m.organisationId, 'Yes']));

  // The chase: check, send, progress, outcome.
  await page.getByRole('button', { name: 'Send a reminder to these 5 organisations' }).click();
  await page.getByRole('heading', { name: 'Send a reminder to 5 organisations', level: 1 }).waitFor();
  await page.getByText('Reminder: your ESOS Action Plan - Manage your ESOS reporting').waitFor();
  await expectAccessible(page);
  await shot(page, 'check');
  await page.getByRole('button', { name: 'Send reminders' }).click();
  await page.waitForURL('**/compliance/chases/*');
  await page.getByRole('heading', { name: 'Reminders about the Action Plan', level: 1 }).waitFor();
  // Progress is shown while it runs and updated without a reload, until it is done.
  await page.locator('progress#chase-progress').waitFor();
  const url = page.url();
  await page.getByText('Done: 5 sent, 0 not sent, of 5').waitFor({ timeout: 60_000 });
  expect(page.url()).toBe(url);
  expect(await page.locator('progress#chase-progress').evaluate((p: HTMLProgressElement) => [p.value, p.max])).toEqual([
    5, 5,
  ]);
  const outcomes = await page
    .locator('table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]));
  expect(outcomes).toEqual(overdue.map((m) => [m.name, 'Reminder sent']));
  await expectAccessible(page);
  await shot(page, 'progress');
  // One e-mail to each primary contact.
  const emails = await e2eDb()('email_outbox')
    .whereIn(
      'to_address',
      mix.map((m) => m.email),
    )
    .select('to_address');
  expect(emails.map((e) => e.to_address).sort()).toEqual(overdue.map((m) => m.email).sort());

  // A second chase of the same list says who was reminded already and sends nothing.
  await page.goto(`${baseUrl()}/compliance/chase?requestType=ACTION_PLAN_P3&state=OVERDUE`);
  await page.getByRole('heading', { name: 'Send a reminder to 0 organisations', level: 1 }).waitFor();
  await page
    .getByText(
      '5 organisations were sent a reminder about this report in the last 7 days and will not be sent another.',
    )
    .waitFor();
  expect(await page.getByRole('button', { name: 'Send reminders' }).count()).toBe(0);

  // The list no longer offers a reminder that would send nothing, and says why.
  const listUrl = `${baseUrl()}/compliance/accounts?requestType=ACTION_PLAN_P3&state=OVERDUE`;
  await page.goto(listUrl);
  await page
    .getByText(
      'All 5 organisations were sent a reminder about this report in the last 7 days, so no reminder can be sent now.',
    )
    .waitFor();
  expect(await page.getByRole('button', { name: /^Send a reminder/ }).count()).toBe(0);
  await page.getByRole('button', { name: 'Send a request for information to these 5 organisations' }).waitFor();
  await expectAccessible(page);

  // A search that matches nothing says so and how to clear it.
  await page.getByLabel('Search by organisation name, ID or registration number').fill('Zebedee Nomatch');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('0 organisations match ‘Zebedee Nomatch’').waitFor();
  await page.getByText('No organisations in this list match ‘Zebedee Nomatch’.', { exact: false }).waitFor();
  expect(await page.locator('table').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Send a / }).count()).toBe(0);
  await expectAccessible(page);
  await shot(page, 'no-match');
  await page.getByRole('link', { name: 'Clear the search' }).click();
  await page.getByText('5 organisations', { exact: true }).waitFor();
  await page.locator('table tbody tr').nth(4).waitFor();
  expect(await page.locator('table tbody tr').count()).toBe(5);

  // A page past the end leads back to the list.
  await page.goto(`${listUrl}&page=3`);
  await page.getByText('There is no page 3: this list has 1 page.').waitFor();
  expect(await page.locator('table').count()).toBe(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the list' }).click();
  await page.locator('table tbody tr').nth(4).waitFor();
  expect(await page.locator('table tbody tr').count()).toBe(5);
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  expect(errors).toEqual([]);
});

it('works with the chart library blocked: every number is still in the tables', async () => {
  const regulator = await newPerson({ firstName: 'Brona', lastName: 'Blocked', regulatorOf: 'SCOTLAND' });
  const page = await as(regulator, viewports.mobile);
  await page.route('**/static/charts-*.js', (route) => route.abort());
  await page.goto(`${baseUrl()}/compliance`);
  await page.getByRole('heading', { name: 'Compliance overview', level: 1 }).waitFor();
  await page.getByText('The chart could not be shown. The table has the same numbers.').first().waitFor();
  expect(await page.locator('.app-chart svg').count()).toBe(0);
  expect(await tableNumbers(page)).toEqual(REPORTS.map((t) => complianceStates.map((s) => expectedCounts(t)[s])));
  await expectAccessible(page);
  await shot(page, 'blocked-375');
  // A category's number opens its list.
  await page
    .getByRole('region', { name: 'Phase 3 notifications by reporting obligation category' })
    .getByRole('link', { name: /^Does not qualify: \d+ notifications$/ })
    .click();
  await page.waitForURL(
    '**/compliance/accounts?requestType=NOTIFICATION_OF_COMPLIANCE_P3&state=SUBMITTED&category=NOT_QUALIFY',
  );
  await page
    .getByRole('heading', { name: 'Notification of Compliance: submitted: Does not qualify', level: 1 })
    .waitFor();
});
