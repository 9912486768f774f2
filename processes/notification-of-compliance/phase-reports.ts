// A later phase's notification is phase 3's with its differences (domain/reports/derived-report.ts):
// the phase's dates and period numbers in every text, and what each phase changes, stated below.
// A phase keeps the differences of the phases before it. Sources: reference workflows §18.
import { derivedReport, type ReportDifferences } from '../../domain/reports/derived-report';
import type { ReportDefinition } from '../../domain/reports/report';
import { ordinal, seededPhase, type Phase } from '../../domain/phases';
import { longDate } from '../../domain/scheme-dates';
import type { NotificationContext } from './category';
import { compliancePeriodSection } from './sections/compliance-period';

type Differences = Omit<ReportDifferences<NotificationContext>, 'sections'>;

/** What each phase changes in the notification, beyond its dates and period numbers. */
export const PHASE_DIFFERENCES: Record<number, Differences> = {
  4: {
    // GOV.UK "Comply with ESOS", 14 August 2025: Display Energy Certificates and Green Deal
    // Assessments are no longer compliance routes; ISO 50001 remains.
    withoutFields: {
      reportingObligation: ['displayEnergyCertificatePct', 'greenDealAssessmentPct'],
      alternativeComplianceRoutes: ['dec', 'gda'],
    },
    withoutSteps: { alternativeComplianceRoutes: ['dec-certificates', 'gda-certificates'] },
    words: [
      [
        'The 4 routes are ISO 50001, Display Energy Certificates (DECs), Green Deal Assessments (GDAs) and ESOS energy audits.',
        'The 2 routes are ISO 50001 and ESOS energy audits.',
      ],
      [
        'All significant energy consumption is covered by ISO 50001 certification, Display Energy Certificates or Green Deal Assessments',
        'All significant energy consumption is covered by ISO 50001 certification',
      ],
      [
        'A certificate counts when it was issued after 5 December 2019 and was valid on 5 December 2023, or on 5 June 2024 where the compliance date was extended.',
        'A certificate counts when it was issued after 5 December 2023 and was valid on 5 December 2027.',
      ],
    ],
    provisional: [
      'Who qualifies: phase 3’s questions and thresholds (£44 million turnover, £38 million balance sheet, 250 staff); advisers disagree on the financial thresholds for phase 4.',
      'Certificate validity and leavers of the group: checked against the compliance date, 5 December 2027 (phase 3 allowed its extended date, 5 June 2024); no extension is known.',
      'Energy savings achieved: asked as in phase 3, with the phase 3 action plan’s measures shown under the question; advisers expect the phase 4 assessment to report on the action plan’s commitments too, which is not asked.',
      'Net zero assessment: not asked (proposed for phase 4, postponed to phase 5).',
      'Every other question and rule: phase 3’s, until the full phase 4 guidance (expected in 2027).',
    ],
  },
};

const iso = (day: string) => day;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Phase 3's dates and period numbers as phase `n` says them, in words and as limits. */
function phaseWords(from: Phase, to: Phase): [string, string][] {
  const pairs: [string, string][] = [
    [`${ordinal(from.number)} compliance period`, `${ordinal(to.number)} compliance period`],
    [
      `${longDate(from.compliancePeriod.from)} to ${longDate(from.compliancePeriod.to)}`,
      `${longDate(to.compliancePeriod.from)} to ${longDate(to.compliancePeriod.to)}`,
    ],
    [longDate(from.qualificationDate), longDate(to.qualificationDate)],
    [longDate(dayBefore(from.compliancePeriod.from)), longDate(dayBefore(to.compliancePeriod.from))],
    [iso(from.compliancePeriod.from), iso(to.compliancePeriod.from)],
    [longDate(from.complianceDate), longDate(to.complianceDate)],
    [iso(from.complianceDate), iso(to.complianceDate)],
    // Phase 3's extended compliance date (reference workflows §13.2) has no later counterpart yet.
    ['5 June 2024', longDate(to.complianceDate)],
    ['2024-06-05', iso(to.complianceDate)],
  ];
  return pairs.filter(([a, b]) => a !== b);
}

/** Phase `n`'s notification (n > 3) from phase 3's. */
export function laterPhaseReport(
  phase3: ReportDefinition<NotificationContext>,
  n: number,
): ReportDefinition<NotificationContext> & { provisional: string[] } {
  const stated = Object.entries(PHASE_DIFFERENCES)
    .filter(([p]) => Number(p) <= n)
    .map(([, d]) => d);
  const merge = <K extends 'withoutFields' | 'withoutSteps'>(key: K) =>
    stated.reduce<Record<string, string[]>>((all, d) => {
      for (const [section, names] of Object.entries((d[key] ?? {}) as Record<string, string[]>))
        all[section] = [...(all[section] ?? []), ...names];
      return all;
    }, {});
  return derivedReport(phase3, {
    // The stated phrases first: they are longer, and so win over the dates inside them.
    words: [...stated.flatMap((d) => d.words ?? []), ...phaseWords(seededPhase(3), seededPhase(n))],
    withoutFields: merge('withoutFields'),
    withoutSteps: merge('withoutSteps'),
    // The history questions move on a phase: the latest period before the phase's, and the one before it.
    sections: {
      secondCompliancePeriod: compliancePeriodSection(n - 1, true),
      firstCompliancePeriod: compliancePeriodSection(n - 2, false),
    },
    provisional: stated.flatMap((d) => d.provisional ?? []),
  });
}
