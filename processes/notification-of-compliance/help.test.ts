// The notification's help panels sit under their questions, and only there: summaries and the
// submission document (both made of snapshotSections' rows) leave them out.
import { snapshotSections } from '..';
import { completeReports } from '../../test/fixtures/notification-reports';
import { allSections } from '../../domain/reports/report';
import { flatFields } from '../../domain/reports/fields';
import { notificationReport } from './report';
import {
  COMPLIANCE_ROUTES_HELP,
  ENERGY_INTENSITY_HELP,
  GROUP_CHART_HELP,
  LEAD_ASSESSOR_HELP,
  QUALIFICATION_NOT_MET_HELP,
} from './help';

const steps = allSections(notificationReport).flatMap((s) => s.steps.map((step) => ({ section: s.id, step })));
const stepOf = (section: string, id: string) => steps.find((s) => s.section === section && s.step.id === id)!.step;

it('puts each panel under its question', () => {
  expect(stepOf('reportingObligation', 'compliance-route-distribution').help).toBe(COMPLIANCE_ROUTES_HELP);
  expect(stepOf('energyConsumptionDetails', 'energy-intensity-ratio').help).toBe(ENERGY_INTENSITY_HELP);
  expect(stepOf('leadAssessor', 'confirmation').help).toBe(LEAD_ASSESSOR_HELP);
  const chart = stepOf('organisationStructure', 'group-structure-chart');
  expect(chart.help).toBe(GROUP_CHART_HELP);
  expect(chart.notesLink).toBe('Go to Notes (opens in new tab)');
  expect(chart.fields[0]!.hint).toMatch(/add the chart as a note on this notification’s request/);
  const reason = flatFields(stepOf('reportingObligation', 'qualification').fields).find(
    (f) => f.name === 'noQualificationReason',
  );
  expect(reason?.help).toBe(QUALIFICATION_NOT_MET_HELP);
});

it('leaves help out of what a submission shows and prints', () => {
  const helpTexts = [COMPLIANCE_ROUTES_HELP, ENERGY_INTENSITY_HELP, LEAD_ASSESSOR_HELP, GROUP_CHART_HELP]
    .flatMap((h) => [h.title, ...h.content.flat()])
    .filter((t) => t !== 'Help me answer this question');
  for (const report of Object.values(completeReports)) {
    const shown = JSON.stringify(snapshotSections('NOTIFICATION_OF_COMPLIANCE_P3', '', report));
    for (const text of helpTexts) expect(shown).not.toContain(text);
  }
});
