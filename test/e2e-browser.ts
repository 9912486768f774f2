// One browser per e2e test file, and a fresh context (its own cookies, so its own sign-in) per page,
// closed after each test; the e2e database connection is closed with the browser.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations, launchBrowser, viewports } from './browser';
import { closeE2eDb, signIn, type Person } from './e2e-people';

type Viewport = (typeof viewports)[keyof typeof viewports];

export interface TestBrowser {
  /** A new page in a browser of its own (no cookies). */
  newPage: (viewport?: Viewport) => Promise<Page>;
  /** A new page in a browser of its own, signed in as the person. */
  as: (person: Person, viewport?: Viewport) => Promise<Page>;
}

/** Call at the top of a test file: registers the browser's set-up and clean-up hooks. */
export function useBrowser(): TestBrowser {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await closeE2eDb();
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });
  const newPage = async (viewport: Viewport = viewports.desktop) => {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    return context.newPage();
  };
  return {
    newPage,
    as: async (person, viewport) => {
      const page = await newPage(viewport);
      await signIn(page, person);
      return page;
    },
  };
}

/** The page passes axe at mobile and desktop widths (it is left at desktop width). */
export async function expectAccessible(page: Page): Promise<void> {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page)).toEqual([]);
  }
}

/**
 * The Start button of one process's entry under 'Start a new task' on an account page: a new
 * account may start its notification and its action plan (an undertaking on its own account).
 */
export function startButton(page: Page, title = 'Phase 3 Notification'): Locator {
  return page
    .locator('section[aria-labelledby="start-task-heading"] > div')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) })
    .getByRole('button', { name: 'Start', exact: true });
}
