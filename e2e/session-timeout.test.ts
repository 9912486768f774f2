// The session-timeout dialog in a real browser (spec §4, "Session timeout"): 'Your session will end
// soon' 30 seconds before the session ends; Continue refreshes and so moves the end; Sign out signs
// out; no answer signs out to /timed-out with the idle seconds.
//
// Sessions last 30 minutes in the shared e2e service, and shortening them there would put the
// dialog in front of every other browser test. So this file starts a second web process of its own
// on the same database, with a 35-second session (SESSION_TTL_SECONDS, ACCESS_TOKEN_TTL_SECONDS:
// the configuration, nothing faked): the dialog comes 5 seconds after sign-in and the session ends
// 30 seconds later, in real time.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, viewports, watchConsole } from '../test/browser';
import { demoUsers, enterPassword } from '../test/e2e-session';
import { freePort } from '../test/free-port';

const SESSION_SECONDS = 35;

let browser: Browser;
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  const root = path.resolve(__dirname, '..');
  const port = await freePort();
  url = `http://localhost:${port}`;
  server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'api/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      SESSION_TTL_SECONDS: String(SESSION_SECONDS),
      ACCESS_TOKEN_TTL_SECONDS: '60',
      // The pages used here need no workflow engine; the shared service's worker runs the rest.
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the short-session web process exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the short-session web process did not start');
    const ok = await fetch(`${url}/api/ui-configuration`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
});

/** Signs the demo operator in at the short-session service; resolves when the dashboard shows. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${url}/start-login`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/auth/interaction/**');
  await enterPassword(page, demoUsers.operator);
  await page.waitForURL('**/dashboard');
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Your session will end soon' });

it('runs a service whose sessions last as configured', async () => {
  const config = await (await fetch(`${url}/api/ui-configuration`)).json();
  expect(config.expirationTime).toBe(SESSION_SECONDS);
});

it('warns 30 seconds before the session ends; Continue extends it, and Sign out signs out', async () => {
  const page = await browser.newPage({ viewport: viewports.desktop });
  const errors = watchConsole(page);
  await signIn(page);
  const signedInAt = Date.now();
  await dialog(page).waitFor({ timeout: 15_000 });
  expect(Date.now() - signedInAt).toBeLessThan((SESSION_SECONDS - 30 + 5) * 1000);
  await dialog(page).getByText('You have not done anything for less than a minute.', { exact: false }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // Continue: a refresh at the provider, whose new session lifetime moves the warning on.
  const refreshed = page.waitForResponse(
    (res) => res.url().endsWith('/auth/token') && res.request().method() === 'POST',
  );
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  const answer = await (await refreshed).json();
  expect(answer.refresh_expires_in).toBeGreaterThan(SESSION_SECONDS - 3);
  const continuedAt = Date.now();
  await dialog(page).waitFor({ state: 'hidden' });
  // Warned again, 5 seconds after Continue: past the first session's end the user would have been signed out.
  await dialog(page).waitFor({ timeout: 15_000 });
  expect(Date.now() - continuedAt).toBeGreaterThan(3_000);
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  await dialog(page).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/landing');
  await page.getByRole('button', { name: 'Start now' }).waitFor();
  // Signed out at the provider too: the dashboard is out of reach.
  await page.goto(`${url}/dashboard`);
  await page.waitForURL('**/landing');
  expect(errors).toEqual([]);
  await page.close();
}, 90_000);

it('signs out to /timed-out with the idle seconds when nobody answers', async () => {
  const page = await browser.newPage({ viewport: viewports.mobile });
  await signIn(page);
  await dialog(page).waitFor({ timeout: 15_000 });
  const warnedAt = Date.now();
  await page.waitForURL((u) => u.pathname === '/timed-out', { timeout: 45_000 });
  expect(Date.now() - warnedAt).toBeGreaterThan(25_000);
  await page
    .getByText(
      'We have reset your session because you did not do anything for less than a minute. We did this to keep your information secure.',
    )
    .waitFor();
  // The idle seconds travel through the provider's sign-out as its state parameter.
  const query = new URL(page.url()).searchParams;
  const idle = Number(query.get('idle') ?? new URLSearchParams(query.get('state') ?? '').get('idle'));
  expect(idle).toBeGreaterThanOrEqual(SESSION_SECONDS - 1);
  expect(idle).toBeLessThanOrEqual(SESSION_SECONDS);
  // The session ended at the provider: reloading does not sign back in.
  await page.goto(`${url}/dashboard`);
  await page.waitForURL('**/landing');
  await page.close();
}, 90_000);
