// The statutory dates of ESOS phase 3 reports, as configuration (REPORT_DUE_DATES overrides a due
// date per request type). Source: the Environment Agency's ESOS guidance on GOV.UK ("Energy Savings
// Opportunity Scheme (ESOS)", gov.uk/guidance/energy-savings-opportunity-scheme-esos) and its phase 3
// enforcement position, as summarised in ../shared/reference/real-service-workflows.md §17: action
// plans due 5 December 2024, accepted by the regulators until 5 March 2025; progress update 1 due
// 5 December 2025; progress update 2 due 5 December 2026.
import { MONTHS } from './validation';

// The due dates are phase 3's row of domain/phases.ts.
import { seededPhase } from './phases';

const phase3 = seededPhase(3).reports;

/** UK calendar days, 'YYYY-MM-DD'. */
export const SCHEME_DATES = {
  /** The action plan's statutory due date. */
  actionPlanDue: phase3.actionPlan.due!,
  /** The last day the regulators accepted action plans under their enforcement position. */
  actionPlanAcceptedUntil: '2025-03-05',
  progressUpdate1Due: phase3.progressUpdate1.due!,
  progressUpdate2Due: phase3.progressUpdate2.due!,
} as const;

/** '2025-03-05' as '5 March 2025' (GOV.UK style). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}
