// Signing in as a demo user (infra/seed.ts) in browser tests, through the embedded provider's pages.
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

export const demoUsers = {
  operator: { email: 'operator@esos.localhost', password: 'Operator-Demo-Pass-1' },
  regulator: { email: 'regulator@esos.localhost', password: 'Regulator-Demo-Pass-2' },
  verifier: { email: 'verifier@esos.localhost', password: 'Verifier-Demo-Pass-3' },
};

export async function openSignIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/start-login`);
  await page
    .getByRole('button', { name: 'Continue' })
    .click({ timeout: 15_000 })
    .catch(async (err) => {
      throw new Error(`${err.message} at ${page.url()}: ${await page.locator('body').textContent()}`);
    });
  await page.waitForURL('**/auth/interaction/**');
}

export async function enterPassword(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the demo operator in and waits for the dashboard. */
export async function signInAsOperator(page: Page): Promise<void> {
  await openSignIn(page);
  await enterPassword(page, demoUsers.operator);
  await page.waitForURL('**/dashboard');
}
