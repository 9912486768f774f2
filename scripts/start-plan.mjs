// What a start does first, and what it does side by side (docs/operations.md "A first start"). On a
// new machine the slow parts are builds: the npm packages and the web build, the Temporal CLI built
// with Go, and the mailbox (Mailpit) built with Go and npm. The service needs the first three to
// serve, so they run side by side; the mailbox it does not need, so it is built in the background at
// the lowest priority while e-mails wait in the outbox. Decided here from facts handed in, so it is
// tested (scripts/start-plan.test.ts); scripts/start.mjs carries it out. Node built-ins only.

/**
 * Roughly how long each build takes on a new machine (empty caches), in minutes: on the project's 2
 * cores with nothing else running (measured on 29 November 2026: npm packages 1 min 40 s, the
 * Temporal CLI 4 min 22 s, Mailpit 3 min 29 s), and on the same cores shared with six other engineers'
 * builds and tests (load average 16 to 41; the Temporal CLI took 68 min). docs/operations.md
 * "A first start". What the progress lines say to expect.
 */
export const BUILD_MINUTES = {
  npm: { idle: 2, busy: 20 },
  web: { idle: 1, busy: 1 },
  temporal: { idle: 5, busy: 70 },
  mailpit: { idle: 4, busy: 20 },
};

const WHAT = {
  npm: 'the npm packages',
  web: 'the web application',
  temporal: 'the Temporal CLI',
  mailpit: 'Mailpit, the mailbox',
};

/** "about 5 minutes on 2 idle cores (up to 70 on busy ones), once per machine": the estimate a progress line gives for a build. */
export function estimate(build) {
  const { idle, busy } = BUILD_MINUTES[build];
  const once = build === 'temporal' || build === 'mailpit' ? ', once per machine' : '';
  const range = busy > idle ? ` (up to ${busy} on busy ones)` : '';
  return `about ${idle} minute${idle === 1 ? '' : 's'} on 2 idle cores${range}${once}`;
}

/** 42 s, 3 min 05 s. */
export function formatDuration(ms) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * The builds a start runs, from what the machine has: `nodeModules` and `webBuild` (true when
 * missing or out of date), `temporal` ('configured' by TEMPORAL_ADDRESS, 'answering' on 7233,
 * 'found' or 'build': the CLI is not found and is built with Go) and `mailbox` (mailboxPlan's answer,
 * scripts/mailpit.mjs). Each build starts as soon as the builds it comes `after` are done, all the
 * others side by side; `serviceWaits`: the web server and the worker start only once it is done (the
 * mailbox they never wait for: e-mails wait in the outbox until it answers); `background`: at the
 * lowest CPU priority, so it takes only what the others leave.
 */
export function startPlan({ nodeModules, webBuild, temporal, mailbox }) {
  const builds = [];
  if (nodeModules) builds.push({ build: 'npm', after: [], serviceWaits: true, background: false });
  if (webBuild) builds.push({ build: 'web', after: nodeModules ? ['npm'] : [], serviceWaits: true, background: false });
  if (temporal === 'build') builds.push({ build: 'temporal', after: [], serviceWaits: true, background: false });
  // After the npm packages: its downloads (Go modules, its pages' npm packages) would otherwise share
  // the network with theirs, which the service waits for; nice 19 keeps its compiling out of the way.
  if (mailbox === 'build')
    builds.push({ build: 'mailpit', after: nodeModules ? ['npm'] : [], serviceWaits: false, background: true });
  return builds;
}

/** '5–70' minutes, or '1' when a build takes about as long on any machine. */
const span = ({ idle, busy }) => (busy > idle ? `${idle}–${busy}` : `${idle}`);

/**
 * The line a start prints while builds run: each with how long it has run and about how long it
 * takes. `running`: [{ build, since }].
 */
export function stillBuilding(running, now = Date.now()) {
  if (running.length === 0) return null;
  return `Still building: ${running
    .map(
      ({ build, since }) => `${WHAT[build]} (${formatDuration(now - since)}, about ${span(BUILD_MINUTES[build])} min)`,
    )
    .join('; ')}…`;
}
