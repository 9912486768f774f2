// One place where the environment becomes configuration. Every process (API, worker, scripts)
// reads it from here, so a setting has one name and one default.
import { execSync } from 'node:child_process';
import { inputLimits } from '../domain/limits';
import type { ReportingWindows, Window } from '../domain/process-definition';
import { REMINDER_DAYS, reminderDaysInMs } from '../domain/deadlines';
import { DEFAULT_RETENTION_YEARS, defaultCompliancePeriodEnds } from '../domain/retention';
import { knownPhases, mergePhases, phaseReports, type Phase } from '../domain/phases';
import {
  MI_CUSTOM_CELL_MAX_BYTES,
  MI_CUSTOM_CONCURRENT_PER_USER,
  MI_CUSTOM_EXPORT_MAX_BYTES,
  MI_CUSTOM_EXPORT_MAX_MS,
  MI_CUSTOM_PAGE_MAX_BYTES,
  MI_CUSTOM_ROW_MAX_BYTES,
} from '../domain/mi-reports';

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/** FILE_TOKEN_SECRET, or null: file tokens are then signed with a key kept in the database (api/files/tokens.ts). */
function fileTokenSecret(): string | null {
  const raw = process.env.FILE_TOKEN_SECRET;
  if (!raw) return null;
  if (raw.length < 32) throw new Error('FILE_TOKEN_SECRET must be at least 32 characters long');
  return raw;
}

/** REPORTING_WINDOWS: JSON that replaces the windows of the request types it names (the others keep their process's own). */
function reportingWindows(): Record<string, ReportingWindows> {
  const raw = process.env.REPORTING_WINDOWS;
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(
      'REPORTING_WINDOWS must be JSON, e.g. {"<request type>":{"initiate":{"from":"…","to":"…"},"submit":{…}}}',
    );
  }
  const windows: Record<string, ReportingWindows> = {};
  for (const [type, value] of Object.entries(parsed as Record<string, ReportingWindows>)) {
    for (const w of [value?.initiate, value?.submit]) {
      if (!w || Number.isNaN(Date.parse(w.from)) || Number.isNaN(Date.parse(w.to)))
        throw new Error(`REPORTING_WINDOWS.${type} needs initiate and submit, each with ISO from and to`);
    }
    windows[type] = value;
  }
  return windows;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown) => typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(v));
const isWindow = (w: unknown) => {
  const x = w as { from?: unknown; to?: unknown } | undefined;
  return typeof x?.from === 'string' && typeof x.to === 'string' && !!Date.parse(x.from) && !!Date.parse(x.to);
};

/**
 * The phases (domain/phases.ts): ESOS_PHASES, JSON — a list of phase rows laid over the known
 * ones by number (only what changes), or a new phase in full. Dates 'YYYY-MM-DD'; a report's
 * windows ISO from/to, or null while it is closed.
 */
export function phasesFrom(raw: string | undefined): Phase[] {
  if (!raw) return knownPhases();
  const usage =
    'ESOS_PHASES must be a JSON list of phases, e.g. [{"number":4,"reports":{"notification":{"windows":{"initiate":{"from":"…","to":"…"},"submit":{…}},"due":null}}}]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(usage);
  }
  if (!Array.isArray(parsed)) throw new Error(usage);
  const changes = parsed as Partial<Phase>[];
  for (const c of changes) {
    const where = `ESOS_PHASES phase ${String(c?.number)}`;
    if (!c || !Number.isInteger(c.number) || c.number! < 1) throw new Error(`${usage} (each with a whole "number")`);
    for (const key of ['qualificationDate', 'complianceDate'] as const)
      if (c[key] !== undefined && !isDay(c[key])) throw new Error(`${where}: ${key} must be a date such as 2027-12-05`);
    if (c.compliancePeriod !== undefined && !(isDay(c.compliancePeriod?.from) && isDay(c.compliancePeriod?.to)))
      throw new Error(`${where}: compliancePeriod needs from and to, dates such as 2027-12-05`);
    for (const [report, dates] of Object.entries(c.reports ?? {})) {
      if (!phaseReports.includes(report as never)) throw new Error(`${where}: ${report} is not a report of a phase`);
      if (dates.windows !== null && !(isWindow(dates.windows?.initiate) && isWindow(dates.windows?.submit)))
        throw new Error(`${where}: ${report}.windows needs initiate and submit, each with ISO from and to, or null`);
      if (dates.due !== null && !isDay(dates.due)) throw new Error(`${where}: ${report}.due must be a date or null`);
    }
    const isNew = !knownPhases().some((p) => p.number === c.number);
    if (
      isNew &&
      (!c.qualificationDate ||
        !c.complianceDate ||
        !c.compliancePeriod ||
        phaseReports.some((r) => !c.reports?.[r]) ||
        typeof c.source !== 'string')
    )
      throw new Error(
        `${where} is new: give it in full (qualificationDate, compliancePeriod, complianceDate, source, and reports ${phaseReports.join(', ')})`,
      );
  }
  return mergePhases(knownPhases(), changes);
}

/** REPORT_DUE_DATES: JSON that replaces the due dates ('YYYY-MM-DD', UK day) of the report types it names (the others keep their process's own). */
function reportDueDates(): Record<string, string> {
  const raw = process.env.REPORT_DUE_DATES;
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('REPORT_DUE_DATES must be JSON, e.g. {"<request type>":"2025-12-05"}');
  }
  const dates: Record<string, string> = {};
  for (const [type, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
      throw new Error(`REPORT_DUE_DATES.${type} must be a date such as 2025-12-05`);
    dates[type] = value;
  }
  return dates;
}

/** REPORT_REMINDER_DAYS: days before a report's due date that its assignee is reminded, e.g. "28,7,1". */
function reminderDays(): number[] {
  const raw = process.env.REPORT_REMINDER_DAYS;
  if (raw === undefined || raw.trim() === '') return REMINDER_DAYS;
  const days = raw.split(',').map((d) => Number(d.trim()));
  if (days.some((d) => !Number.isInteger(d) || d < 1))
    throw new Error(`REPORT_REMINDER_DAYS must be whole numbers of days, e.g. "28,7,1", got "${raw}"`);
  return days;
}

/** ESOS_CLOCK: the moment the reporting windows are checked against (tests); unset, the real time. */
function reportingClock(): () => Date {
  const raw = process.env.ESOS_CLOCK;
  if (!raw) return () => new Date();
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new Error(`ESOS_CLOCK must be an ISO date-time, got "${raw}"`);
  return () => new Date(at);
}

export const inWindow = (window: Window | undefined, now: Date): boolean =>
  !window || (Date.parse(window.from) <= now.getTime() && now.getTime() <= Date.parse(window.to));

function commitHash(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execSync('git rev-parse HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Debian's clamav-daemon listens here unless told otherwise. */
export const DEBIAN_CLAMD_SOCKET = '/var/run/clamav/clamd.ctl';

/** Where clamd listens: CLAMAV_SOCKET, or CLAMAV_HOST and CLAMAV_PORT, or Debian's socket. */
function clamav() {
  const host = process.env.CLAMAV_HOST || undefined;
  const socket = process.env.CLAMAV_SOCKET || (host ? undefined : DEBIAN_CLAMD_SOCKET);
  return { socket, host, port: int('CLAMAV_PORT', 3310), timeoutMs: int('CLAMAV_TIMEOUT_MS', 30_000) };
}

/**
 * METRICS_PORT, METRICS_HOST, METRICS_TOKEN: where Prometheus reads a process's metrics. A port of
 * its own (on 127.0.0.1 unless METRICS_HOST says otherwise; with WEB_CONCURRENCY=n the API's n
 * processes take METRICS_PORT to METRICS_PORT+n-1), and/or `/metrics` on the public port for a
 * bearer token. Neither set: no metrics are served.
 */
function metrics() {
  const token = process.env.METRICS_TOKEN || null;
  if (token && token.length < 32) throw new Error('METRICS_TOKEN must be at least 32 characters long');
  const port = process.env.METRICS_PORT ? int('METRICS_PORT', 0) : null;
  if (port !== null && (port < 1 || port > 65535))
    throw new Error(`METRICS_PORT must be a port number, got "${process.env.METRICS_PORT}"`);
  return { port, host: process.env.METRICS_HOST || '127.0.0.1', token };
}

/**
 * Tracing is on when an OTLP collector is named (the OpenTelemetry SDK's own variables:
 * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OTEL_SDK_DISABLED is not true.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    !!(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && env.OTEL_SDK_DISABLED !== 'true'
  );
}

/** RETENTION_YEARS, COMPLIANCE_PERIOD_ENDS, RETENTION_DRY_RUN, RETENTION_SCHEDULE (domain/retention.ts). */
function retention() {
  const years = int('RETENTION_YEARS', DEFAULT_RETENTION_YEARS);
  if (years < 1) throw new Error(`RETENTION_YEARS must be at least 1, got "${process.env.RETENTION_YEARS}"`);
  let periodEnds = defaultCompliancePeriodEnds;
  if (process.env.COMPLIANCE_PERIOD_ENDS) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(process.env.COMPLIANCE_PERIOD_ENDS);
    } catch {
      parsed = null;
    }
    const ok =
      !!parsed &&
      typeof parsed === 'object' &&
      Object.entries(parsed as object).every(
        ([k, v]) => /^P\d+$/.test(k) && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
      );
    if (!ok)
      throw new Error(
        `COMPLIANCE_PERIOD_ENDS must be JSON such as {"P3":"2023-12-05"}, got "${process.env.COMPLIANCE_PERIOD_ENDS}"`,
      );
    periodEnds = parsed as Record<string, string>;
  }
  return {
    years,
    periodEnds,
    dryRun: process.env.RETENTION_DRY_RUN === 'true',
    /** When the schedule runs (cron, UK time): 02:30 every day. */
    schedule: process.env.RETENTION_SCHEDULE ?? '30 2 * * *',
    now: reportingClock(),
  };
}

/**
 * Why the worker (which sends the e-mails) must not start: in production every e-mail goes to the
 * mail server SMTP_URL names, never to a local mailbox or nowhere (docs/operations.md "E-mail").
 */
export function mailServerProblem(config: { production: boolean; smtpUrl: string }): string | null {
  return config.production && !config.smtpUrl
    ? 'SMTP_URL must name the mail server when NODE_ENV=production (e.g. smtps://user:password@smtp.example.com)'
    : null;
}

export function loadConfig() {
  const port = int('PORT', 3000);
  const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const production = process.env.NODE_ENV === 'production';
  return {
    production,
    port,
    publicUrl,
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esos',
    temporal: {
      address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
      namespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
      taskQueue: process.env.TEMPORAL_TASK_QUEUE ?? 'esos',
      tls: process.env.TEMPORAL_TLS_CERT_PATH
        ? { certPath: process.env.TEMPORAL_TLS_CERT_PATH, keyPath: process.env.TEMPORAL_TLS_KEY_PATH ?? '' }
        : process.env.TEMPORAL_TLS === 'true',
      /** Workflows a worker keeps in memory (WORKER_MAX_CACHED_WORKFLOWS); see workerTuning in infra/temporal.ts. */
      maxCachedWorkflows: int('WORKER_MAX_CACHED_WORKFLOWS', 250),
    },
    oidc: {
      // Unset: the embedded provider at /auth is the issuer.
      issuer: (process.env.OIDC_ISSUER ?? `${publicUrl}/auth`).replace(/\/$/, ''),
      embedded: !process.env.OIDC_ISSUER,
      clientId: process.env.OIDC_CLIENT_ID ?? 'esos-web',
      audience: process.env.OIDC_AUDIENCE ?? 'esos-api',
      accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 300),
      sessionTtlSeconds: int('SESSION_TTL_SECONDS', 1800),
    },
    smtpUrl: process.env.SMTP_URL ?? '',
    mailFrom: process.env.MAIL_FROM ?? 'ESOS Reporting <no-reply@esos.localhost>',
    /** Who reads the satisfaction survey: each response is e-mailed to every address (comma-separated); none in production unless set. */
    userFeedbackRecipients: (process.env.USER_FEEDBACK_RECIPIENTS ?? (production ? '' : 'feedback@esos.localhost'))
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a.length > 0),
    gtmContainerId: process.env.GTM_CONTAINER_ID ?? '',
    credentialResetUrl: process.env.CREDENTIAL_RESET_URL ?? `${publicUrl}/forgot-password`,
    /**
     * The phases, what replaces a process's own windows and due date (api/process-settings.ts), the clock the
     * windows are checked against, and how long before a report's due date its assignee is reminded.
     */
    reporting: {
      /** The phases: their dates and their reports' windows (ESOS_PHASES over domain/phases.ts). */
      phases: phasesFrom(process.env.ESOS_PHASES),
      windows: reportingWindows(),
      now: reportingClock(),
      dueDates: reportDueDates(),
      remindBeforeMs: reminderDaysInMs(reminderDays()),
    },
    /** A compliance chase leaves out organisations reminded of the same report within this many days (COMPLIANCE_CHASE_INTERVAL_DAYS). */
    complianceChaseIntervalDays: int('COMPLIANCE_CHASE_INTERVAL_DAYS', 7),
    /** How old the compliance overview's figures may be when served again (COMPLIANCE_OVERVIEW_MAX_AGE_SECONDS; 0: computed every time). */
    complianceOverviewMaxAgeSeconds: int('COMPLIANCE_OVERVIEW_MAX_AGE_SECONDS', 60),
    /** Working days a regulator has to review an account application (durable timer in the workflow); unset, the process's own. */
    reviewDueWorkingDays: process.env.REVIEW_DUE_WORKING_DAYS ? int('REVIEW_DUE_WORKING_DAYS', 0) : null,
    features: { addInstallation: process.env.FEATURE_ADD_INSTALLATION !== 'false' },
    seedDemoData: !production && process.env.SEED_DEMO_DATA !== 'false',
    bodyLimit: process.env.BODY_LIMIT ?? inputLimits.jsonBodyBytes,
    /**
     * TRUST_PROXY=true: one TLS-terminating proxy in front of the web processes. Its
     * X-Forwarded-Proto (https: Secure cookies and HSTS) and the address it appends last to
     * X-Forwarded-For (sign-in counting) are believed; without it both headers are ignored.
     */
    trustProxy: process.env.TRUST_PROXY === 'true',
    /** The virus scanner every upload goes through (infra/clamd.ts). */
    clamav: clamav(),
    // Signs file download tokens. Unset: a key generated once and kept in the database, shared by every replica.
    fileTokenSecret: fileTokenSecret(),
    /** Regulators' MI reports: the custom SQL report's limits, and its reader roles' password (infra/mi-readers.ts). */
    miReports: {
      rowLimit: int('MI_REPORT_ROW_LIMIT', 10000),
      timeoutMs: int('MI_REPORT_TIMEOUT_MS', 10000),
      readerPassword: process.env.MI_REPORT_DB_PASSWORD || null,
      // The limits of domain/mi-reports.ts, here so a test can lower them.
      cellMaxBytes: MI_CUSTOM_CELL_MAX_BYTES,
      rowMaxBytes: MI_CUSTOM_ROW_MAX_BYTES,
      pageMaxBytes: MI_CUSTOM_PAGE_MAX_BYTES,
      exportMaxBytes: MI_CUSTOM_EXPORT_MAX_BYTES,
      exportMaxMs: MI_CUSTOM_EXPORT_MAX_MS,
      concurrentPerUser: MI_CUSTOM_CONCURRENT_PER_USER,
    },
    /** Deleting a compliance period's data once its retention has passed (domain/retention.ts, workflows/retention.ts). */
    retention: retention(),
    /** Prometheus metrics (api/metrics.ts; the worker's from the Temporal SDK, worker.ts). */
    metrics: metrics(),
    /** OpenTelemetry traces over OTLP (infra/tracing.ts); off unless a collector is named. */
    tracing: { enabled: tracingEnabled() },
    logLevel: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
    version: { displayed: '3.3.2', dev: '0.81.0', commit: commitHash() },
  };
}

export type Config = ReturnType<typeof loadConfig>;
