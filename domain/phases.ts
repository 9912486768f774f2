// ESOS runs in four-year phases; a phase is data. Each row holds the phase's statutory dates and
// the reporting windows of its reports, and the processes say which phase they serve
// (ProcessDefinition.phase): their labels ('Phase 4 Notification'), request ids ('NOC000001-P4'),
// MI reports and published datasets follow from the number. These are the defaults;
// configuration (PHASES, infra/config.ts) changes a phase's dates and windows or adds a phase
// without a release, as REPORTING_WINDOWS does a report's windows.
//
// Sources (../shared/reference/real-service-workflows.md): phase 3's windows §13.1 (the real
// service's workflow_valid_period table), its dates §13.2 and §17; phase 4's §18 (the government's
// "Comply with ESOS" guidance and advisers, late 2026).
import type { ReportingWindows } from './process-definition';

/** The reports of a phase, each run by a process that serves it. */
export type PhaseReport = 'notification' | 'actionPlan' | 'progressUpdate1' | 'progressUpdate2';
export const phaseReports: readonly PhaseReport[] = [
  'notification',
  'actionPlan',
  'progressUpdate1',
  'progressUpdate2',
];

export interface PhaseReportDates {
  /** When it may be started and submitted; null: not open until its guidance is published. */
  windows: ReportingWindows | null;
  /** Its statutory due day ('YYYY-MM-DD', UK); null when the law sets none (the notification's is the compliance date, but the service keeps no deadline for it). */
  due: string | null;
}

export interface Phase {
  number: number;
  /** The day an organisation's size and group are judged on ('YYYY-MM-DD'). */
  qualificationDate: string;
  /** The compliance period the phase's notification reports on (UK days, inclusive). */
  compliancePeriod: { from: string; to: string };
  /** The day the notification of compliance is due. */
  complianceDate: string;
  reports: Record<PhaseReport, PhaseReportDates>;
  /** Where the dates come from, and what is provisional. */
  source: string;
}

/** The same initiate and submit window, ISO moments (UK midnights given in UTC). */
const window = (from: string, to: string): ReportingWindows => ({ initiate: { from, to }, submit: { from, to } });

/** The phases the service is built with (ESOS_PHASES in docs/processes.md#phases). */
export const SEEDED_PHASES: readonly Phase[] = [
  {
    number: 3,
    qualificationDate: '2022-12-31',
    compliancePeriod: { from: '2019-12-06', to: '2023-12-05' },
    complianceDate: '2023-12-05',
    reports: {
      notification: { windows: window('2022-12-06T00:00:00Z', '2026-12-06T00:00:00Z'), due: null },
      actionPlan: { windows: window('2023-12-06T00:00:00Z', '2026-12-06T00:00:00Z'), due: '2024-12-05' },
      progressUpdate1: { windows: window('2025-06-30T23:00:00Z', '2026-12-06T00:00:00Z'), due: '2025-12-05' },
      progressUpdate2: { windows: window('2025-12-06T00:00:00Z', '2027-03-06T00:00:00Z'), due: '2026-12-05' },
    },
    source:
      'Windows: the real service (reference workflows §13.1). Dates: §13.2, and the regulators’ enforcement position for the due dates (§17).',
  },
  {
    number: 4,
    qualificationDate: '2026-12-31',
    compliancePeriod: { from: '2023-12-06', to: '2027-12-05' },
    complianceDate: '2027-12-05',
    reports: {
      // Proposed: phase 3's window moved on one phase — open from a year before the compliance date
      // (the day after phase 3's closes) for four years.
      notification: { windows: window('2026-12-06T00:00:00Z', '2030-12-06T00:00:00Z'), due: null },
      // Due 12 months after the compliance period, then yearly (the rule in §18); not open until
      // their guidance is published.
      actionPlan: { windows: null, due: '2028-12-05' },
      progressUpdate1: { windows: null, due: '2029-12-05' },
      progressUpdate2: { windows: null, due: '2030-12-05' },
    },
    source:
      'Dates: GOV.UK "Comply with ESOS" (reference workflows §18). The notification’s window is proposed by analogy with phase 3’s (§13.1); the action plan and progress updates stay closed until their guidance (expected in 2027).',
  },
];

const defined = new Map<number, Phase>(SEEDED_PHASES.map((p) => [p.number, p]));

/**
 * Adds a phase beyond the seeded ones, as a test's configuration does (test/phases.ts): the
 * processes that serve it then find its row. ESOS_PHASES may add one too; see phasesFrom.
 */
export function definePhase(row: Phase): Phase {
  const existing = defined.get(row.number);
  if (existing && existing !== row) throw new Error(`Phase ${row.number} is defined already`);
  defined.set(row.number, row);
  return row;
}

/** The phases the code knows (seeded or defined), in number order. */
export function knownPhases(): Phase[] {
  return [...defined.values()].sort((a, b) => a.number - b.number);
}

/** A known phase's row: the processes' own defaults (configuration may change them). */
export function seededPhase(phase: number): Phase {
  const row = defined.get(phase);
  if (!row) throw new Error(`Phase ${phase} is not one of the known phases`);
  return row;
}

/** 'P4': the phase in request types ('NOTIFICATION_OF_COMPLIANCE_P4') and ids ('NOC000001-P4'). */
export const phaseCode = (phase: number): string => `P${phase}`;

/** 'Phase 4', as titles and labels say it. */
export const phaseTitle = (phase: number): string => `Phase ${phase}`;

/** The phase a request type serves, from its ending ('…_P4'); null for one of no phase. */
export function phaseOfRequestType(requestType: string): number | null {
  const m = /_P(\d+)$/.exec(requestType);
  return m ? Number(m[1]) : null;
}

const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];

/** 'third' for 3: 'the third compliance period'. */
export const ordinal = (n: number): string => ORDINALS[n] ?? `${n}th`;

/** The compliance periods before phase 3's, which no phase row holds (reference workflows §13.2). */
export const EARLIER_COMPLIANCE_PERIODS: Record<number, { from: string; to: string }> = {
  1: { from: '2014-07-17', to: '2015-12-05' },
  2: { from: '2015-12-06', to: '2019-12-05' },
};

/** A phase's compliance period, from the known phases or the earlier periods. */
export function compliancePeriodOf(n: number): { from: string; to: string } | undefined {
  return defined.get(n)?.compliancePeriod ?? EARLIER_COMPLIANCE_PERIODS[n];
}

/** The phases in number order, `changes` laid over the seeded rows (a new number adds a phase). */
export function mergePhases(seeded: readonly Phase[], changes: readonly Partial<Phase>[]): Phase[] {
  const byNumber = new Map(seeded.map((p) => [p.number, p]));
  for (const change of changes) {
    const n = change.number!;
    const base = byNumber.get(n);
    byNumber.set(
      n,
      base
        ? { ...base, ...change, reports: { ...base.reports, ...(change.reports ?? {}) } as Phase['reports'] }
        : (change as Phase),
    );
  }
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

/**
 * Where a report of a phase stands at `now`: open, not open yet (and the day it opens, if known),
 * or closed. For 'Start a new task'.
 */
export function reportOpening(
  windows: ReportingWindows | null | undefined,
  now: Date,
): { open: true } | { open: false; opensOn: string | null } | { open: false; closed: true } {
  if (!windows) return { open: false, opensOn: null };
  const from = Date.parse(windows.initiate.from);
  if (now.getTime() < from) return { open: false, opensOn: windows.initiate.from.slice(0, 10) };
  if (now.getTime() > Date.parse(windows.initiate.to)) return { open: false, closed: true };
  return { open: true };
}
