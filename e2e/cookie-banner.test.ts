import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, watchConsole } from '../test/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const banner = { name: 'Cookies on Manage your ESOS reporting' };

it('accept → confirmation → hide stores both consent cookies (path /, 1 day); a reload shows no banner', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`${baseUrl()}/landing`);
  const region = page.getByRole('region', banner);
  await region.waitFor();
  expect(await context.cookies()).toEqual([]);

  const acceptedAt = Date.now() / 1000;
  await region.getByRole('button', { name: 'Accept all cookies' }).click();
  await expect(region.getByRole('alert').textContent()).resolves.toContain('You’ve accepted additional cookies.');
  await expect(region.getByRole('link', { name: 'change your cookie settings' }).getAttribute('href')).resolves.toBe(
    '/cookies',
  );
  await region.getByRole('button', { name: 'Hide cookie message' }).click();
  await region.waitFor({ state: 'detached' });

  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  expect(cookies.cookies_preferences_set).toMatchObject({ value: 'true', path: '/' });
  expect(JSON.parse(decodeURIComponent(cookies.cookies_policy.value))).toEqual({ essential: true, usage: true });
  expect(cookies.cookies_policy.path).toBe('/');
  for (const cookie of [cookies.cookies_preferences_set, cookies.cookies_policy]) {
    expect(Math.abs(cookie.expires - (acceptedAt + 24 * 60 * 60))).toBeLessThan(120);
  }

  await page.reload();
  await page.locator('main h1').waitFor();
  await expect(page.getByRole('region', banner).count()).resolves.toBe(0);
  // No container id is configured here, so no tag manager; and never an inline script.
  await expect(page.locator('script[src*="googletagmanager"]').count()).resolves.toBe(0);
  await expect(page.locator('script:not([src])').count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('the cookies page changes the choice, and the banner does not come back', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/cookies`);
  await page.getByRole('group', { name: 'Do you want to accept analytics cookies?' }).getByLabel('No').check();
  await page.getByRole('button', { name: 'Save cookie settings' }).click();
  await page.getByRole('alert').getByText('You’ve set your cookie preferences.').waitFor();
  const policy = (await context.cookies()).find((c) => c.name === 'cookies_policy');
  expect(JSON.parse(decodeURIComponent(policy!.value))).toEqual({ essential: true, usage: false });
  await page.goto(`${baseUrl()}/landing`);
  await page.locator('main h1').waitFor();
  await expect(page.getByRole('region', banner).count()).resolves.toBe(0);
  await context.close();
});

it('with cookies blocked, the banner buttons are disabled', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false }));
  await page.goto(`${baseUrl()}/landing`);
  await expect(page.getByRole('button', { name: 'Accept all cookies' }).isDisabled()).resolves.toBe(true);
  await context.close();
});
