// Progress update 1's measure questions (reference workflows §9.3, §9.5), which progress update 2
// asks about again: it shows each measure progress update 1 updated or added with progress update 1's
// answers (processes/progress-update-2/report.ts). Here because two processes' homes share them.
import { longText, yesNo } from './common-fields';
import type { ChoiceOption, Field, Values } from './fields';
import * as measure from './measure-fields';

export const PU1_MEASURES = 'progressUpdate1P3MeasuresUpdate';
/** The key of progress update 1's answers for an action plan measure. */
export const PU1_ANSWERS = 'progressUpdate1P3EnergyEfficiencyMeasure';
export const MEASURE_IMPL_BEFORE = 'MEASURE_IMPL_BEFORE_SUBMIT_ACTION_PLAN';
export const MEASURE_IMPL_AFTER = 'MEASURE_IMPL_AFTER_SUBMIT_ACTION_PLAN';

/** The mandatory period of progress update 1, and the optional one before it. */
export const PERIOD_2024_2025 = '6 December 2024 and 5 December 2025';
export const PERIOD_2023_2024 = '6 December 2023 and 5 December 2024';

export const measureImplTypes: ChoiceOption[] = [
  { value: MEASURE_IMPL_BEFORE, text: 'Implementation date before the action plan was submitted' },
  { value: MEASURE_IMPL_AFTER, text: 'Implementation date after the action plan was submitted' },
];

export const MEASURE_IMPLEMENTED_HINT =
  "Only respond 'yes' if the measure was implemented by no later than 5 December 2025. Measures implemented after this date must be considered in Progress Update 2.";

const reported = (v: Values) => v.reportReduction2024To2025 === true || v.reportReduction2023To2024 === true;
const implemented = (v: Values) => v.measureIsImplemented === true;

/** A measure the action plan had as implemented before its submission: reductions may be reported. */
export const updateBeforeSubmission = (): Field[] => [
  measure.reportReductionQuestion('reportReduction2024To2025', PERIOD_2024_2025),
  measure.reduction('reductionEnergyConsumption2024To2025', PERIOD_2024_2025, {
    required: true,
    when: (v) => v.reportReduction2024To2025 === true,
  }),
  measure.reportReductionQuestion('reportReduction2023To2024', PERIOD_2023_2024),
  measure.reduction('reductionEnergyConsumption2023To2024', PERIOD_2023_2024, {
    required: true,
    zero: true,
    when: (v) => v.reportReduction2023To2024 === true,
  }),
  measure.reductionEstimationMethod({ withActionPlanEstimate: true, when: reported }),
  measure.providedContext(),
];

/** A measure due after the action plan's submission: implemented yet, and if so, its reduction. */
export const updateAfterSubmission = (): Field[] => [
  yesNo('measureIsImplemented', 'Has the measure been implemented?', 'Select yes if the measure has been implemented', {
    hint: MEASURE_IMPLEMENTED_HINT,
    summaryLabel: 'Measure implemented',
  }),
  measure.measureImplementedByPlannedDate(implemented),
  measure.reduction('reductionEnergyConsumption2024To2025', PERIOD_2024_2025, { required: true, when: implemented }),
  measure.reduction('reductionEnergyConsumption2023To2024', PERIOD_2023_2024, {
    required: false,
    zero: true,
    when: implemented,
  }),
  measure.reductionEstimationMethod({ withActionPlanEstimate: true, when: implemented }),
  measure.providedContext(),
];

/** ProgressUpdate1P3AddedMeasure: a measure implemented that the action plan did not have. */
export const pu1AddedMeasureFields = (): Field[] => [
  measure.measureName(),
  measure.measureScheme(),
  measure.reduction('reductionEnergyConsumption2024To2025', PERIOD_2024_2025, { required: true }),
  measure.reduction('reductionEnergyConsumption2023To2024', PERIOD_2023_2024, { required: false, zero: true }),
  measure.reductionEstimationMethod({ withActionPlanEstimate: false }),
  longText('measureContext', 'Provide context to the measure (optional)'),
];
