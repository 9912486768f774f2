// The API reference page: Swagger UI over /api/v3/api-docs, under the service's strict CSP (no
// violation, no console error) and accessible (axe, WCAG 2.2 AA) at desktop and mobile widths.
import type { Browser, Page } from 'playwright-core';
import { axeViolations, baseUrl, launchBrowser, viewports, watchConsole } from '../test/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens the page, collecting CSP violations the page reports and console errors. */
async function openReference(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; violations: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors = watchConsole(page);
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  const response = await page.goto(`${baseUrl()}/api-reference`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
  // Swagger UI has read the description when its groups of routes are listed.
  await page.locator('.opblock-tag').first().waitFor();
  return { page, violations, errors };
}

it.each(Object.entries(viewports))(
  'lists every group of routes of the API description, at %s width, without a CSP violation or an axe violation',
  async (_name, viewport) => {
    const { page, violations, errors } = await openReference(viewport);
    const description = await (await page.request.get(`${baseUrl()}/api/v3/api-docs`)).json();
    const operations = Object.values(description.paths as Record<string, Record<string, { tags: string[] }>>).flatMap(
      (ops) => Object.values(ops),
    );
    const tags = new Set(operations.map((op) => op.tags[0]));
    // Groups start folded (the description is large): one heading per group, every route under one.
    await expect(page.locator('.opblock-tag').count()).resolves.toBe(tags.size);

    // A group opened lists its routes; one route opened shows its parameters, body and answers.
    await page
      .locator('.opblock-tag', { hasText: /^users/ })
      .first()
      .click();
    await expect(page.locator('.opblock').count()).resolves.toBe(
      operations.filter((op) => op.tags[0] === 'users').length,
    );
    await page.locator('.opblock-summary', { hasText: '/api/v1.0/users/feedback' }).first().click();
    await page.getByRole('heading', { name: 'Responses' }).first().waitFor();

    expect(await axeViolations(page)).toEqual([]);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  },
);
