// A first start in minutes (issue 41, docs/operations.md "A first start"): what `npm start` builds on
// a new machine, what it builds side by side, what the service waits for (never the mailbox), and
// what its progress lines say.
interface Build {
  build: string;
  after: string[];
  serviceWaits: boolean;
  background: boolean;
}
interface StartPlanModule {
  startPlan: (facts: { nodeModules: boolean; webBuild: boolean; temporal: string; mailbox: string }) => Build[];
  stillBuilding: (running: { build: string; since: number }[], now: number) => string | null;
  estimate: (build: string) => string;
  formatDuration: (ms: number) => string;
  BUILD_MINUTES: Record<string, { idle: number; busy: number }>;
}
interface MailpitModule {
  mailboxPlan: (o: {
    env: NodeJS.ProcessEnv;
    answering: boolean;
    ours: boolean;
    built?: boolean;
    canBuild?: boolean;
  }) => string;
}

const { startPlan, stillBuilding, estimate, formatDuration, BUILD_MINUTES } =
  require('./start-plan.mjs') as StartPlanModule;
const { mailboxPlan } = require('./mailpit.mjs') as MailpitModule;

const dev = { NODE_ENV: 'development' };

describe('a start on a new machine', () => {
  const newMachine = {
    nodeModules: true,
    webBuild: true,
    temporal: 'build',
    mailbox: mailboxPlan({ env: dev, answering: false, ours: false, built: false, canBuild: true }),
  };

  it('builds the Temporal CLI while npm installs, then the web app and the mailbox', () => {
    const plan = startPlan(newMachine);
    const byName = Object.fromEntries(plan.map((b) => [b.build, b]));
    expect(Object.keys(byName).sort()).toEqual(['mailpit', 'npm', 'temporal', 'web']);
    // Started at once: the npm packages and the Temporal CLI. The web build needs the packages; the
    // mailbox's downloads wait for theirs, so as not to share the network with what the service waits for.
    expect(byName.npm.after).toEqual([]);
    expect(byName.temporal.after).toEqual([]);
    expect(byName.web.after).toEqual(['npm']);
    expect(byName.mailpit.after).toEqual(['npm']);
  });

  it('builds the mailbox at once when the npm packages are there', () => {
    expect(startPlan({ nodeModules: false, webBuild: false, temporal: 'found', mailbox: 'build' })).toEqual([
      { build: 'mailpit', after: [], serviceWaits: false, background: true },
    ]);
  });

  it('serves without waiting for the mailbox, which is built at the lowest priority', () => {
    const plan = startPlan(newMachine);
    expect(plan.filter((b) => b.serviceWaits).map((b) => b.build)).toEqual(['npm', 'web', 'temporal']);
    expect(plan.filter((b) => b.background).map((b) => b.build)).toEqual(['mailpit']);
    expect(newMachine.mailbox).toBe('build');
  });
});

describe('a start with what it needs already there', () => {
  it('builds nothing, and starts the mailbox that is built', () => {
    const mailbox = mailboxPlan({ env: dev, answering: false, ours: false, built: true, canBuild: true });
    expect(mailbox).toBe('start');
    expect(startPlan({ nodeModules: false, webBuild: false, temporal: 'found', mailbox })).toEqual([]);
  });

  it('rebuilds only the web app after a change to its sources', () => {
    expect(startPlan({ nodeModules: false, webBuild: true, temporal: 'found', mailbox: 'start' })).toEqual([
      { build: 'web', after: [], serviceWaits: true, background: false },
    ]);
  });

  it('builds no Temporal CLI when TEMPORAL_ADDRESS names a server or one answers on its port', () => {
    for (const temporal of ['configured', 'answering'])
      expect(
        startPlan({ nodeModules: false, webBuild: false, temporal, mailbox: 'start' }).map((b) => b.build),
      ).toEqual([]);
  });

  it('builds no mailbox when one is named, ours answers, another answers, or Go is missing', () => {
    expect(
      mailboxPlan({ env: { ...dev, SMTP_URL: 'smtp://mail:25' }, answering: false, ours: false, built: false }),
    ).toBe('configured');
    expect(mailboxPlan({ env: dev, answering: true, ours: true, built: false })).toBe('reuse');
    expect(mailboxPlan({ env: dev, answering: true, ours: false, built: false })).toBe('foreign');
    expect(mailboxPlan({ env: dev, answering: false, ours: false, built: false, canBuild: false })).toBe('unavailable');
    for (const mailbox of ['configured', 'reuse', 'foreign', 'unavailable'])
      expect(startPlan({ nodeModules: false, webBuild: false, temporal: 'found', mailbox })).toEqual([]);
  });

  it('in production builds and starts no mailbox', () => {
    expect(mailboxPlan({ env: { NODE_ENV: 'production' }, answering: false, ours: false, built: false })).toBe(
      'refuse',
    );
  });
});

describe('progress', () => {
  it('says what is built and about how long it takes', () => {
    expect(estimate('temporal')).toBe(
      `about ${BUILD_MINUTES.temporal.idle} minutes on 2 idle cores (up to ${BUILD_MINUTES.temporal.busy} on busy ones), once per machine`,
    );
    expect(estimate('web')).toBe('about 1 minute on 2 idle cores');
    const now = Date.UTC(2026, 10, 29, 8, 0, 0);
    expect(
      stillBuilding(
        [
          { build: 'temporal', since: now - 130_000 },
          { build: 'mailpit', since: now - 40_000 },
        ],
        now,
      ),
    ).toBe(
      `Still building: the Temporal CLI (2 min 10 s, about ${BUILD_MINUTES.temporal.idle}–${BUILD_MINUTES.temporal.busy} min); Mailpit, the mailbox (40 s, about ${BUILD_MINUTES.mailpit.idle}–${BUILD_MINUTES.mailpit.busy} min)…`,
    );
    expect(stillBuilding([], now)).toBeNull();
  });

  it('writes durations as a person reads them', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(61_000)).toBe('1 min 01 s');
    expect(formatDuration(13 * 60_000 + 48_000)).toBe('13 min 48 s');
  });
});
