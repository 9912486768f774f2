// Questions about energy efficiency measures that the action plan and both progress updates ask:
// the schemes a measure relates to, the action plan's measure (which the progress updates show
// again), savings by organisational purpose, how a reduction was estimated, and the responsible
// officer's confirmation. Texts, options and limits from reference workflows §8.2, §9.3 and §10.3.
import {
  CONFIRM_ALL,
  ENERGY_SUM_MISMATCH,
  kWh,
  longText,
  organisationalPurposes,
  sumOf,
  text,
  yesNo,
} from './common-fields';
import type { ChoiceOption, Field, GroupField, NumberField, Values } from './fields';
import type { ReportData } from './report';

export const MAX_MEASURES = 100;
export const MAX_ADDED_MEASURES = 50;
export const MEASURES_OVER_LIMIT = 'The list of energy efficiency measures cannot exceed 100 items';
export const ADDED_MEASURES_OVER_LIMIT = 'The list of energy efficiency measures cannot exceed 50 items';

export const measureSchemes: ChoiceOption[] = [
  { value: 'CLIMATE_CHANGE_AGREEMENTS_CCA', text: 'Climate Change Agreements (CCAs)' },
  { value: 'STREAMLINED_ENERGY_AND_CARBON_REPORTING_SECR', text: 'Streamlined Energy and Carbon Reporting (SECR)' },
  { value: 'UK_EMISSIONS_TRADING_SCHEME_ETS', text: 'UK Emissions Trading Scheme (ETS)' },
  { value: 'UN_RACE_TO_ZERO', text: 'UN Race to Zero' },
  { value: 'SCIENCE_BASED_TARGETS_INITIATIVE_SBTI', text: 'Science-Based Targets Initiative (SBTI)' },
  {
    value: 'CARBON_REDUCTION_PLANS',
    text: 'Carbon Reduction Plans (required in the procurement of major Government contracts)',
  },
  {
    value: 'OTHER',
    text: 'Other',
    reveal: [text('otherMeasureSchemeName', 'Name of the other scheme or requirement (optional)')],
  },
];

export const measureName = (): Field =>
  text('measureName', 'Enter a name for this measure', 'Enter a name for this measure', {
    summaryLabel: 'Measure name',
  });

/** measureScheme, and otherMeasureSchemeName only with OTHER (reference §8.2). */
export const measureScheme = (): Field => ({
  kind: 'checkboxes',
  name: 'measureScheme',
  label: 'Does the reason for implementing the measure relate to another scheme or requirement? (optional)',
  hint: 'Select any that apply.',
  summaryLabel: 'Related schemes or requirements',
  options: measureSchemes,
});

export const SAVINGS_TOTAL_NOT_POSITIVE = 'Total estimated energy savings must be greater than 0 kWh';

/** totalEnergySavingsExpected: kWh by organisational purpose, each required, the total above 0. */
export const expectedSavings = (): GroupField => ({
  kind: 'group',
  name: 'totalEnergySavingsExpected',
  label: 'Estimate the total energy savings expected from this measure by organisational purpose',
  hint: 'Provide estimates of savings you reasonably expect to achieve during the period between 6 December 2023 and 5 December 2027.',
  summaryLabel: 'Total energy savings expected',
  summary: 'rows',
  fields: [
    ...organisationalPurposes.map(([key, label]) =>
      kWh(key, label, `Enter the expected energy savings for ${label.toLowerCase()}`),
    ),
    {
      kind: 'computed',
      name: 'total',
      label: 'Total',
      unit: 'kWh',
      compute: (values) =>
        sumOf(
          values,
          organisationalPurposes.map(([k]) => k),
        ),
      mismatch: ENERGY_SUM_MISMATCH,
      check: (total) => (total !== null && total > 0 ? null : SAVINGS_TOTAL_NOT_POSITIVE),
    },
  ],
});

export const IMPLEMENTATION_TOO_EARLY = 'The deadline cannot be earlier than December 2023';
export const IMPLEMENTATION_TOO_LATE = 'The deadline cannot be later than December 2027';

export const savingsEstimateTypes: ChoiceOption[] = [
  { value: 'ENERGY_AUDIT', text: 'An energy audit' },
  { value: 'ALTERNATIVE_COMPLIANCE_METHOD', text: 'An alternative compliance method' },
  {
    value: 'OTHER_REASONABLE_ESTIMATION_METHOD',
    text: 'Some other reasonable estimation method',
    reveal: [longText('estimationMethodDescription', 'Describe the method', 'Describe the estimation method')],
  },
];

/** One energy efficiency measure of the action plan (EnergyEfficiencyMeasure, reference §8.2). */
export const actionPlanMeasureFields = (): Field[] => [
  measureName(),
  yesNo(
    'isEnergySavingsOpportunityReportedInAudit',
    'Is this measure a result of an energy savings opportunity reported in an energy audit?',
    'Select yes if this measure is a result of an energy savings opportunity reported in an energy audit',
    {
      summaryLabel: 'Result of an energy savings opportunity reported in an energy audit',
    },
  ),
  measureScheme(),
  expectedSavings(),
  {
    kind: 'month',
    name: 'implementationDateForMeasure',
    label: 'When is the measure expected to be implemented?',
    hint: 'The date must not fall after 5 December 2027.',
    summaryLabel: 'Implementation date',
    required: 'Enter the date the measure is expected to be implemented',
    min: '2023-12',
    max: '2027-12',
    messages: { min: IMPLEMENTATION_TOO_EARLY, max: IMPLEMENTATION_TOO_LATE },
  },
  {
    kind: 'radios',
    name: 'energySavingsEstimateCalculatedType',
    label: 'How was the total energy savings estimate calculated?',
    summaryLabel: 'How the energy savings estimate was calculated',
    required: 'Select how the total energy savings estimate was calculated',
    options: savingsEstimateTypes,
  },
  longText('measureContext', 'Provide context to the measure (optional)'),
];

/** The measures an action plan's report proposes (none when it proposes none). */
export function actionPlanMeasures(actionPlan: ReportData): Values[] {
  const section = actionPlan.energyEfficiencyMeasure as Values | undefined;
  return section?.haveEnergyEfficiencyMeasures === true && Array.isArray(section.energyEfficiencyMeasures)
    ? (section.energyEfficiencyMeasures as Values[])
    : [];
}

/** The action plan's measure as a progress update shows it: the same questions, not asked again. */
export const copiedActionPlanMeasure = (): GroupField => ({
  kind: 'group',
  name: 'actionPlanEnergyEfficiencyMeasure',
  label: 'Measure in the action plan',
  summary: 'rows',
  readOnly: true,
  fields: actionPlanMeasureFields(),
});

// ---------------------------------------------------------------------------------------------
// Progress updates: how a reduction in energy consumption was estimated

export const reductionEstimationMethods: ChoiceOption[] = [
  { value: 'ENERGY_AUDIT', text: 'An energy audit' },
  { value: 'ACTION_PLAN_ESTIMATE', text: 'An estimate in the action plan' },
  {
    value: 'OTHER_METHOD',
    text: 'Some other reasonable estimation method',
    reveal: [longText('estimationMethodDescription', 'Describe the method', 'Describe the estimation method')],
  },
  { value: 'NO_METHOD_USED', text: 'No estimation method used' },
];

/** estimationMethodType; measures not in the action plan cannot use the action plan's estimate. */
export const reductionEstimationMethod = (options: {
  withActionPlanEstimate: boolean;
  when?: Field['when'];
}): Field => ({
  kind: 'radios',
  name: 'estimationMethodType',
  label: 'How was the reduction in energy consumption estimated?',
  summaryLabel: 'Estimation method',
  required: 'Select how the reduction in energy consumption was estimated',
  when: options.when,
  options: options.withActionPlanEstimate
    ? reductionEstimationMethods
    : reductionEstimationMethods.filter((o) => o.value !== 'ACTION_PLAN_ESTIMATE'),
});

/** A reduction in kWh over a period: a whole number above 0, or 0 and more when `zero` is allowed. */
export function reduction(
  name: string,
  period: string,
  options: { required: boolean; zero?: boolean; when?: Field['when'] },
): NumberField {
  const label = `Reduction in energy consumption between ${period}`;
  return {
    ...kWh(
      name,
      options.required ? label : `${label} (optional)`,
      options.required ? `Enter the reduction in energy consumption between ${period}` : undefined,
    ),
    ...(options.zero ? {} : { min: undefined, gt: 0 }),
    when: options.when,
  };
}

export const reportReductionQuestion = (name: string, period: string, when?: Field['when']): Field =>
  yesNo(
    name,
    `Do you want, optionally, to report a reduction in energy consumption for the period between ${period}?`,
    `Select yes if you want to report a reduction in energy consumption between ${period}`,
    {
      when,
      summaryLabel: `Reduction reported between ${period}`,
    },
  );

export const measureImplementedByPlannedDate = (when?: Field['when']): Field =>
  yesNo(
    'measureImplementedByTheDateInActionPlan',
    'Was the measure implemented by the date proposed in the action plan?',
    'Select yes if the measure was implemented by the date proposed in the action plan',
    {
      when,
      summaryLabel: 'Implemented by the date in the action plan',
    },
  );

export const providedContext = (): Field =>
  longText('providedContext', 'Provide any further context about this measure (optional)');

// ---------------------------------------------------------------------------------------------
// Responsible officer confirmation

/**
 * The statements the responsible officer confirms: the first always, the second only when an estimate
 * was made by some other method. Both fields store `confirmations`; each is asked in its own case, so
 * exactly the statements that apply must be confirmed (reference §8.2 and §9.3; the action plan's
 * quirk 5, any set accepted when no measure used another method, is not copied).
 */
export function officerConfirmation(
  legend: string,
  always: ChoiceOption,
  otherMethod: ChoiceOption,
  usesOtherMethod: (ctx: any) => boolean,
): Field[] {
  const field = (options: ChoiceOption[]): Field => ({
    kind: 'checkboxes',
    name: 'confirmations',
    label: legend,
    summaryLabel: 'Responsible officer confirmed',
    options,
    required: CONFIRM_ALL,
    all: CONFIRM_ALL,
  });
  return [
    { ...field([always]), when: (_, env) => !usesOtherMethod(env.ctx) },
    { ...field([always, otherMethod]), when: (_, env) => usesOtherMethod(env.ctx) },
  ];
}
