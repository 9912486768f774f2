// PROGRESS_UPDATE_2_P3's report (reference workflows §10.3): a disaggregated undertaking's change of
// group; an update for each measure of progress update 1 (the action plan's, asked again whether it
// is implemented when progress update 1 said it was not) and for each measure progress update 1
// added; measures added now; the responsible officer's confirmation.
import { longText, yesNo } from '../../domain/reports/common-fields';
import type { Field, Values } from '../../domain/reports/fields';
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
  MEASURE_IMPL_AFTER,
  MEASURE_IMPL_BEFORE,
  PU1_ANSWERS,
  measureImplTypes,
  pu1AddedMeasureFields,
  updateAfterSubmission,
  updateBeforeSubmission,
} from '../../domain/reports/progress-update-1-measures';
import {
  answersGroup,
  copiedAnswers,
  copiedMeasures,
  groupChange,
  mergeByMeasureId,
  progressUpdateConfirmation,
  progressUpdateContext,
  PU2_ANSWERS,
  PU2_MEASURES,
  unansweredMeasures,
  uuIdField,
  type ProgressUpdateContext,
} from '../../domain/reports/progress-update';
import type { ReportDefinition, SectionDefinition } from '../../domain/reports/report';

// The name other code reads progress update 2's answers by (tests, fixtures, the fault run).
export { PU2_MEASURES };

export const PERIOD_2025_2026 = '6 December 2025 and 5 December 2026';

const implemented = (v: Values) => v.measureIsImplemented === true;
/** Progress update 1 said the measure had not been implemented: the question is asked again. */
const askedAgain = (item: Values) => (item[PU1_ANSWERS] as Values | undefined)?.measureIsImplemented === false;

/** A measure not carried out by progress update 1: carried out now, and if so, its reduction. */
export const updateOfUnimplementedMeasure = (): Field[] => [
  yesNo('measureIsImplemented', 'Has the measure been implemented?', 'Select yes if the measure has been implemented', {
    summaryLabel: 'Measure implemented',
  }),
  measureImplementedByPlannedDate(implemented),
  reduction('reductionEnergyConsumption2025To2026', PERIOD_2025_2026, { required: true, when: implemented }),
  reductionEstimationMethod({ withActionPlanEstimate: true, when: implemented }),
  providedContext(),
];

/** Any other measure: a reduction may be reported for the period. */
export const updateReduction = (withActionPlanEstimate: boolean): Field[] => [
  reportReductionQuestion('reportReduction2025To2026', PERIOD_2025_2026),
  reduction('reductionEnergyConsumption2025To2026', PERIOD_2025_2026, {
    required: true,
    when: (v) => v.reportReduction2025To2026 === true,
  }),
  reductionEstimationMethod({ withActionPlanEstimate, when: (v) => v.reportReduction2025To2026 === true }),
  providedContext(),
];

/**
 * progressUpdate2P3Measures: the action plan's measures with progress update 1's answers. The
 * classification of progress update 1 is kept with them, so its answers show under their questions.
 */
export const pu2MeasureFields = (): Field[] => [
  uuIdField(),
  { kind: 'radios', name: 'measureImplType', label: 'Implementation', readOnly: true, options: measureImplTypes },
  copiedActionPlanMeasure(),
  copiedAnswers(
    PU1_ANSWERS,
    'Progress Update 1',
    (item) => item.measureImplType === MEASURE_IMPL_BEFORE,
    updateBeforeSubmission(),
  ),
  copiedAnswers(
    PU1_ANSWERS,
    'Progress Update 1',
    (item) => item.measureImplType === MEASURE_IMPL_AFTER,
    updateAfterSubmission(),
  ),
  answersGroup(PU2_ANSWERS, 'Update for this measure', askedAgain, updateOfUnimplementedMeasure()),
  answersGroup(PU2_ANSWERS, 'Update for this measure', (item) => !askedAgain(item), updateReduction(true)),
];

/** progressUpdate2P3UpdatedAddedMeasures: the measures progress update 1 added (no action plan estimate). */
export const pu2UpdatedAddedMeasureFields = (): Field[] => [
  uuIdField(),
  {
    kind: 'group',
    name: 'progressUpdate1P3AddedMeasure',
    label: 'Measure added in Progress Update 1',
    summary: 'rows',
    readOnly: true,
    fields: pu1AddedMeasureFields(),
  },
  answersGroup(PU2_ANSWERS, 'Update for this measure', () => true, updateReduction(false)),
];

export const pu2AddedMeasureFields = (): Field[] => [
  measureName(),
  measureScheme(),
  reduction('reductionEnergyConsumption2025To2026', PERIOD_2025_2026, { required: true }),
  reductionEstimationMethod({ withActionPlanEstimate: false }),
  longText('measureContext', 'Provide context to the measure (optional)'),
];

const COPIED = ['progressUpdate2P3Measures', 'progressUpdate2P3UpdatedAddedMeasures'];

export const pu2MeasuresUpdate: SectionDefinition<ProgressUpdateContext> = {
  id: PU2_MEASURES,
  title: 'Update for energy efficiency measures',
  merge: mergeByMeasureId(COPIED, PU2_ANSWERS),
  steps: [
    {
      id: 'measures',
      title: 'Update for the energy efficiency measures in the action plan',
      description: ['Give an update for each energy efficiency measure in the action plan.'],
      when: (_, ctx) => (ctx.copied.progressUpdate2P3Measures ?? 0) > 0,
      fields: [
        copiedMeasures(
          'progressUpdate2P3Measures',
          'Energy efficiency measures in the action plan',
          'actionPlanEnergyEfficiencyMeasure.measureName',
          pu2MeasureFields(),
        ),
      ],
    },
    {
      id: 'updated-added-measures',
      title: 'Update for the energy efficiency measures added in Progress Update 1',
      description: ['Give an update for each energy efficiency measure that Progress Update 1 added.'],
      when: (_, ctx) => (ctx.copied.progressUpdate2P3UpdatedAddedMeasures ?? 0) > 0,
      fields: [
        copiedMeasures(
          'progressUpdate2P3UpdatedAddedMeasures',
          'Energy efficiency measures added in Progress Update 1',
          'progressUpdate1P3AddedMeasure.measureName',
          pu2UpdatedAddedMeasureFields(),
        ),
      ],
    },
    {
      id: 'added-measures',
      title: 'Energy efficiency measures not reported before',
      description: [
        'Add any energy efficiency measures implemented by 5 December 2026 that were not in the action plan or Progress Update 1.',
      ],
      fields: [
        {
          kind: 'list',
          name: 'progressUpdate2P3AddedMeasure',
          label: 'Energy efficiency measures not reported before',
          layout: 'pages',
          itemLabel: 'Added measure',
          titleField: 'measureName',
          addLabel: 'Add a measure',
          max: MAX_ADDED_MEASURES,
          maxMessage: ADDED_MEASURES_OVER_LIMIT,
          item: pu2AddedMeasureFields(),
        },
      ],
    },
  ],
  checks: (section) =>
    unansweredMeasures(section, [
      {
        key: 'progressUpdate2P3Measures',
        answers: PU2_ANSWERS,
        nameOf: (m) => (m.actionPlanEnergyEfficiencyMeasure as Values | undefined)?.measureName,
      },
      {
        key: 'progressUpdate2P3UpdatedAddedMeasures',
        answers: PU2_ANSWERS,
        nameOf: (m) => (m.progressUpdate1P3AddedMeasure as Values | undefined)?.measureName,
      },
    ]),
};

export const progressUpdate2Report: ReportDefinition<ProgressUpdateContext> = {
  name: 'progress update 2',
  groups: [
    { title: 'Enter information about a change of group', sections: [groupChange] },
    { title: 'Prepare Progress Update', sections: [pu2MeasuresUpdate] },
    { title: 'Confirm', sections: [progressUpdateConfirmation(PU2_MEASURES)] },
  ],
  context: (report, facts) =>
    progressUpdateContext(report, facts, {
      section: PU2_MEASURES,
      copied: COPIED,
      answers: PU2_ANSWERS,
      added: 'progressUpdate2P3AddedMeasure',
    }),
};
