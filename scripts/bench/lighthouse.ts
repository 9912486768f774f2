// `npm run bench -- --lighthouse`: what a person on a phone feels. Lighthouse 12.2.3 (the last that runs
// on Node 20) with its mobile preset — simulated slow 4G and a 4× slower CPU — drives Debian's
// Chromium through pages of a service started as the browser tests start it (its own database,
// Temporal dev server, worker and web process). A signed-out visitor first, then an operator and a
// regulator signed in in the same browser profile, as people are. Each page is visited once before it
// is measured (a returning visitor's cache), and Lighthouse keeps the profile's storage so the sign-in
// holds. Prints, per page, the performance and accessibility scores, LCP, TBT, CLS and the script
// bytes sent, against the goals of issue 41.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { firstLoadKb } from './first-load';
import { freePort } from '../../test/free-port';
import { startButton } from '../../test/e2e-browser';
import { options } from './options';
import { summarise, type CpuProfile } from './profile-summary';

/** What each page must reach (issue 41). */
export const lighthouseGoals = { performance: 90, accessibility: 100, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

export interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  /** Where the main thread went (Lighthouse's observed time, not the simulated): ms by kind of work. */
  mainThread: Record<MainThreadWork, number>;
  /** The script with the most main-thread time, and that time (ms). */
  heaviestScript: { url: string; ms: number } | null;
}

/** Lighthouse's groups of main-thread work (its 'mainthread-work-breakdown' audit). */
const MAIN_THREAD_WORK = {
  scriptEvaluation: 'script evaluation',
  scriptParseCompile: 'parse and compile',
  styleLayout: 'style and layout',
  paintCompositeRender: 'rendering',
  parseHTML: 'HTML and CSS',
  garbageCollection: 'garbage collection',
  other: 'other',
} as const;
type MainThreadWork = keyof typeof MAIN_THREAD_WORK;

interface LighthouseAudit {
  numericValue?: number;
  details?: {
    items?: {
      resourceType?: string;
      transferSize?: number;
      group?: string;
      duration?: number;
      url?: string;
      total?: number;
    }[];
  };
}
interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, LighthouseAudit>;
    runtimeError?: { message: string };
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

/** The figures of one Lighthouse report (a page's mobile run). */
export function pageFigures(page: string, { lhr }: LighthouseResult): PageFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${page}: ${lhr.runtimeError.message}`);
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script');
  const mainThread = Object.fromEntries(Object.keys(MAIN_THREAD_WORK).map((k) => [k, 0])) as Record<
    MainThreadWork,
    number
  >;
  for (const { group, duration = 0 } of lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
    if (group && group in mainThread) mainThread[group as MainThreadWork] += duration;
  const heaviest = [...(lhr.audits['bootup-time']?.details?.items ?? [])].sort(
    (a, b) => (b.total ?? 0) - (a.total ?? 0),
  )[0];
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    scriptKb: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024,
    mainThread,
    heaviestScript: heaviest?.url ? { url: heaviest.url, ms: heaviest.total ?? 0 } : null,
  };
}

/** Where each page's main thread went, ms by kind of work, and its heaviest script. */
export function mainThreadTable(rows: PageFigures[]): string {
  const kinds = Object.keys(MAIN_THREAD_WORK) as MainThreadWork[];
  const ms = (n: number) => `${Math.round(n)}`;
  return [
    `| page | all (ms) | ${kinds.map((k) => MAIN_THREAD_WORK[k]).join(' | ')} | heaviest script (ms) |`,
    `|---|---|${kinds.map(() => '---|').join('')}---|`,
    ...rows.map((r) => {
      const all = kinds.reduce((sum, k) => sum + r.mainThread[k], 0);
      const script = r.heaviestScript
        ? `${r.heaviestScript.url.replace(/^https?:\/\/[^/]+/, '')} (${ms(r.heaviestScript.ms)})`
        : '–';
      return `| ${r.page} | ${ms(all)} | ${kinds.map((k) => ms(r.mainThread[k])).join(' | ')} | ${script} |`;
    }),
  ].join('\n');
}

/** Each figure with ✓ or ✗ against its goal, one row a page. */
export function lighthouseTable(rows: PageFigures[]): string {
  const g = lighthouseGoals;
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const lines = [
    `| page | performance (≥ ${g.performance}) | accessibility (${g.accessibility}) | LCP (≤ ${g.lcpMs / 1000} s) | TBT (≤ ${g.tbtMs} ms) | CLS (≤ ${g.cls}) | script sent |`,
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance} ${mark(r.performance >= g.performance)} | ${r.accessibility} ${mark(r.accessibility >= g.accessibility)} | ` +
        `${(r.lcpMs / 1000).toFixed(1)} s ${mark(r.lcpMs <= g.lcpMs)} | ${Math.round(r.tbtMs)} ms ${mark(r.tbtMs <= g.tbtMs)} | ` +
        `${r.cls.toFixed(3)} ${mark(r.cls <= g.cls)} | ${r.scriptKb.toFixed(1)} KB |`,
    ),
  ];
  const met = rows.filter(
    (r) =>
      r.performance >= g.performance &&
      r.accessibility >= g.accessibility &&
      r.lcpMs <= g.lcpMs &&
      r.tbtMs <= g.tbtMs &&
      r.cls <= g.cls,
  ).length;
  lines.push('', `${met} of ${rows.length} pages meet every goal.`);
  return lines.join('\n');
}

export async function benchLighthouse(): Promise<void> {
  await firstLoadKb(); // builds the SPA when its sources changed
  // The service as the browser tests run it; its teardown stops every part.
  const { default: startService } = await import('../../test/setup/e2e-setup');
  const { default: stopService } = await import('../../test/setup/teardown');
  const people = await import('../../test/e2e-people');
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: Lighthouse };
  await startService();
  const base = process.env.E2E_BASE_URL!;
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  });
  const rows: PageFigures[] = [];
  const profiles = options.cpuProfile ? fs.mkdtempSync(path.join(os.tmpdir(), 'esos-page-profiles-')) : null;
  const measure = async (name: string, url: string, visitFirst = true) => {
    if (visitFirst) await visit(context, url);
    if (profiles && visitFirst)
      await profileLoad(context, url, path.join(profiles, `${name.replace(/\W+/g, '-')}.cpuprofile`));
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: visitFirst,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${name}`);
    rows.push(pageFigures(name, result));
    console.log(`  measured ${name}`);
  };
  try {
    console.log(`Lighthouse 12.2.3, mobile preset (simulated slow 4G, 4× CPU slowdown), on ${os.cpus().length} cores`);
    await measure('landing (first visit)', `${base}/`, false);
    await measure('about', `${base}/about`);
    await measure('published data', `${base}/published-data`);
    await measure('forgot password', `${base}/forgot-password`);

    const { id: accountId, admin } = await people.accountWithAdmin(`Lighthouse Ltd ${Date.now()}`);
    const page = context.pages()[0] ?? (await context.newPage());
    await people.signIn(page, admin);
    await measure("operator's dashboard", `${base}/dashboard`);
    await measure('account page', `${base}/accounts/${accountId}`);
    const { taskUrl, sectionUrl } = await startNotification(page, base, accountId);
    await measure('task page', taskUrl);
    await measure('report section page', sectionUrl);

    await context.clearCookies();
    const regulator = await people.newPerson({ firstName: 'Lena', lastName: 'Lighthouse', regulatorOf: 'ENGLAND' });
    await people.signIn(page, regulator);
    await measure("regulator's compliance overview", `${base}/compliance`);
    await page.goto(`${base}/mi-reports`);
    const report = await page.locator('main a[href^="/mi-reports/"]').first().getAttribute('href');
    await measure('an MI report', `${base}${report}`);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await people.closeE2eDb();
    await stopService();
  }
  console.log('');
  console.log(lighthouseTable(rows));
  console.log('');
  console.log('Where the main thread went (observed, this machine, before the 4× slowdown is simulated):');
  console.log(mainThreadTable(rows));
  if (profiles)
    console.log(`\nCPU profiles of each page's load (4× slower CPU): ${profiles}\n${profileTable(profiles)}`);
}

/**
 * A returning visitor's load of the page with the CPU 4× slower, as a V8 CPU profile (what
 * `npx tsx scripts/bench/profile-summary.ts FILE` reads): the functions the main thread ran.
 */
async function profileLoad(context: BrowserContext, url: string, file: string): Promise<void> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await tab.goto(url, { waitUntil: 'networkidle' });
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  await tab.close();
}

/** Per profiled page: its CPU time and the three functions with the most time of their own. */
function profileTable(dir: string): string {
  const lines = ['| page | CPU (ms, 4× slower) | most self time |', '|---|---:|---|'];
  for (const name of fs.readdirSync(dir).sort()) {
    const summary = summarise(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CpuProfile);
    const top = summary.self
      .filter(([fn]) => !fn.startsWith('('))
      .slice(0, 3)
      .map(([fn, ms]) => `${fn} ${ms.toFixed(0)} ms`);
    lines.push(`| ${name.replace('.cpuprofile', '')} | ${summary.totalMs.toFixed(0)} | ${top.join('; ')} |`);
  }
  return lines.join('\n');
}

/** One visit in a tab of the profile, so the measured load is a returning visitor's. */
async function visit(context: BrowserContext, url: string): Promise<void> {
  const tab = await context.newPage();
  await tab.goto(url, { waitUntil: 'networkidle' });
  await tab.close();
}

/** Starts the account's notification as its operator would, and answers its task and first section's addresses. */
async function startNotification(
  page: Page,
  base: string,
  accountId: number,
): Promise<{ taskUrl: string; sectionUrl: string }> {
  await page.goto(`${base}/accounts/${accountId}`);
  await page.getByText('About Phase 3 Notification').click();
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  const section = await page.getByRole('link', { name: 'Reporting obligation' }).getAttribute('href');
  return { taskUrl: page.url(), sectionUrl: `${base}${section}` };
}
