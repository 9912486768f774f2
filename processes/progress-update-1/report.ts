// PROGRESS_UPDATE_1_P3's report (reference workflows §9.3, §9.5): a disaggregated undertaking's
// change of group; an update for each action plan measure, whose questions depend on whether it was
// to be implemented before or after the action plan was submitted; measures not in the action plan;
// the responsible officer's confirmation.
import type { Field, Values } from '../../domain/reports/fields';
import {
  ADDED_MEASURES_OVER_LIMIT,
  MAX_ADDED_MEASURES,
  copiedActionPlanMeasure,
} from '../../domain/reports/measure-fields';
import {
  MEASURE_IMPL_AFTER,
  MEASURE_IMPL_BEFORE,
  PU1_ANSWERS,
  PU1_MEASURES,
  measureImplTypes,
  pu1AddedMeasureFields,
  updateAfterSubmission,
  updateBeforeSubmission,
} from '../../domain/reports/progress-update-1-measures';
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

// The names other code reads progress update 1's answers by (tests, fixtures, the fault run).
export { MEASURE_IMPL_AFTER, MEASURE_IMPL_BEFORE, PU1_MEASURES };

/** progressUpdate1P3Measures: the action plan's measures, each with its update (reference §9.2). */
export const pu1MeasureFields = (): Field[] => [
  uuIdField(),
  { kind: 'radios', name: 'measureImplType', label: 'Implementation', readOnly: true, options: measureImplTypes },
  copiedActionPlanMeasure(),
  answersGroup(
    PU1_ANSWERS,
    'Update for this measure',
    (item) => item.measureImplType === MEASURE_IMPL_BEFORE,
    updateBeforeSubmission(),
  ),
  answersGroup(
    PU1_ANSWERS,
    'Update for this measure',
    (item) => item.measureImplType === MEASURE_IMPL_AFTER,
    updateAfterSubmission(),
  ),
];

const COPIED = ['progressUpdate1P3Measures'];

export const pu1MeasuresUpdate: SectionDefinition<ProgressUpdateContext> = {
  id: PU1_MEASURES,
  title: 'Update for energy efficiency measures',
  merge: mergeByMeasureId(COPIED, PU1_ANSWERS),
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
        answers: PU1_ANSWERS,
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
      answers: PU1_ANSWERS,
      added: 'progressUpdate1P3AddedMeasure',
    }),
};
