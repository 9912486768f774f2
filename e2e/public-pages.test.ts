import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, baseUrl, launchBrowser, viewports, watchConsole, type AxeViolation } from '../test/browser';

// Every page a visitor can reach without signing in, with its h1.
const publicPages: [path: string, heading: RegExp][] = [
  ['/landing', /Manage your ESOS reporting/],
  ['/privacy-notice', /Privacy notice/],
  ['/contact-us', /Contact us/],
  ['/accessibility', /Accessibility statement/],
  ['/about', /About/],
  ['/cookies', /Cookies/],
  ['/feedback', /Help us improve the ESOS Reporting service/],
  ['/timed-out', /./],
  ['/error/404', /Page not found/],
  ['/error/500', /Sorry, there is a problem with the service/],
  ['/start-login', /./],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  try {
    await page.locator('main h1').first().waitFor();
  } catch (error) {
    throw new Error(`${path} (now at ${page.url()}) shows no heading: ${(error as Error).message.split('\n')[0]}`);
  }
  return page;
}

/** Checks each public page with axe; returns the violations by page (empty when all pass). */
async function auditAll(context: BrowserContext, expectBanner: boolean): Promise<Record<string, AxeViolation[]>> {
  const found: Record<string, AxeViolation[]> = {};
  for (const [path, heading] of publicPages) {
    const page = await open(context, path);
    const errors = watchConsole(page);
    await expect(page.locator('main h1').first().textContent()).resolves.toMatch(heading);
    // The cookies page carries its own consent form instead of the banner.
    const bannerShown = await page.getByRole('region', { name: /Cookies on/ }).isVisible();
    expect([path, bannerShown]).toEqual([path, expectBanner && path !== '/cookies']);
    const violations = await axeViolations(page);
    if (violations.length > 0) found[path] = violations;
    expect(errors).toEqual([]);
    await page.close();
  }
  return found;
}

/** A context in which the visitor has already accepted cookies (the banner is gone). */
async function consentedContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const page = await open(context, '/landing');
  await page.getByRole('button', { name: 'Accept all cookies' }).click();
  await page.getByRole('button', { name: 'Hide cookie message' }).click();
  await page.close();
  return context;
}

describe.each(Object.entries(viewports))('public pages at %s width', (_name, viewport) => {
  it('have no WCAG 2.2 AA violations with the cookie banner shown', async () => {
    const context = await browser.newContext({ viewport });
    expect(await auditAll(context, true)).toEqual({});
    await context.close();
  });

  it('have no WCAG 2.2 AA violations after the cookie banner is hidden', async () => {
    const context = await consentedContext({ viewport });
    expect(await auditAll(context, false)).toEqual({});
    await context.close();
  });
});

it('page titles carry the service suffix', async () => {
  const context = await browser.newContext();
  const page = await open(context, '/privacy-notice');
  await expect(page.title()).resolves.toBe('Privacy notice - Manage your ESOS reporting - GOV.UK');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
  await page.waitForURL('**/contact-us');
  await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
  await expect(page.title()).resolves.toBe('Contact us - Manage your ESOS reporting - GOV.UK');
  await context.close();
});

it('the skip link moves focus to the main content', async () => {
  const context = await consentedContext();
  const page = await open(context, '/contact-us');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main-content');
  await context.close();
});

it('the footer links lead to their pages; ESOS Guidance opens in a new tab', async () => {
  const context = await browser.newContext();
  const page = await open(context, '/landing');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Accessibility Statement' }).click();
  await page.waitForURL('**/accessibility');
  await page.getByRole('heading', { level: 1, name: /Accessibility statement/ }).waitFor();
  await footer.getByRole('link', { name: 'Privacy Notice' }).click();
  await page.waitForURL('**/privacy-notice');
  await expect(footer.getByRole('link', { name: /ESOS Guidance/ }).getAttribute('target')).resolves.toBe('_blank');
  await context.close();
});

it('at 375 wide the layout has no horizontal scrolling', async () => {
  const context = await browser.newContext({ viewport: viewports.mobile });
  for (const path of ['/landing', '/privacy-notice', '/contact-us', '/cookies', '/feedback']) {
    const page = await open(context, path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect([path, overflow]).toEqual([path, 0]);
    await page.close();
  }
  await context.close();
});

it('screenshots of the landing and error pages (for a human look)', async () => {
  const context = await browser.newContext({ viewport: viewports.desktop });
  const landing = await open(context, '/landing');
  await landing.screenshot({ path: '/tmp/shot-landing.png', fullPage: true });
  const error = await open(context, '/error/500');
  await error.screenshot({ path: '/tmp/shot-error-500.png', fullPage: true });
  const mobile = await browser.newContext({ viewport: viewports.mobile });
  const small = await open(mobile, '/landing');
  await small.screenshot({ path: '/tmp/shot-landing-mobile.png', fullPage: true });
  await mobile.close();
  await context.close();
});
