// A signed-in regulator changes their authenticator app in a real browser: the footer link, a code
// from the current app, the e-mailed single-use link, their sign-ins ended, a new app set up.
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { latestEmail, linkIn, newPerson, totp } from '../test/e2e-people';
import { enterPassword, openSignIn } from '../test/e2e-session';

const browser = useBrowser();

it('proves the current app, e-mails the change link, and the link ends the sign-in so a new app is set up', async () => {
  const person = await newPerson({ firstName: 'Cara', lastName: 'Changer', regulatorOf: 'ENGLAND' });
  const page = await browser.as(person);
  const signedInStep = Math.floor(Date.now() / 30_000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Change your authenticator app' }).click();
  await page.getByRole('heading', { level: 1, name: 'Change your authenticator app' }).waitFor();
  await expectAccessible(page);

  // The code used to sign in cannot be used again: a wrong code is refused, then the app's next code works.
  const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await code.fill(totp(person.totpSecret!) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'The code is not correct' }).waitFor();
  await page.waitForTimeout(Math.max(0, (signedInStep + 1) * 30_000 - Date.now() + 500));
  await code.fill(totp(person.totpSecret!));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await expectAccessible(page);

  await page.goto(linkIn(await latestEmail(person.email, 'Change your authenticator app')));
  await page.getByRole('heading', { name: 'Your one-time code has been reset' }).waitFor();
  // The page stays: nothing on it races the ended sign-in into starting a new one.
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/2fa/reset-2fa');

  // The sign-in has ended: the dashboard finds them signed out, and signing in sets up a new app.
  await page.goto(`${new URL(page.url()).origin}/dashboard`);
  await page.waitForURL('**/landing');
  await page.getByRole('button', { name: 'Start now' }).waitFor();
  await openSignIn(page);
  await enterPassword(page, person);
  await page.getByRole('heading', { name: 'Set up a one-time code' }).waitFor();
});
