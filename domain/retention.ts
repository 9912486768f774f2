// Data retention (spec: "A compliance period runs for 4 years. Data is deleted once 2 subsequent
// compliance periods have elapsed."). The data of a compliance period is its reports' requests —
// a request type ending in `_P3` belongs to phase 3 — with their tasks, timeline, notes, submitted
// report, submission documents (PDFs) and files. Accounts, users and the audit trail are not a period's data and are kept.

import { phaseCode, SEEDED_PHASES } from './phases';

/** The Temporal schedule that starts the dataRetention workflow (infra/retention-schedule.ts). */
export const RETENTION_SCHEDULE_ID = 'esos-data-retention';

/** The end of each phase's compliance period (a UK day; domain/phases.ts): phase 3's ran to 5 December 2023. */
export const defaultCompliancePeriodEnds: Record<string, string> = Object.fromEntries(
  SEEDED_PHASES.map((p) => [phaseCode(p.number), p.compliancePeriod.to]),
);

/** Two subsequent compliance periods of 4 years each. */
export const DEFAULT_RETENTION_YEARS = 8;

/** The request types of a compliance period (phase code such as P3). */
export const periodRequestTypePattern = (phase: string): string => `%\\_${phase}`;

/**
 * The first moment a period's data may be deleted: the end of the UK day `years` after the period
 * ended (midnight at its start, in London time — 00:00 UTC in winter, when periods end).
 */
export function deletableFrom(periodEnd: string, years: number): Date {
  const [y, m, d] = periodEnd.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y + years, m - 1, d + 1));
  // London is UTC+1 in summer: its midnight is an hour before UTC's.
  const london = new Date(day.toLocaleString('en-US', { timeZone: 'Europe/London' }));
  const utc = new Date(day.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(day.getTime() - (london.getTime() - utc.getTime()));
}

export interface RetentionRequest {
  requestId: string;
  type: string;
  accountId: number | null;
  status: string;
}

export interface RetentionPeriodResult {
  phase: string;
  periodEnd: string;
  deletableFrom: string;
  /** Passed: its data goes (or, in a dry run, would go). */
  due: boolean;
  requests: RetentionRequest[];
  /** Requests of the period still IN_PROGRESS: never deleted under a running workflow; listed. */
  skipped: RetentionRequest[];
  /** Rows deleted (or that would be) per kind of data. */
  counts: {
    requests: number;
    tasks: number;
    timeline: number;
    notes: number;
    reports: number;
    documents: number;
    files: number;
  };
}

export interface RetentionResult {
  dryRun: boolean;
  at: string;
  periods: RetentionPeriodResult[];
}
