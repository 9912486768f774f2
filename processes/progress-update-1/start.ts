// What progress update 1 starts from (reference workflows §9.2): each measure of the submitted
// action plan, copied with an id of its own and classified by whether it was to be implemented
// before the action plan was submitted. A disaggregated undertaking starts with no measures.
import { actionPlanMeasures } from '../../domain/reports/measure-fields';
import type { ReportData } from '../../domain/reports/report';
import { MEASURE_IMPL_AFTER, MEASURE_IMPL_BEFORE, PU1_MEASURES } from './report';

/** 'YYYY-MM-DD' of the last day of a 'YYYY-MM' month. */
export function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** BEFORE when the last day of the measure's implementation month is before the submission day. */
export function measureImplType(implementationMonth: string, actionPlanSubmittedOn: string): string {
  return lastDayOfMonth(implementationMonth) < actionPlanSubmittedOn ? MEASURE_IMPL_BEFORE : MEASURE_IMPL_AFTER;
}

/** The report a non-disaggregated progress update 1 starts with. `submittedOn`: 'YYYY-MM-DD' (UK). */
export function progressUpdate1Start(actionPlan: ReportData, submittedOn: string, newId: () => string): ReportData {
  return {
    [PU1_MEASURES]: {
      progressUpdate1P3Measures: actionPlanMeasures(actionPlan).map((measure) => ({
        uuId: newId(),
        measureImplType: measureImplType(String(measure.implementationDateForMeasure), submittedOn),
        actionPlanEnergyEfficiencyMeasure: measure,
      })),
    },
  };
}
