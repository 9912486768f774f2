// Test helpers: a section of a complete notification changed, and what its parsing says.
import type { Values } from '../domain/reports/fields';
import { parseSection, sectionOf, type ReportDraft } from '../domain/reports/report';
import { notificationReport } from '../processes/notification-of-compliance/report';
import { completeReport, type CompleteReportName } from './fixtures/notification-reports';

/** A copy of a complete report with one section's answers changed (a change to undefined removes the answer). */
export function changed(name: CompleteReportName, sectionId: string, changes: Values): ReportDraft {
  const payload = completeReport(name);
  const section = { ...payload.report[sectionId], ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete section[key];
  payload.report[sectionId] = section;
  return payload;
}

/** The section of the payload parsed for completion: [path, message] of each issue, and the values. */
export function completing(payload: ReportDraft, sectionId: string): { issues: [string, string][]; values: Values } {
  const section = sectionOf(notificationReport, sectionId)!;
  const ctx = notificationReport.context(payload.report, {});
  const parsed = parseSection(section, payload.report[sectionId], ctx, 'complete');
  return { issues: parsed.issues.map((i) => [i.path, i.message]), values: parsed.values };
}

/** The issues of a complete report's section with these changes. */
export const issuesOf = (name: CompleteReportName, sectionId: string, changes: Values): [string, string][] =>
  completing(changed(name, sectionId, changes), sectionId).issues;
