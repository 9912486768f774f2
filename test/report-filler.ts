// Browser tests of the reports: answers a section's question pages in the browser, page by page,
// from a set of answers (as a report definition stores them), clicking 'Save and continue' and
// finally 'Confirm and complete', as a user would. The definition says which inputs each answer
// has; the pages are found by their addresses.
import type { Page } from 'playwright-core';
import { flatFields, type Field, type Values } from '../domain/reports/fields';
import { sectionOf, stepOf, type ReportDefinition } from '../domain/reports/report';

const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

async function fillField(page: Page, field: Field, path: string, value: unknown): Promise<void> {
  if (value === undefined || value === null) return;
  // What the server keeps (copied measures, their ids) is shown, not typed.
  if (('readOnly' in field && field.readOnly) || ('hidden' in field && field.hidden)) return;
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'number':
      await byId(page, path).fill(String(value));
      return;
    case 'radios':
      await page.locator(`input[type="radio"][name="${path}"][value="${String(value)}"]`).check();
      return;
    case 'checkboxes':
      for (const item of value as unknown[])
        await page.locator(`input[type="checkbox"][name="${path}"][value="${String(item)}"]`).check();
      return;
    case 'select':
      await byId(page, path).selectOption(String(value));
      return;
    case 'date': {
      const [y, m, d] = String(value).split('-');
      await byId(page, `${path}-day`).fill(String(Number(d)));
      await byId(page, `${path}-month`).fill(String(Number(m)));
      await byId(page, `${path}-year`).fill(y!);
      return;
    }
    case 'month': {
      const [y, m] = String(value).split('-');
      // A month within a period is chosen from selects; another is typed.
      if (field.min && field.max) {
        await byId(page, `${path}-month`).selectOption(String(Number(m)));
        await byId(page, `${path}-year`).selectOption(y!);
        return;
      }
      await byId(page, `${path}-month`).fill(String(Number(m)));
      await byId(page, `${path}-year`).fill(y!);
      return;
    }
    case 'group':
      await fillFields(page, field.fields, `${path}.`, value as Values);
      return;
    case 'list': {
      const items = value as Values[];
      if (field.layout === 'pages') {
        // A list edited a page an item: each item on its own page, from the list's table. The items
        // the list already holds (copied, or carried from the last phase) are changed at their
        // address, as a user changes them, the others added with the list's Add button; adding a
        // held one again would be refused as a duplicate.
        const listUrl = page.url().split('?')[0]!;
        const held = await heldItems(page, field.label);
        for (let i = 0; i < items.length; i++) {
          if (field.fixedItems || i < held) await page.goto(`${listUrl}/item/${i + 1}`);
          else await page.getByRole('button', { name: /^Add/ }).click();
          await page.waitForURL((url) => url.pathname.includes('/item/'));
          await page.getByRole('button', { name: 'Save and continue' }).waitFor();
          await fillFields(page, field.item, '', items[i]!);
          await saveAndContinue(page, `${path} item ${i + 1}`);
        }
        if (page.url().split('?')[0] !== listUrl) await page.goto(listUrl);
        await page.getByRole('heading', { level: 1 }).waitFor();
        return;
      }
      const list = page.locator(`[id="l.${path}"]`);
      for (let i = 0; i < items.length; i++) {
        // An item not on the page yet is added with the list's own button.
        if ((await page.locator(`[id^="${path}.${i}."]`).count()) === 0)
          await list.getByRole('button', { name: /^Add/ }).last().click();
        await fillFields(page, field.item, `${path}.${i}.`, items[i]!);
      }
      return;
    }
    case 'computed':
      return;
  }
}

export async function fillFields(page: Page, fields: readonly Field[], prefix: string, values: Values): Promise<void> {
  for (const field of flatFields(fields)) await fillField(page, field, `${prefix}${field.name}`, values[field.name]);
}

/** How many items a list edited a page an item holds, from its table's caption ('Label (3)'). */
async function heldItems(page: Page, label: string): Promise<number> {
  const caption = page.locator('caption').filter({ hasText: `${label} (` });
  const none = page.getByText(`No ${label.charAt(0).toLowerCase()}${label.slice(1)} have been added yet.`, {
    exact: true,
  });
  await caption.or(none).first().waitFor();
  if ((await caption.count()) === 0) return 0;
  return Number(/\((\d+)\)\s*$/.exec(await caption.first().innerText())?.[1] ?? 0);
}

// Why a page did not move on: its error summary (what a user would read) and its address; a
// screenshot beside it in /tmp.
async function stalledBecause(page: Page): Promise<string> {
  const shot = `/tmp/shot-stalled-${Date.now()}.png`;
  await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
  const summary = page.locator('.govuk-error-summary');
  const text = (await summary.count()) > 0 ? await summary.first().innerText() : 'no error summary';
  return `${text.replace(/\s+/g, ' ')} (${page.url()}, ${shot})`;
}

/** Clicks 'Save and continue' and waits for the next page; a page that stays says why. */
async function saveAndContinue(page: Page, where: string): Promise<void> {
  const before = page.url();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page
    .waitForURL((url) => url.href !== before)
    .catch(async (error: Error) => {
      throw new Error(`${where} did not move on: ${await stalledBecause(page)}\n${error.message}`);
    });
}

const stepOfUrl = (url: string) => /\/section\/([^/?#]+)(?:\/([^/?#]+))?/.exec(new URL(url).pathname);

/**
 * From the task list: opens the section, answers each page it asks and confirms the section.
 * Ends back on the task list.
 */
export async function completeSection(
  page: Page,
  def: ReportDefinition,
  sectionId: string,
  answers: Values,
): Promise<void> {
  const section = sectionOf(def, sectionId)!;
  await page.getByRole('link', { name: section.title, exact: true }).click();
  await page.waitForURL((url) => stepOfUrl(url.href)?.[1] === sectionId);
  // Each page is a question page (Save and continue) or the section's summary (Confirm and complete).
  const pageReady = page.getByRole('button', { name: /^(Save and continue|Confirm and complete)$/ });
  for (let guard = 0; guard < 50; guard++) {
    await pageReady.waitFor();
    const match = stepOfUrl(page.url());
    const step = match?.[2] ? stepOf(section, match[2]) : undefined;
    if (!step) break;
    await page.getByRole('heading', { level: 1, name: step.title }).waitFor();
    await fillFields(page, step.fields, '', answers);
    await saveAndContinue(page, `${sectionId}/${step.id}`);
  }
  await page.getByRole('heading', { level: 1, name: section.title }).waitFor();
  await page.getByRole('button', { name: 'Confirm and complete' }).click();
  await page.waitForURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
}
