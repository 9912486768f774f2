// PROGRESS_UPDATE_1_P3's report (reference workflows §9.3, §9.5): a disaggregated undertaking's
// change of group; an update for each action plan measure, whose questions depend on whether it was
// to be implemented before or after the action plan was submitted; measures not in the action plan;
// the responsible officer's confirmation.
import { longText, yesNo } from '../../domain/reports/common-fields';
import type { ChoiceOption, Field, Values } from '../../domain/reports/fields';
import {
  ADDED_MEASURES_OVER_LIMIT,
  MAX_ADDED_MEASURES,
  copiedActionPlanMeasure,
  measureImplementedByPlannedDate,
  measureName,
  measureScheme,
  providedContext,
  reduction,
  reductionEstimationMethod,
  reportReductionQuestion,
} from '../../domain/reports/measure-fields';
import {
  answersGroup,
  copiedMeasures,
  groupChange,
  mergeByMeasureId,
  progressUpdateConfirmation,
  progressUpdateContext,
  unansweredMeasures,
  uuIdField,
  type ProgressUpdateContext,
} from '../../domain/reports/progress-update';
import type { ReportDefinition, SectionDefinition } from '../../domain/reports/report';

export const PU1_MEASURES = 'progressUpdate1P3MeasuresUpdate';
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
  reportReductionQuestion('reportReduction2024To2025', PERIOD_2024_2025),
  reduction('reductionEnergyConsumption2024To2025', PERIOD_2024_2025, {
    required: true,
    when: (v) => v.reportReduction2024To2025 === true,
  }),
  reportReductionQuestion('reportReduction2023To2024', PERIOD_2023_2024),
  reduction('reductionEnergyConsumption2023To2024', PERIOD_2023_2024, {
    required: true,
    zero: true,
    when: (v) => v.reportReduction2023To2024 === true,
  }),
  reductionEstimationMethod({ withActionPlanEstimate: true, when: reported }),
  providedContext(),
];

/** A measure due after the action plan's submission: implemented yet, and if so, its reduction. */
export const updateAfterSubmission = (): Field[] => [
  yesNo('measureIsImplemented', 'Has the measure been implemented?', 'Select yes if the measure has been implemented', {
    hint: MEASURE_IMPLEMENTED_HINT,
    summaryLabel: 'Measure implemented',
  }),
  measureImplementedByPlannedDate(implemented),
  reduction('reductionEnergyConsumption2024To2025', PERIOD_2024_2025, { required: true, when: implemented }),
  reduction('reductionEnergyConsumption2023To2024', PERIOD_2023_2024, {
    required: false,
    zero: true,
    when: implemented,
  }),
  reductionEstimationMethod({ withActionPlanEstimate: true, when: implemented }),
  providedContext(),
];

/** progressUpdate1P3Measures: the action plan's measures, each with its update (reference §9.2). */
export const pu1MeasureFields = (): Field[] => [
  uuIdField(),
  { kind: 'radios', name: 'measureImplType', label: 'Implementation', readOnly: true, options: measureImplTypes },
  copiedActionPlanMeasure(),
  answersGroup(
    'progressUpdate1P3EnergyEfficiencyMeasure',
    'Update for this measure',
    (item) => item.measureImplType === MEASURE_IMPL_BEFORE,
    updateBeforeSubmission(),
  ),
  answersGroup(
    'progressUpdate1P3EnergyEfficiencyMeasure',
    'Update for this measure',
    (item) => item.measureImplType === MEASURE_IMPL_AFTER,
    updateAfterSubmission(),
  ),
];

/** ProgressUpdate1P3AddedMeasure: a measure implemented that the action plan did not have. */
export const pu1AddedMeasureFields = (): Field[] => [
  measureName(),
  measureScheme(),
  reduction('reductionEnergyConsumption2024To2025', PERIOD_2024_2025, { required: true }),
  reduction('reductionEnergyConsumption2023To2024', PERIOD_2023_2024, { required: false, zero: true }),
  reductionEstimationMethod({ withActionPlanEstimate: false }),
  longText('measureContext', 'Provide context to the measure (optional)'),
];

const COPIED = ['progressUpdate1P3Measures'];

export const pu1MeasuresUpdate: SectionDefinition<ProgressUpdateContext> = {
  id: PU1_MEASURES,
  title: 'Update for energy efficiency measures',
  merge: mergeByMeasureId(COPIED, 'progressUpdate1P3EnergyEfficiencyMeasure'),
  steps: [
    {
      id: 'measures',
      title: 'Update for the energy efficiency measures in the action plan',
      description: ['Give an update for each energy efficiency measure in the action plan.'],
      when: (_, ctx) => (ctx.copied.progressUpdate1P3Measures ?? 0) > 0,
      fields: [
        copiedMeasures(
          'progressUpdate1P3Measures',
          'Energy efficiency measures in the action plan',
          'actionPlanEnergyEfficiencyMeasure.measureName',
          pu1MeasureFields(),
        ),
      ],
    },
    {
      id: 'added-measures',
      title: 'Energy efficiency measures not in the action plan',
      description: [
        'Add any energy efficiency measures implemented by 5 December 2025 that were not in the action plan.',
      ],
      fields: [
        {
          kind: 'list',
          name: 'progressUpdate1P3AddedMeasure',
          label: 'Energy efficiency measures not in the action plan',
          layout: 'pages',
          itemLabel: 'Added measure',
          titleField: 'measureName',
          addLabel: 'Add a measure',
          max: MAX_ADDED_MEASURES,
          maxMessage: ADDED_MEASURES_OVER_LIMIT,
          item: pu1AddedMeasureFields(),
        },
      ],
    },
  ],
  checks: (section) =>
    unansweredMeasures(section, [
      {
        key: 'progressUpdate1P3Measures',
        answers: 'progressUpdate1P3EnergyEfficiencyMeasure',
        nameOf: (m) => (m.actionPlanEnergyEfficiencyMeasure as Values | undefined)?.measureName,
      },
    ]),
};

export const progressUpdate1Report: ReportDefinition<ProgressUpdateContext> = {
  name: 'progress update 1',
  groups: [
    { title: 'Enter information about a change of group', sections: [groupChange] },
    { title: 'Prepare Progress Update', sections: [pu1MeasuresUpdate] },
    { title: 'Confirm', sections: [progressUpdateConfirmation(PU1_MEASURES)] },
  ],
  context: (report, facts) =>
    progressUpdateContext(report, facts, {
      section: PU1_MEASURES,
      copied: COPIED,
      answers: 'progressUpdate1P3EnergyEfficiencyMeasure',
      added: 'progressUpdate1P3AddedMeasure',
    }),
};
