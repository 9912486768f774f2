// The action plan's measures as the next phase's notification offers them: each with the savings it
// was expected to make, whether the progress updates say it was implemented, and the reductions
// they reported.
import { completeReportDrafts } from '../../test/fixtures/complete-reports';
import { PU1_MEASURES } from './progress-update-1-measures';
import { expectedByPurpose, expectedTotal, planMeasuresOf, reportedTotal } from './plan-measures';

const actionPlan = completeReportDrafts.ACTION_PLAN_P3!().report;
const pu1 = completeReportDrafts.PROGRESS_UPDATE_1_P3!().report;
const pu2 = completeReportDrafts.PROGRESS_UPDATE_2_P3!().report;
const expected = { buildings: 12000, transport: 0, industrialProcesses: 0, otherProcesses: 500 };

it('lists the action plan’s measures with their expected savings, nothing reported before a progress update', () => {
  const measures = planMeasuresOf(actionPlan);
  expect(measures).toEqual([
    { name: 'LED lighting', implementationDate: '2024-03', expected, implemented: null, reported: null },
    { name: 'Boiler replacement', implementationDate: '2025-06', expected, implemented: null, reported: null },
  ]);
  expect(measures.map(expectedTotal)).toEqual([12500, 12500]);
  expect(expectedByPurpose(measures)).toEqual({
    purposes: { buildings: 24000, transport: 0, industrialProcesses: 0, otherProcesses: 1000 },
    total: 25000,
  });
  expect(reportedTotal(measures)).toBeNull();
});

it('adds what the progress updates said: implemented (a measure due before the plan was, by then) and the reductions', () => {
  // Progress update 1: the LED lighting was due before the action plan was submitted (900 kWh in
  // 2024–25); the boiler not implemented.
  expect(
    planMeasuresOf(actionPlan, pu1).map(({ name, implemented, reported }) => ({ name, implemented, reported })),
  ).toEqual([
    { name: 'LED lighting', implemented: true, reported: 900 },
    { name: 'Boiler replacement', implemented: false, reported: null },
  ]);
  // Progress update 2: 700 kWh more from the lighting; the boiler, asked again, still not implemented.
  const both = planMeasuresOf(actionPlan, pu1, pu2);
  expect(both.map(({ implemented, reported }) => ({ implemented, reported }))).toEqual([
    { implemented: true, reported: 1600 },
    { implemented: false, reported: null },
  ]);
  expect(reportedTotal(both)).toBe(1600);
});

it('offers nothing for a plan without measures, and ignores an update that is not about the measure in its place', () => {
  expect(planMeasuresOf({ energyEfficiencyMeasure: { haveEnergyEfficiencyMeasures: false } })).toEqual([]);
  // A disaggregated undertaking's progress update 1 copies no measures; another's list names others.
  expect(planMeasuresOf(actionPlan, { [PU1_MEASURES]: { progressUpdate1P3Measures: [] } })[0]!.implemented).toBeNull();
  const renamed = structuredClone(pu1);
  const items = (
    renamed[PU1_MEASURES] as {
      progressUpdate1P3Measures: { actionPlanEnergyEfficiencyMeasure: { measureName: string } }[];
    }
  ).progressUpdate1P3Measures;
  items[0]!.actionPlanEnergyEfficiencyMeasure.measureName = 'Something else';
  expect(planMeasuresOf(actionPlan, renamed)[0]).toMatchObject({ implemented: null, reported: null });
});
