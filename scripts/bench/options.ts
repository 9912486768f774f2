// The bench's command-line options (`npm run bench -- --duration=10 …`; see docs/performance.md) and
// the facts every part of it shares.
import os from 'node:os';

const args: Record<string, string> = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);

const has = (name: string) => args[name] !== undefined;

export const options = {
  durationS: Number(args.duration ?? 30),
  concurrency: Number(args.concurrency ?? 50),
  workflows: Number(args.workflows ?? 1000),
  apiProcesses: Number(args['api-processes'] ?? 2),
  tokenCache: Number(args['token-cache'] ?? 10_000),
  lists: String(args.lists ?? 'assigned-to-me,assigned-to-others,unassigned').split(','),
  fixedSeconds: Number(args['fixed-seconds'] ?? 15),
  journeysOne: Number(args['journeys-1'] ?? 20),
  journeysTen: Number(args['journeys-10'] ?? 100),
  /** The API's log level; when given, its log lines are written, to nowhere. */
  logLevel: args['log-level'] as string | undefined,
  cpuProfile: has('cpu-prof'),
  keepDb: has('keep-db'),
  pdfOnly: has('pdf-only'),
  /** Only the Lighthouse pages (scripts/bench/lighthouse.ts). */
  lighthouse: has('lighthouse'),
  /** Only the deadline day (scripts/bench/deadline-day.ts): complete notifications submitted at once. */
  deadlineDay: has('deadline-day'),
  /** Only the large group (scripts/bench/large-group.ts): large reports beside demo-sized ones. */
  largeGroup: has('large-group'),
  skipLargeGroup: has('skip-large-group'),
  submissions: Number(args.submissions ?? 200),
  users: Number(args.users ?? 20),
  skipLists: has('skip-lists'),
  skipFloor: has('skip-floor'),
  skipWorkflows: has('skip-workflows'),
  skipCluster: has('skip-cluster'),
};

export const BASE_DB = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The bench's own database. */
export const benchDatabaseUrl = (() => {
  const u = new URL(BASE_DB);
  u.pathname = '/esos_bench';
  return u.toString();
})();

export const CAS = ['ENGLAND', 'WALES', 'SCOTLAND', 'NORTHERN_IRELAND', 'OPRED'];

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
