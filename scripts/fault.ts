// `npm run fault`: N organisations go through the service's processes over the API — apply for an
// account and have it approved, then the notification of compliance, the action plan and progress
// updates 1 and 2 — while, at random moments, the worker is killed (SIGKILL), the Temporal server is
// killed, and PostgreSQL is stopped with `-m immediate`, each started again after a moment. Then it
// checks that every submission is complete exactly once, no task was lost or duplicated, every
// timeline is what the process writes, and no e-mail was sent twice (or not at all).
//
// The parts run as in production, each its own process (scripts/fault-env.ts): a PostgreSQL cluster
// of the run's own (never the machine's shared one), a Temporal dev server keeping its state in a
// SQLite file, the worker (worker.ts), an SMTP server that counts what arrives; the API runs in this
// process. The client behaves as a browser with a patient user would: it never trusts a failed or
// lost answer, it looks at what happened (the task, the request) and does again only what is not done.
//
//   npm run fault                 # N = 100
//   npm run fault -- 20           # N = 20;  FAULT_SEED=… repeats a run's choices
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../api/app';
import { createHttpServer } from '../api/http-server';
import type { AppDeps } from '../api/deps';
import { loadConfig, type Config } from '../infra/config';
import { createDb, type Db } from '../infra/db';
import { createLogger } from '../infra/logger';
import { ensureSearchAttributes, lazyClient } from '../infra/temporal';
import { ClamdScanner } from '../infra/clamd';
import { testClock } from '../test/clock';
import { bearer, verifyTestToken } from '../test/tokens';
import { createUser, grantRegulator, type TestUser } from '../test/factories';
import { startSmtpPeer } from '../test/smtp-peer';
import {
  ACTION_PLAN,
  ACTION_PLAN_SUBMIT,
  APPLICATION_REVIEW,
  NOTIFICATION,
  NOTIFICATION_SUBMIT,
  PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_1_SUBMIT,
  PROGRESS_UPDATE_2,
  PROGRESS_UPDATE_2_SUBMIT,
  SAVE_ACTION_PLAN,
  SAVE_NOTIFICATION,
  SAVE_PROGRESS_UPDATE_1,
  SAVE_PROGRESS_UPDATE_2,
  SUBMIT_ACTION_PLAN,
  SUBMIT_DECISION,
  SUBMIT_NOTIFICATION,
  SUBMIT_PROGRESS_UPDATE_1,
  SUBMIT_PROGRESS_UPDATE_2,
} from '../processes';
import { ESOS_ASSESSMENT_NOTIFICATION, ESTIMATION_METHOD_DESCRIPTION } from '../processes/action-plan/report';
import { PU1_MEASURES } from '../processes/progress-update-1/report';
import { PU2_MEASURES } from '../processes/progress-update-2/report';
import { ESOS_ACTION_PLAN_COMPLIANCE, ESTIMATION_METHOD_DOCUMENTED } from '../domain/reports/progress-update';
import { completeReports, withUndertaking, type CompleteReportName } from '../test/fixtures/notification-reports';
import { addedMeasure, apMeasure } from '../test/fixtures/measures';
import { bundleWorkflows, OwnPostgres, OwnTemporal, prepareDatabase, sleep, tempDir, WorkerProcess } from './fault-env';

/** What to stop and remove when the run ends, or is interrupted (Ctrl-C). */
const activeCleanups: (() => Promise<void> | void)[] = [];
let interrupted = false;
/** The child processes, stopped at once on an interruption before anything that could wait. */
const hardStops: (() => void)[] = [];
async function cleanUp(): Promise<void> {
  hardStops.length = 0;
  for (const cleanup of activeCleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // already gone
    }
  }
}

export type FaultKind = 'worker' | 'temporal' | 'postgres';

export interface FaultOptions {
  submissions: number;
  /** Organisations going through at once. */
  concurrency?: number;
  /** Gap between faults, ms (a random value between the two). */
  faultGapMs?: [number, number];
  seed?: number;
  /** Kill the worker while the first notification's submission is in flight (deterministic). */
  killDuringNotificationSubmit?: boolean;
  log?: (line: string) => void;
  /** Start no new organisation after this long (ms); those under way finish and are checked. */
  timeLimitMs?: number;
  /** Give up on the organisations still under way after this long (ms), and check what there is. */
  deadlineMs?: number;
}

export interface FaultReport {
  submissions: number;
  /** Organisations begun (fewer than submissions when the time limit stopped the run). */
  started: number;
  completed: number;
  kills: Record<FaultKind, number>;
  workerExitsOnItsOwn: number;
  inFlightNotificationKill: { done: boolean; answeredBeforeKill: boolean; outcome: string } | null;
  outage: { probes: number; answered503: number; slowestMs: number; healthNamedDatabase: number; recoveredAfterMs: number[] };
  apiCalls: number;
  apiAnswers: Record<string, number>;
  /**
   * resent: copies delivered again, under the same Message-ID, because the worker died between the
   * mail server's acceptance and the record of it (at-least-once delivery; receivers drop copies by
   * Message-ID). Not an anomaly: no sender over SMTP can close that window.
   */
  emails: { queued: number; delivered: number; resent: number };
  anomalies: string[];
  runtimeMs: number;
}

/** A small seeded generator (mulberry32), so a run's choices can be repeated. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const reportNames = Object.keys(completeReports).filter((n) => n !== 'notQualify') as CompleteReportName[];

const led = apMeasure({ measureName: 'LED lighting', implementationDateForMeasure: '2024-03' });
const boiler = apMeasure({
  measureName: 'Boiler replacement',
  implementationDateForMeasure: '2027-06',
  energySavingsEstimateCalculatedType: 'OTHER_REASONABLE_ESTIMATION_METHOD',
  estimationMethodDescription: 'Manufacturer data for the new boiler',
});

/** What each request's timeline must be, in order, once the run is over. */
const expectedTimeline: Record<string, string[]> = {
  ORGANISATION_ACCOUNT_OPENING: ['ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED', 'ORGANISATION_ACCOUNT_OPENING_APPROVED'],
  [NOTIFICATION]: ['NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED'],
  [ACTION_PLAN]: ['ACTION_PLAN_P3_APPLICATION_SUBMITTED'],
  [PROGRESS_UPDATE_1]: ['PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED'],
  [PROGRESS_UPDATE_2]: ['PROGRESS_UPDATE_2_P3_APPLICATION_SUBMITTED'],
};
const expectedStatus: Record<string, string> = { ORGANISATION_ACCOUNT_OPENING: 'APPROVED', [NOTIFICATION]: 'COMPLETED', [ACTION_PLAN]: 'COMPLETED', [PROGRESS_UPDATE_1]: 'COMPLETED', [PROGRESS_UPDATE_2]: 'COMPLETED' };
const submitTask: Record<string, string> = { ORGANISATION_ACCOUNT_OPENING: APPLICATION_REVIEW, [NOTIFICATION]: NOTIFICATION_SUBMIT, [ACTION_PLAN]: ACTION_PLAN_SUBMIT, [PROGRESS_UPDATE_1]: PROGRESS_UPDATE_1_SUBMIT, [PROGRESS_UPDATE_2]: PROGRESS_UPDATE_2_SUBMIT };

/**
 * The API's log in a fault run: silent by default (`FAULT_LOG_LEVEL=warn` or `=error` prints it),
 * but the error behind each 500 is kept by route, so that the anomaly says what went wrong inside.
 */
export function faultApiLog(printed = process.env.FAULT_LOG_LEVEL ?? 'silent') {
  const behind = new Map<string, string>();
  const printFrom = printed === 'silent' ? Infinity : pino.levels.values[printed];
  const sink = {
    write(line: string) {
      const entry = JSON.parse(line) as { level: number; msg?: string; method?: string; path?: string; err?: { type?: string; message?: string; code?: unknown; stack?: string } };
      if (entry.msg === 'unhandled error' && entry.err) {
        const where = entry.err.stack?.split('\n').find((l) => l.trim().startsWith('at '))?.trim() ?? '';
        behind.set(`${entry.method} ${entry.path}`, `${entry.err.type ?? 'Error'}${entry.err.code !== undefined ? ` (code ${String(entry.err.code)})` : ''}: ${entry.err.message ?? ''} ${where}`.trim());
      }
      if (entry.level >= printFrom) process.stdout.write(line);
    },
  };
  return {
    logger: createLogger(printFrom < pino.levels.values.error ? printed : 'error', sink),
    /** What the API logged for the last 500 of `METHOD /path`. */
    errorBehind: (route: string) => behind.get(route),
  };
}

export async function runFaults(options: FaultOptions): Promise<FaultReport> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const seed = options.seed ?? Date.now() % 1_000_000;
  const rnd = random(seed);
  const concurrency = options.concurrency ?? 4;
  const [gapMin, gapMax] = options.faultGapMs ?? [5000, 15000];
  const report: FaultReport = {
    submissions: options.submissions,
    started: 0,
    completed: 0,
    kills: { worker: 0, temporal: 0, postgres: 0 },
    workerExitsOnItsOwn: 0,
    inFlightNotificationKill: null,
    outage: { probes: 0, answered503: 0, slowestMs: 0, healthNamedDatabase: 0, recoveredAfterMs: [] },
    apiCalls: 0,
    apiAnswers: {},
    emails: { queued: 0, delivered: 0, resent: 0 },
    anomalies: [],
    runtimeMs: 0,
  };
  const apiLog = faultApiLog();
  const anomaly = (text: string) => {
    report.anomalies.push(text);
    log(`  ANOMALY ${text}`);
  };

  // --- The parts -----------------------------------------------------------------------------
  const dir = tempDir('esos-fault-');
  log(`fault run: N = ${options.submissions}, ${concurrency} at once, seed ${seed}, folder ${dir}`);
  const cleanups = activeCleanups;
  let pg: OwnPostgres | null = null;
  try {
    pg = await OwnPostgres.create(path.join(dir, 'pg'));
    const ownPg = pg;
    cleanups.push(() => ownPg.destroy());
    hardStops.push(() => ownPg.destroy());
    await prepareDatabase(pg.url);
    const [temporal, smtp, bundle] = await Promise.all([OwnTemporal.create(path.join(dir, 'temporal')), startSmtpPeer(), bundleWorkflows(dir)]);
    cleanups.push(() => temporal.kill());
    hardStops.push(() => temporal.kill());
    cleanups.push(() => smtp.close());
    // Our search attributes, before the first request needs them (the worker also registers them).
    const setupClient = new Client({ connection: await Connection.connect({ address: temporal.address }) });
    await ensureSearchAttributes(setupClient, 'default');
    await setupClient.connection.close();
    log(`parts up: PostgreSQL on ${pg.port}, Temporal on ${temporal.port}, SMTP at ${smtp.url}`);

    const taskQueue = 'esos-fault';
    const worker = new WorkerProcess(
      { DATABASE_URL: pg.url, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue, SMTP_URL: smtp.url, LOG_LEVEL: 'warn', WORKFLOW_BUNDLE_PATH: bundle, NODE_ENV: 'test' },
      path.join(dir, 'worker.log'),
    );
    cleanups.push(() => worker.stop());
    hardStops.push(() => void worker.stop());
    worker.start();

    const base = loadConfig();
    const config: Config = { ...base, databaseUrl: pg.url, temporal: { ...base.temporal, address: temporal.address, taskQueue }, reporting: { ...base.reporting, now: testClock } };
    const db = createDb(pg.url, { min: 0, max: 10 });
    cleanups.push(() => db.destroy());
    const deps: AppDeps = { config, db, logger: apiLog.logger, temporal: lazyClient(config), verifyToken: verifyTestToken, virusScanner: new ClamdScanner(config.clamav) };
    const server: http.Server = createHttpServer(createApp(deps));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    // (Interrupted, calls may still be retrying on it: closing it under them would throw.)
    cleanups.push(async () => {
      if (!interrupted) await (await deps.temporal()).connection.close();
    });
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The checker's own view of the database (the API's pool is the one under test).
    const observer = createDb(pg.url, { min: 0, max: 4 });
    cleanups.push(() => observer.destroy());

    // --- The client ------------------------------------------------------------------------------
    type Answer = { status: number; body: any; ms: number };
    async function request(pathAndQuery: string, init: { user?: TestUser; method?: string; body?: unknown; timeoutMs?: number; headers?: Record<string, string> } = {}, counted = true): Promise<Answer> {
      const t0 = Date.now();
      if (counted) report.apiCalls++;
      try {
        const res = await fetch(apiUrl + pathAndQuery, {
          method: init.method ?? 'GET',
          headers: { ...(init.user ? await bearer(init.user) : {}), 'content-type': 'application/json', ...init.headers },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
        });
        const text = await res.text();
        const body = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
        if (counted) report.apiAnswers[res.status] = (report.apiAnswers[res.status] ?? 0) + 1;
        if (res.status >= 500 && res.status !== 503) {
          const route = `${init.method ?? 'GET'} ${pathAndQuery.replace(/\?.*/, '')}`;
          const logged = apiLog.errorBehind(route);
          anomaly(`${route} answered ${res.status}: ${text.slice(0, 200)}${logged ? ` — the API logged: ${logged}` : ''}`);
        }
        return { status: res.status, body, ms: Date.now() - t0 };
      } catch (err) {
        const key = (err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer';
        if (counted) report.apiAnswers[key] = (report.apiAnswers[key] ?? 0) + 1;
        return { status: 0, body: String((err as Error).message), ms: Date.now() - t0 };
      }
    }
    const v1 = (user: TestUser, p: string, method = 'GET', body?: unknown, headers?: Record<string, string>) => request(`/api/v1.0${p}`, { user, method, body, headers });
    /** Reads the database, or undefined while it is away. */
    async function look<T>(read: (db: Db) => Promise<T>): Promise<T | undefined> {
      try {
        return await read(observer);
      } catch {
        return undefined;
      }
    }
    // The service's own health, asked at most once a second however many steps wait on it.
    let health: { at: number; ok: Promise<boolean> } | null = null;
    function healthy(): Promise<boolean> {
      if (health && Date.now() - health.at < 1000) return health.ok;
      const ok = request('/api/health', { timeoutMs: 10_000 }, false).then((res) => res.body?.components?.database === 'UP' && res.body?.components?.temporal === 'UP');
      health = { at: Date.now(), ok };
      return ok;
    }

    /**
     * One step of a process: done() says whether it has happened (from the database); act() asks for
     * it. Asked again only after the service is healthy and a while has passed without it happening.
     */
    async function step<T>(name: string, done: () => Promise<T | undefined | null | false>, act: () => Promise<unknown>, settleMs = 10_000): Promise<T> {
      const deadline = Math.min(Date.now() + 15 * 60_000, options.deadlineMs ? started + options.deadlineMs : Infinity);
      while (Date.now() < deadline) {
        const already = await done().catch(() => undefined);
        if (already) return already;
        const answer = (await act().catch(() => undefined)) as Answer | undefined;
        // A refusal of what we asked (not a conflict with a copy of ourselves) is the client's mistake: stop.
        // (A start refused because the request exists is our own earlier, lost answer.)
        if (answer && [400, 403, 404, 405].includes(answer.status) && answer.body?.code !== 'REQUEST_CREATE_ACTION1000' && !(await done().catch(() => undefined))) {
          throw new Error(`${name}: refused ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
        }
        // Wait for it to show, through any outage: ask again only after the service has been up (the
        // database, Temporal and a worker) for a while in all without it happening — longer when the
        // answer said it was done.
        const patience = answer && answer.status >= 200 && answer.status < 300 ? 4 * settleMs : settleMs;
        let upFor = 0;
        let last = Date.now();
        while (Date.now() < deadline) {
          const now = await done().catch(() => undefined);
          if (now) return now;
          const up = (await healthy()) && !!worker.pid;
          const t = Date.now();
          if (up) upFor += t - last;
          last = t;
          if (upFor > patience) break;
          await sleep(250);
        }
      }
      throw new Error(`${name}: not done in time`);
    }

    const openTask = (requestId: string, type: string) => look((d) => d('request_tasks').where({ request_id: requestId, type }).first());
    const requestRow = (id: string) => look((d) => d('requests').where({ id }).first());

    // --- One organisation's way through -----------------------------------------------------------
    const [reviewer] = await Promise.all([createUser(observer, { firstName: 'Rhian', lastName: 'Reviewer' })]);
    await grantRegulator(observer, reviewer, 'ENGLAND');
    const runTag = Date.now().toString(36);
    const orgs: { name: string; applicant: TestUser; accountId?: number; requests: Record<string, string> }[] = [];
    let inFlightPending = options.killDuringNotificationSubmit ?? true;

    async function saveSection(user: TestUser, requestId: string, taskType: string, action: string, section: string, data: unknown) {
      await step(
        `${requestId} ${section}`,
        async () => (await openTask(requestId, taskType))?.payload?.sectionsCompleted?.[section] === 'COMPLETED',
        async () => {
          const task = await openTask(requestId, taskType);
          if (!task) return;
          return v1(user, '/tasks/actions', 'POST', { requestTaskId: Number(task.id), requestTaskActionType: action, requestTaskActionPayload: { section, data, complete: true }, version: task.version });
        },
      );
    }

    async function startReport(org: (typeof orgs)[number], type: string, payload?: unknown): Promise<string> {
      const accountId = org.accountId!;
      const row = await step(
        `${org.name} start ${type}`,
        async () => (await openTask((await look((d) => d('requests').where({ account_id: accountId, type }).first()))?.id ?? '-', submitTask[type])) ? await look((d) => d('requests').where({ account_id: accountId, type }).first()) : undefined,
        () => v1(org.applicant, `/requests?accountId=${accountId}`, 'POST', { requestCreateActionType: type, ...(payload === undefined ? {} : { requestCreateActionPayload: payload }) }),
      );
      org.requests[type] = row.id;
      return row.id as string;
    }

    async function submit(org: (typeof orgs)[number], type: string, action: string, killInFlight = false) {
      const requestId = org.requests[type];
      let firstAttempt = true;
      await step(
        `${requestId} submit`,
        async () => (await requestRow(requestId))?.status === expectedStatus[type],
        async () => {
          const task = await openTask(requestId, submitTask[type]);
          if (!task) return;
          const inFlightKill = killInFlight && firstAttempt;
          firstAttempt = false;
          if (inFlightKill) {
            // No random fault meanwhile, and a worker running, so this one is the worker that holds it.
            pauseFaults = true;
            while (faultInProgress || !worker.pid) await sleep(100);
          }
          const call = v1(org.applicant, '/tasks/actions', 'POST', { requestTaskId: Number(task.id), requestTaskActionType: action, requestTaskActionPayload: {} });
          if (!inFlightKill) return call;
          // The issue-11 case, every run: the worker dies while this submission is in flight. It is
          // frozen as the request leaves, so whatever Temporal hands it is held, then killed.
          let answered = false;
          void call.then(() => (answered = true));
          worker.freeze();
          await sleep(1500);
          worker.kill();
          report.kills.worker++;
          log(`  worker killed while ${requestId}'s submission was in flight (answered before the kill: ${answered})`);
          await sleep(1000);
          worker.start();
          pauseFaults = false;
          const res = await call;
          report.inFlightNotificationKill = { done: true, answeredBeforeKill: answered, outcome: `${res.status} ${res.body?.requestStatus ?? res.body?.code ?? ''}`.trim() };
          return res;
        },
      );
    }

    async function throughEverything(i: number) {
      const applicant = await createUser(observer, { firstName: 'Fault', lastName: `Applicant ${i}` });
      const org: (typeof orgs)[number] = { name: `Fault Run ${runTag} Organisation ${i} Ltd`, applicant, requests: {} };
      orgs.push(org);
      // Apply, as the operator, sending it again (the same Idempotency-Key) until it is seen.
      const account = await step(
        `${org.name} apply`,
        () => look((d) => d('accounts').where({ name: org.name }).first()),
        () =>
          v1(
            applicant,
            '/requests',
            'POST',
            {
              requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
              requestCreateActionPayload: {
                registeredAtCompaniesHouse: false,
                registrationNumber: null,
                name: org.name,
                address: { line1: `${i} Quay Street`, line2: '', city: 'Bristol', county: '', postcode: 'BS1 4DJ' },
                codes: { type: 'SIC', codes: ['10110'] },
                competentAuthority: 'ENGLAND',
              },
            },
            { 'idempotency-key': `fault-${runTag}-${i}` },
          ),
        60_000,
      );
      org.accountId = account.id;
      const accId = `ACC${String(account.id).padStart(6, '0')}`;
      org.requests.ORGANISATION_ACCOUNT_OPENING = accId;
      // Approve, as the regulator: take the task, decide.
      await step(`${accId} review task`, () => openTask(accId, APPLICATION_REVIEW), async () => undefined);
      await step(
        `${accId} approve`,
        async () => (await requestRow(accId))?.status === 'APPROVED',
        async () => {
          const task = await openTask(accId, APPLICATION_REVIEW);
          if (!task) return;
          if (task.assignee !== reviewer.id) {
            // Decide only once the task is the reviewer's: an assignment lost to a fault is asked again.
            const assigned = await v1(reviewer, '/tasks-assignment/assign', 'POST', { taskId: Number(task.id), userId: reviewer.id });
            if (assigned.status !== 200 && assigned.status !== 204) return [400, 403, 404].includes(assigned.status) ? assigned : undefined;
            const until = Date.now() + 10_000;
            while ((await openTask(accId, APPLICATION_REVIEW))?.assignee !== reviewer.id) {
              if (Date.now() > until) return undefined;
              await sleep(250);
            }
          }
          return v1(reviewer, '/tasks/actions', 'POST', { requestTaskId: Number(task.id), requestTaskActionType: SUBMIT_DECISION, requestTaskActionPayload: { decision: 'APPROVED', reason: 'Checked by the fault run' } });
        },
      );
      await step(`${accId} live`, async () => (await look((d) => d('authorities').where({ user_id: applicant.id, account_id: account.id, status: 'ACTIVE' }).first())) && (await look((d) => d('accounts').where({ id: account.id, status: 'LIVE' }).first())), async () => undefined);

      // The notification of compliance: a complete report of one of the categories.
      const noc = await startReport(org, NOTIFICATION);
      const { report: answers } = withUndertaking(completeReports[reportNames[i % reportNames.length]], { name: org.name, registrationNumber: null });
      for (const [section, data] of Object.entries(answers)) await saveSection(applicant, noc, NOTIFICATION_SUBMIT, SAVE_NOTIFICATION, section, data);
      const inFlight = inFlightPending;
      inFlightPending = false;
      await submit(org, NOTIFICATION, SUBMIT_NOTIFICATION, inFlight);

      // The action plan: two measures, one estimated by another method.
      const ap = await startReport(org, ACTION_PLAN);
      await saveSection(applicant, ap, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'energyEfficiencyMeasure', { haveEnergyEfficiencyMeasures: true, energyEfficiencyMeasures: [led, boiler] });
      await saveSection(applicant, ap, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'responsibleOfficerConfirmation', { confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value, ESTIMATION_METHOD_DESCRIPTION.value] });
      await submit(org, ACTION_PLAN, SUBMIT_ACTION_PLAN);

      // Progress update 1: the two measures updated, one added.
      const pu1 = await startReport(org, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: false });
      const pu1Task = (await step(`${pu1} task`, () => openTask(pu1, PROGRESS_UPDATE_1_SUBMIT), async () => undefined)) as { payload: any };
      const [ledId, boilerId] = (pu1Task.payload.report[PU1_MEASURES].progressUpdate1P3Measures as { uuId: string }[]).map((m) => m.uuId);
      await saveSection(applicant, pu1, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, PU1_MEASURES, {
        progressUpdate1P3Measures: [
          { uuId: ledId, progressUpdate1P3EnergyEfficiencyMeasure: { reportReduction2024To2025: true, reductionEnergyConsumption2024To2025: 9000, reportReduction2023To2024: false, estimationMethodType: 'ACTION_PLAN_ESTIMATE' } },
          { uuId: boilerId, progressUpdate1P3EnergyEfficiencyMeasure: { measureIsImplemented: false, providedContext: 'Supplier delay' } },
        ],
        progressUpdate1P3AddedMeasure: [addedMeasure({ measureName: 'Heat pump', reductionEnergyConsumption2024To2025: 2500 })],
      });
      await saveSection(applicant, pu1, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, 'responsibleOfficerConfirmation', { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value] });
      await submit(org, PROGRESS_UPDATE_1, SUBMIT_PROGRESS_UPDATE_1);

      // Progress update 2: from progress update 1.
      const pu2 = await startReport(org, PROGRESS_UPDATE_2);
      const pu2Task = (await step(`${pu2} task`, () => openTask(pu2, PROGRESS_UPDATE_2_SUBMIT), async () => undefined)) as { payload: any };
      const pu2Report = pu2Task.payload.report[PU2_MEASURES];
      const [ledPu2, boilerPu2] = pu2Report.progressUpdate2P3Measures.map((m: { uuId: string }) => m.uuId);
      const [heatPumpPu2] = pu2Report.progressUpdate2P3UpdatedAddedMeasures.map((m: { uuId: string }) => m.uuId);
      await saveSection(applicant, pu2, PROGRESS_UPDATE_2_SUBMIT, SAVE_PROGRESS_UPDATE_2, PU2_MEASURES, {
        progressUpdate2P3Measures: [
          { uuId: ledPu2, progressUpdate2P3EnergyEfficiencyMeasure: { reportReduction2025To2026: false } },
          { uuId: boilerPu2, progressUpdate2P3EnergyEfficiencyMeasure: { measureIsImplemented: true, measureImplementedByTheDateInActionPlan: true, reductionEnergyConsumption2025To2026: 3100, estimationMethodType: 'OTHER_METHOD', estimationMethodDescription: 'Metered for a month' } },
        ],
        progressUpdate2P3UpdatedAddedMeasures: [{ uuId: heatPumpPu2, progressUpdate2P3EnergyEfficiencyMeasure: { reportReduction2025To2026: true, reductionEnergyConsumption2025To2026: 2600, estimationMethodType: 'ENERGY_AUDIT' } }],
        progressUpdate2P3AddedMeasure: [addedMeasure({ measureName: 'Solar panels', reductionEnergyConsumption2025To2026: 1200 })],
      });
      await saveSection(applicant, pu2, PROGRESS_UPDATE_2_SUBMIT, SAVE_PROGRESS_UPDATE_2, 'responsibleOfficerConfirmation', { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value, ESTIMATION_METHOD_DOCUMENTED.value] });
      await submit(org, PROGRESS_UPDATE_2, SUBMIT_PROGRESS_UPDATE_2);
      report.completed++;
      log(`  [${report.completed}/${options.submissions}] ${org.name}: account ${accId} and its four reports submitted`);
    }

    // --- Faults --------------------------------------------------------------------------------------
    let faulting = true;
    let pauseFaults = false;
    let faultInProgress = false;
    async function probeOutage(downAt: number) {
      // While PostgreSQL is away the API answers 503 with a JSON message, quickly, and health says which part.
      const t0 = Date.now();
      const res = await request('/api/v1.0/users', { user: reviewer, timeoutMs: 20_000 });
      const ms = Date.now() - t0;
      report.outage.probes++;
      report.outage.slowestMs = Math.max(report.outage.slowestMs, ms);
      if (res.status === 503 && typeof res.body?.message === 'string') report.outage.answered503++;
      else anomaly(`with PostgreSQL down for ${Date.now() - downAt} ms, GET /users answered ${res.status || res.body} in ${ms} ms, not 503 JSON`);
      const health = await request('/api/health', { timeoutMs: 10_000 });
      if (health.status === 503 && health.body?.components?.database === 'DOWN') report.outage.healthNamedDatabase++;
      else anomaly(`with PostgreSQL down, /api/health answered ${health.status} ${JSON.stringify(health.body)}`);
    }
    async function injectFaults() {
      await sleep(gapMin);
      while (faulting) {
        if (pauseFaults) {
          await sleep(200);
          continue;
        }
        faultInProgress = true;
        const r = rnd();
        const kind: FaultKind = r < 0.45 ? 'worker' : r < 0.7 ? 'temporal' : 'postgres';
        const downMs = 500 + Math.floor(rnd() * 3500);
        if (kind === 'worker') {
          worker.kill();
          await sleep(downMs);
          worker.start();
        } else if (kind === 'temporal') {
          temporal.kill();
          await temporal.waitGone();
          await sleep(downMs);
          await temporal.start();
        } else {
          ownPg.stopImmediately();
          const downAt = Date.now();
          await probeOutage(downAt);
          const left = downMs - (Date.now() - downAt);
          if (left > 0) await sleep(left);
          await ownPg.start();
          // Recovers by itself: the same API process answers again, no restart.
          const upAt = Date.now();
          while (Date.now() - upAt < 60_000) {
            const res = await request('/api/v1.0/users', { user: reviewer, timeoutMs: 10_000 });
            if (res.status === 200) break;
            await sleep(100);
          }
          const after = Date.now() - upAt;
          report.outage.recoveredAfterMs.push(after);
          if (after >= 60_000) anomaly('the API did not recover within 60 s of PostgreSQL coming back');
        }
        report.kills[kind]++;
        faultInProgress = false;
        log(`  fault: ${kind} ${kind === 'postgres' ? 'stopped (-m immediate)' : 'killed (SIGKILL)'}, back after ${downMs} ms`);
        await sleep(gapMin + Math.floor(rnd() * (gapMax - gapMin)));
      }
    }

    // --- The run -----------------------------------------------------------------------------------
    await step('worker ready', async () => (await healthy()) && (await look((d) => d.raw('select 1'))), async () => undefined);
    const faults = injectFaults();
    let next = 0;
    let stoppedEarly = false;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, options.submissions) }, async () => {
        while (next < options.submissions) {
          if (options.timeLimitMs && Date.now() - started > options.timeLimitMs) {
            if (!stoppedEarly) log(`  time limit reached: no new organisation after ${Math.round(options.timeLimitMs / 60_000)} minutes`);
            stoppedEarly = true;
            break;
          }
          const i = next++;
          try {
            await throughEverything(i);
          } catch (err) {
            failures.push(`organisation ${i}: ${(err as Error).message}`);
          }
        }
      }),
    );
    faulting = false;
    await faults;
    report.started = next;
    for (const f of failures) anomaly(`submission not completed: ${f}`);

    // --- Quiet: everything up, the outbox drained ------------------------------------------------------
    if (!worker.pid) worker.start();
    const drainUntil = Date.now() + 5 * 60_000;
    while (Date.now() < drainUntil) {
      const pending = await look((d) => d('email_outbox').whereNot({ status: 'SENT' }).count<{ n: string }[]>({ n: '*' }));
      if (pending && Number(pending[0].n) === 0) break;
      await sleep(1000);
    }
    await sleep(2000); // anything still on its way to the SMTP server

    // --- Checks ------------------------------------------------------------------------------------
    const accountIds = orgs.map((o) => o.accountId).filter((id): id is number => id !== undefined);
    for (const org of orgs) {
      const accounts = await observer('accounts').where({ name: org.name });
      if (accounts.length !== 1) anomaly(`${org.name}: ${accounts.length} accounts, not 1`);
      if (accounts[0]?.status !== 'LIVE') anomaly(`${org.name}: account ${accounts[0]?.status ?? 'missing'}, not LIVE`);
    }
    const requests = accountIds.length ? await observer('requests').whereIn('account_id', accountIds) : [];
    const byAccount = new Map<number, typeof requests>();
    for (const r of requests) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r]);
    const requestIds = requests.map((r) => r.id as string);
    const [actions, openTasks, history, reports] = requestIds.length
      ? await Promise.all([
          observer('request_actions').whereIn('request_id', requestIds).orderBy('id'),
          observer('request_tasks').whereIn('request_id', requestIds),
          observer('request_task_history').whereIn('request_id', requestIds),
          observer('reports').whereIn('request_id', requestIds),
        ])
      : [[], [], [], []];
    const client = new Client({ connection: await Connection.connect({ address: temporal.address }) });
    // A request's last writes are local activities: its row can say APPROVED while the workflow task
    // that ran them, cut off by the last fault, waits for its retry. Give such a workflow a minute.
    const settleUntil = Date.now() + 60_000;
    const closedStatus = async (workflowId: string): Promise<string> => {
      for (;;) {
        const { status } = await client.workflow.getHandle(workflowId).describe();
        if (status.name !== 'RUNNING' || Date.now() > settleUntil) return status.name;
        await sleep(500);
      }
    };
    try {
      for (const accountId of accountIds) {
        const mine = byAccount.get(accountId) ?? [];
        for (const type of Object.keys(expectedTimeline)) {
          const of = mine.filter((r) => r.type === type);
          if (of.length !== 1) {
            anomaly(`account ${accountId}: ${of.length} ${type} requests, not 1`);
            continue;
          }
          const r = of[0];
          if (r.status !== expectedStatus[type]) anomaly(`${r.id}: ${r.status}, not ${expectedStatus[type]}`);
          const timeline = actions.filter((a) => a.request_id === r.id).map((a) => a.type);
          if (JSON.stringify(timeline) !== JSON.stringify(expectedTimeline[type])) anomaly(`${r.id}: timeline ${JSON.stringify(timeline)}, not ${JSON.stringify(expectedTimeline[type])}`);
          const open = openTasks.filter((t) => t.request_id === r.id);
          if (open.length) anomaly(`${r.id}: ${open.length} task(s) still open (${open.map((t) => t.type).join(', ')})`);
          const done = history.filter((t) => t.request_id === r.id);
          const ofType = done.filter((t) => t.type === submitTask[type]).length;
          if (ofType !== 1) anomaly(`${r.id}: ${ofType} ${submitTask[type]} tasks in its history, not 1 (${ofType === 0 ? 'lost' : 'duplicated'})`);
          const others = done.filter((t) => t.type !== submitTask[type]);
          if (others.length) anomaly(`${r.id}: unexpected tasks ${others.map((t) => t.type).join(', ')}`);
          if (type !== 'ORGANISATION_ACCOUNT_OPENING') {
            const n = reports.filter((x) => x.request_id === r.id).length;
            if (n !== 1) anomaly(`${r.id}: ${n} submitted reports, not 1`);
          }
          try {
            const status = await closedStatus(r.id);
            if (status !== 'COMPLETED') anomaly(`${r.id}: its workflow is ${status}`);
          } catch (err) {
            anomaly(`${r.id}: its workflow cannot be described (${(err as Error).message})`);
          }
        }
      }
    } finally {
      await client.connection.close();
    }

    // E-mails: each queued once, each delivered exactly once.
    const outbox = await observer('email_outbox').orderBy('id');
    report.emails.queued = outbox.length;
    const deliveries = new Map<string, number>();
    for (const mail of smtp.received) {
      const id = /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1] ?? '(none)';
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    report.emails.delivered = smtp.received.length;
    for (const [id, n] of deliveries) {
      if (n > 1 && id === '(none)') anomaly(`${n} e-mails delivered without a Message-ID`);
      else if (n > 1) report.emails.resent += n - 1;
    }
    for (const row of outbox) {
      if (row.status !== 'SENT') anomaly(`e-mail ${row.id} (${row.template} to ${row.to_address}) ${row.status}, not sent`);
      else if (!deliveries.has(row.message_id)) anomaly(`e-mail ${row.id} (${row.template}) marked sent but never delivered`);
    }
    report.workerExitsOnItsOwn = worker.unexpectedExits;
  } finally {
    await cleanUp();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.runtimeMs = Date.now() - started;
  return report;
}

export function formatReport(r: FaultReport): string {
  const s = (n: number) => n.toLocaleString('en-GB');
  const answers = Object.entries(r.apiAnswers).sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${s(n)}`).join(', ');
  const recovered = r.outage.recoveredAfterMs;
  return [
    `runs: ${r.completed} of ${r.submissions} organisations${r.started < r.submissions ? ` (${r.started} begun before the time limit)` : ''} through account opening and approval, notification, action plan, progress updates 1 and 2 (${s(r.completed * 5)} processes)`,
    `kills: worker ${r.kills.worker} (SIGKILL${r.inFlightNotificationKill ? ', one during a notification submission in flight' : ''}), Temporal server ${r.kills.temporal} (SIGKILL), PostgreSQL ${r.kills.postgres} (pg_ctl stop -m immediate); worker exits on its own ${r.workerExitsOnItsOwn}`,
    `PostgreSQL down: ${r.outage.answered503} of ${r.outage.probes} API calls answered 503 JSON (slowest ${s(r.outage.slowestMs)} ms), /api/health named the database ${r.outage.healthNamedDatabase} times; back up, the API answered again within ${recovered.length ? s(Math.max(...recovered)) : '–'} ms (no restart)`,
    `API calls: ${s(r.apiCalls)} (${answers})`,
    `e-mails: ${s(r.emails.queued)} queued, ${s(r.emails.delivered)} delivered (${s(r.emails.resent)} resent under the same Message-ID after a worker died between the mail server's acceptance and its record)`,
    `anomalies: ${r.anomalies.length}`,
    ...r.anomalies.map((a) => `  - ${a}`),
    `runtime: ${Math.round(r.runtimeMs / 1000)} s`,
  ].join('\n');
}

if (require.main === module) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => {
    interrupted = true;
    for (const stop of hardStops.reverse()) {
      try {
        stop();
      } catch {
        // already gone
      }
    }
    void cleanUp().then(() => process.exit(130));
  });
  const n = Number(process.argv[2] ?? process.env.FAULT_RUNS ?? 100);
  runFaults({ submissions: n, timeLimitMs: process.env.FAULT_MINUTES ? Number(process.env.FAULT_MINUTES) * 60_000 : undefined, seed: process.env.FAULT_SEED ? Number(process.env.FAULT_SEED) : undefined, concurrency: process.env.FAULT_CONCURRENCY ? Number(process.env.FAULT_CONCURRENCY) : undefined })
    .then((r) => {
      console.log(formatReport(r));
      process.exit(r.anomalies.length === 0 && r.completed === r.started ? 0 : 1);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
