// Where people got stuck (issue 26, "Dead ends and silent failures"), in a real browser: the terms
// of use required before any work.
import { baseUrl, watchConsole } from '../test/browser';
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { e2eDb, newPerson } from '../test/e2e-people';

const { as } = useBrowser();

describe('the terms of use', () => {
  it('lead every signed-in page to /terms until the latest version is accepted, then lets them work', async () => {
    const person = await newPerson({ firstName: 'Tom', lastName: 'Terms', regulatorOf: 'ENGLAND' });
    await e2eDb()('users').where({ id: person.id }).update({ terms_version: null });
    const page = await as(person);
    const errors = watchConsole(page);
    await page.waitForURL('**/terms');
    await expectAccessible(page);

    // The header's links, and an address typed in: each leads back to the terms.
    await page.getByRole('link', { name: 'Tasks' }).first().click();
    await page.waitForURL('**/terms');
    await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
    for (const path of ['/dashboard', '/accounts', '/user/regulators', '/mi-reports', '/tasks/1']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForURL('**/terms');
      await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
    }

    await page.getByLabel('I have read, understood and accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Tasks' }).waitFor();
    await page.goto(`${baseUrl()}/accounts`);
    await page.waitForURL('**/accounts');
    expect(errors).toEqual([]);
  });
});
