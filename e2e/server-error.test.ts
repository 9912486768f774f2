// A failure of ours shows 'Sorry, there is a problem with the service' with the reference the API
// gave for it (its trace id while tracing is on), so a user who contacts the service desk can quote
// it and an operator finds the logged error, its trace and its workflow (docs/operations.md#traces).
import { baseUrl, viewports } from '../test/browser';
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { signInAsOperator } from '../test/e2e-session';

const { newPage } = useBrowser();

it('shows the 500 page with the reference of the failed call, accessible at both widths', async () => {
  const page = await newPage(viewports.mobile);
  await signInAsOperator(page);
  const reference = '4bf92f3577b34da6a3ce929d0e0e4736';
  // The dashboard's work items fail as a bug of ours would.
  await page.route('**/api/v1.0/ORGANISATION/items/**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'INTERNAL_ERROR',
        message: 'Sorry, there is a problem with the service',
        reference,
      }),
    }),
  );
  await page.goto(`${baseUrl()}/dashboard`);
  await page.getByRole('heading', { name: 'Sorry, there is a problem with the service' }).waitFor();
  await page.getByText(`Quote this reference: ${reference}`).waitFor();
  await page.screenshot({ path: '/tmp/shot-500-reference-mobile.png', fullPage: true });
  // Nothing wider than the screen at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
