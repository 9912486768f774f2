// Reading the service's records in a real browser, at 1280 and 375 px (issue 26): every MI report,
// every sheet — wide tables keep their words whole, scroll in a labelled, focusable region that says so, and never
// widen the page; their breadcrumb ends with the report's name. The regulator users' sortable
// headings look like GOV.UK sortable headings (not grey browser buttons) and the page fits a phone.
// Screenshots go to E2E_SHOTS when it is set, to be looked at.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, baseUrl, viewports } from '../test/browser';
import { useBrowser } from '../test/e2e-browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { createAccount, createUser, grantOperator } from '../test/factories';
import { completeReports } from '../test/fixtures/notification-reports';
import { APPLICATION_REVIEW, notificationProcess, requestIdOf } from '../processes';
import { miReports } from '../processes/mi-reports';

jest.setTimeout(300_000);
const { as } = useBrowser();

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`), fullPage: true });
}

/** Words (split at spaces, hyphens and slashes) that the browser broke across two lines, in the elements `selector` finds. */
const brokenWords = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const broken: string[] = [];
    for (const el of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[^\s\-/]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, selector);

/** How far the page itself scrolls sideways (0 when it fits the window). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

it('shows wide MI reports with whole words in a labelled scrolling region that says it scrolls, named in the breadcrumb', async () => {
  const db = e2eDb();
  const regulator = await newPerson({ firstName: 'Rhian', lastName: 'Reader', regulatorOf: 'WALES' });
  const account = await createAccount(db, {
    competentAuthority: 'WALES',
    name: `Advanced Widgets Wales ${Date.now()}`,
  });
  const admin = await createUser(db, { firstName: 'Olivia', lastName: 'Operator' });
  await grantOperator(db, admin, account, 'operator_admin');
  await db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: admin.id });
  // A submitted notification, as the process keeps it.
  const requestId = requestIdOf(notificationProcess, account.id);
  await db('requests').insert({
    id: requestId,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3',
    status: 'COMPLETED',
    account_id: account.id,
    competent_authority: 'WALES',
    payload: '{}',
  });
  await db('reports').insert({
    request_id: requestId,
    account_id: account.id,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3',
    data: JSON.stringify(completeReports.esos95To100.report),
    submitted_by: admin.id,
    submitted_at: new Date(),
  });

  // An open review task of the competent authority, for the outstanding tasks report.
  const [review] = await db('requests')
    .insert({
      id: `ACC${String(account.id).padStart(6, '0')}`,
      type: 'ORGANISATION_ACCOUNT_OPENING',
      status: 'IN_PROGRESS',
      account_id: account.id,
      competent_authority: 'WALES',
      payload: '{}',
    })
    .returning('id');
  await db('request_tasks').insert({
    request_id: review.id,
    type: APPLICATION_REVIEW,
    assignee: regulator.id,
    account_id: account.id,
    competent_authority: 'WALES',
    due_date: '2026-12-24',
  });

  const page = await as(regulator);
  // Rows of this test the report must show (the others may show nothing yet).
  const expected: Record<string, string> = {
    'accounts-users-contacts': account.name,
    [notificationProcess.submittedData!.slug]: requestId,
    'outstanding-request-tasks': account.name,
  };
  for (const report of miReports().filter((r) => r.type !== 'CUSTOM')) {
    for (const [width, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}/mi-reports/${report.slug}`);
      await page.getByRole('heading', { level: 1, name: report.name }).waitFor();
      await page
        .getByRole('button', { name: 'Download as Excel (.xlsx)' })
        .or(page.getByText('There is nothing to report.'))
        .first()
        .waitFor();
      // The breadcrumb ends with the report's name.
      expect((await page.locator('.govuk-breadcrumbs__list-item').last().textContent())?.trim()).toBe(report.name);
      const sheets = await page
        .getByRole('navigation', { name: 'Sheets of the workbook' })
        .getByRole('listitem')
        .allTextContents();
      for (const [i, sheet] of (sheets.length ? sheets : [null]).entries()) {
        if (sheet && i > 0) {
          await page.getByRole('link', { name: sheet, exact: true }).click();
          await page.getByRole('heading', { level: 2, name: sheet, exact: true }).waitFor();
        }
        if (i === 0 && expected[report.slug])
          await page.getByRole('cell', { name: expected[report.slug] }).first().waitFor();
        await readable(page, viewport.width, report.slug === notificationProcess.submittedData!.slug && i === 0);
        if (i === 0) await shot(page, `mi-${report.slug}-${width}`);
      }
    }
  }
});

/** A report's table (if it has rows) is readable whole: words whole, in a labelled region that says it scrolls when it does, within the page. */
async function readable(page: Page, width: number, mustScroll: boolean): Promise<void> {
  const region = page.locator('.app-table-container');
  if ((await region.count()) > 0) {
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect(await region.getAttribute('aria-label')).toBeTruthy();
    const { scrolls, right } = await region.evaluate((el) => ({
      scrolls: el.scrollWidth > el.clientWidth + 1,
      right: el.getBoundingClientRect().right,
    }));
    // The notification report's columns are far more than a page: it scrolls, and says so.
    if (mustScroll) expect(scrolls).toBe(true);
    if (scrolls) {
      const hint = page.getByText('Scroll the table to see all columns');
      expect(await hint.isVisible()).toBe(true);
      expect(await region.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    }
    // The region is not cut off by the page.
    expect(right).toBeLessThanOrEqual(width);
    expect(await brokenWords(page, 'table th, table td')).toEqual([]);
  }
  // The page does not scroll sideways.
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
}

it('styles the regulator users’ sortable headings as GOV.UK does, and fits the page on a phone', async () => {
  const admin = await newPerson({ firstName: 'Ifan', lastName: 'Administrator-Longname', regulatorOf: 'WALES' });
  await newPerson({ firstName: 'Gwenllian', lastName: 'Ap-Rhys-Williams', regulatorOf: 'WALES' });
  const page = await as(admin);
  for (const [width, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl()}/user/regulators`);
    await page.getByRole('cell', { name: 'Ifan Administrator-Longname' }).waitFor();
    const heading = page.getByRole('columnheader', { name: 'Name' });
    expect(await heading.getAttribute('aria-sort')).toBe('none');
    const button = heading.getByRole('button', { name: 'Name' });
    const style = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, border: s.borderTopWidth, colour: s.color, weight: s.fontWeight };
    });
    // A link-coloured bold heading on no background, not a grey button.
    expect(style).toEqual({
      background: 'rgba(0, 0, 0, 0)',
      border: '0px',
      colour: 'rgb(29, 112, 184)',
      weight: '700',
    });
    await button.click();
    expect(await heading.getAttribute('aria-sort')).toBe('ascending');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `regulator-users-${width}`);
  }
});
