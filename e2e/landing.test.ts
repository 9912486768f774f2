import type { Browser } from 'playwright-core';
import { axeViolations, baseUrl, launchBrowser, viewports, watchConsole } from '../test/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(Object.entries(viewports))('the landing page at %s width', (_name, viewport) => {
  it('shows the service heading and title, with no accessibility violations and no CSP errors', async () => {
    const page = await browser.newPage({ viewport });
    const errors = watchConsole(page);
    const response = await page.goto(`${baseUrl()}/landing`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe('Manage your ESOS reporting');
    await expect(page.title()).resolves.toBe('Home - Manage your ESOS reporting - GOV.UK');
    expect(await page.getByRole('button', { name: 'Start now' }).isVisible()).toBe(true);
    // The late-submission warning names the action plan's due date and the regulators' grace date.
    await expect(page.locator('.govuk-warning-text__text').innerText()).resolves.toContain(
      'Action plans were due by 5 December 2024 and the regulators accepted them until 5 March 2025.',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

it('sends the empty path to /landing and an unknown path to /error/404', async () => {
  const page = await browser.newPage();
  await page.goto(`${baseUrl()}/`);
  await page.waitForURL('**/landing');
  await page.goto(`${baseUrl()}/no/such/page`);
  await page.waitForURL('**/error/404');
  await expect(page.locator('h1').textContent()).resolves.toBe('Page not found');
  await page.close();
});

it('shows the version and commit on /about', async () => {
  const page = await browser.newPage();
  await page.goto(`${baseUrl()}/about`);
  await page.getByText('3.3.2').waitFor();
  await expect(page.locator('dd').nth(1).textContent()).resolves.toMatch(/^([0-9a-f]{40}|unknown)$/);
  await page.close();
});
