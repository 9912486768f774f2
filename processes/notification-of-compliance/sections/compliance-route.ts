// Compliance route (reference workflows §7.5): the estimates used, and — when energy audits are part
// of the assessment (ESOS 95–100, partial, or under 40,000 kWh with audits) — the 12 months of
// verifiable data, energy consumption profiling and the energy audits; then the parts the
// responsible undertaking may not disclose. The audit questions are absent for the other categories.
import { LONG_TEXT_MAX, longText, optionalQuestionOptions, yesNo } from '../../../domain/reports/common-fields';
import { MAX_INTEGER, MAX_NUMBER_EXCEEDED } from '../../../domain/validation';
import type { Field } from '../../../domain/reports/fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { hasEnergyAudits, sectionPresence, type NotificationContext } from '../category';

export const MAX_ENERGY_AUDITS = 500;

export const ESTIMATES_REQUIRED = 'Select the calculations that used estimates, or that none did';
export const ESTIMATES_EXCLUSIVE =
  'Select ‘The calculations of energy consumption did not use any estimates requiring notification under the ESOS regulations’ on its own';
export const TWELVE_MONTHS_REQUIRED = 'Select yes if all your energy audits used 12 months of verifiable data';
export const TWELVE_MONTHS_REASON_REQUIRED =
  'Enter the extent to which and reasons why your energy audits did not use 12 months of verifiable data';
export const ESTIMATION_METHODS_REQUIRED =
  'Select yes if the methods used for estimated data are recorded in the evidence pack';
export const PROFILING_REQUIRED =
  'Select whether this organisation used energy consumption profiling for all ESOS energy audits';
export const PROFILING_METHODS_REQUIRED =
  'Select yes if the methods used for energy consumption profiling are recorded in the evidence pack';
export const PROFILING_NOT_USED_REQUIRED =
  'Select yes if the evidence pack records why energy consumption profiling was not used';
export const ENERGY_AUDITS_REQUIRED = 'Add at least one energy audit';
export const ENERGY_AUDITS_MAX = `Add no more than ${MAX_ENERGY_AUDITS} energy audits`;
export const PROHIBITED_REQUIRED =
  'Select yes if there are parts of the ESOS report that the responsible undertaking is prohibited from disclosing';
export const PROHIBITED_PARTS_REQUIRED = 'Enter the parts the responsible undertaking is prohibited from disclosing';
export const PROHIBITED_REASON_REQUIRED =
  'Enter the reason the responsible undertaking is prohibited from disclosing them';

export const estimatedCalculationTypes = [
  {
    value: 'TOTAL_OR_SIGNIFICANT_ENERGY_CONSUMPTION',
    text: 'The total energy consumption or, as applicable, significant energy consumption, over the reference period.',
  },
  {
    value: 'CONVERSION_OF_TOTAL_OR_SIGNIFICANT_ENERGY_CONSUMPTION',
    text: 'The conversion of total energy consumption or, as applicable, significant energy consumption into kWh, where it was not measured in those units.',
  },
  {
    value: 'AMOUNT_OF_TOTAL_OR_SIGNIFICANT_ENERGY_CONSUMPTION',
    text: 'The amount of total energy consumption or, as applicable, significant energy consumption attributable to each organisational purpose in kWh.',
  },
  {
    value: 'ENERGY_CONSUMPTION_OVER_TWELVE_MONTHS',
    text: 'The energy consumption over the 12-month period covered by any energy audit.',
  },
  {
    value: 'NONE_OF_THE_ABOVE',
    text: 'The calculations of energy consumption did not use any estimates requiring notification under the ESOS regulations',
    exclusive: true,
  },
];

const audits = (_: unknown, ctx: NotificationContext) => hasEnergyAudits(ctx);

export const energyAuditFields: Field[] = [
  longText(
    'description',
    'Explain where the audit took place and what was covered',
    'Enter where the audit took place and what was covered',
    { summaryLabel: 'Description' },
  ),
  {
    kind: 'number',
    name: 'numberOfSitesCovered',
    label: 'Number of sites covered by the audit (optional)',
    summaryLabel: 'Sites covered',
    integer: true,
    min: 0,
    max: MAX_INTEGER,
    messages: { max: MAX_NUMBER_EXCEEDED },
  },
  {
    kind: 'number',
    name: 'numberOfSitesVisited',
    label: 'Number of sites visited',
    summaryLabel: 'Sites visited',
    required: 'Enter the number of sites visited',
    integer: true,
    min: 0,
    max: MAX_INTEGER,
    messages: { max: MAX_NUMBER_EXCEEDED },
  },
  longText(
    'reason',
    'Reason why the sites visited for the energy audit are considered to be representative of how energy is used by the assets and activities during the period covered by the audit',
    'Enter the reason why the sites visited are representative',
    { summaryLabel: 'Why the sites visited are representative' },
  ),
];

export const complianceRoute: SectionDefinition<NotificationContext> = {
  id: 'complianceRoute',
  title: 'Compliance route',
  applies: sectionPresence.complianceRoute,
  steps: [
    {
      id: 'estimates',
      title: 'Did you use any estimates in relation to the following calculations (as applicable)?',
      fields: [
        {
          kind: 'checkboxes',
          name: 'estimatedCalculationTypes',
          label: 'Did you use any estimates in relation to the following calculations (as applicable)?',
          summaryLabel: 'Estimates used',
          hint: 'Select all that apply.',
          required: ESTIMATES_REQUIRED,
          exclusiveMessage: ESTIMATES_EXCLUSIVE,
          options: estimatedCalculationTypes,
        },
      ],
    },
    {
      id: 'twelve-months-verifiable-data',
      title: 'Did all your energy audits use 12 months of verifiable data?',
      when: audits,
      fields: [
        yesNo(
          'areTwelveMonthsVerifiableDataUsed',
          'Did all your energy audits use 12 months of verifiable data?',
          TWELVE_MONTHS_REQUIRED,
          {
            summaryLabel: 'Energy audits used 12 months of verifiable data',
            no: {
              reveal: [
                {
                  kind: 'textarea',
                  name: 'twelveMonthsVerifiableDataUsedReason',
                  label:
                    'Provide details of the extent to which and reasons why your energy audits did not use 12 months of verifiable data',
                  summaryLabel: 'Why not',
                  required: TWELVE_MONTHS_REASON_REQUIRED,
                  maxLength: LONG_TEXT_MAX,
                },
              ],
            },
          },
        ),
      ],
    },
    {
      id: 'estimation-methods-recorded',
      title: 'Are the methods used for estimated data recorded in the evidence pack?',
      fields: [
        {
          kind: 'radios',
          name: 'areEstimationMethodsRecorded',
          label: 'Are the methods used for estimated data recorded in the evidence pack?',
          summaryLabel: 'Estimation methods recorded in the evidence pack',
          required: ESTIMATION_METHODS_REQUIRED,
          options: optionalQuestionOptions,
        },
      ],
    },
    {
      id: 'energy-consumption-profiling',
      title:
        'Did this organisation use energy consumption profiling for the purpose of analysing its energy consumption for all ESOS energy audits?',
      when: audits,
      fields: [
        {
          kind: 'radios',
          name: 'energyConsumptionProfilingUsed',
          label:
            'Did this organisation use energy consumption profiling for the purpose of analysing its energy consumption for all ESOS energy audits?',
          summaryLabel: 'Energy consumption profiling used',
          required: PROFILING_REQUIRED,
          options: [
            { value: 'YES', text: 'Yes' },
            { value: 'NO', text: 'No' },
            {
              value: 'NOT_APPLICABLE',
              text: 'Not applicable',
              hint: 'All significant energy consumption is covered by ISO 50001 certification, Display Energy Certificates or Green Deal Assessments',
            },
          ],
        },
      ],
    },
    {
      id: 'profiling-methods-recorded',
      title: 'Are the methods used for energy consumption profiling recorded in the evidence pack? (optional)',
      when: (section, ctx) => hasEnergyAudits(ctx) && section.energyConsumptionProfilingUsed === 'YES',
      fields: [
        {
          kind: 'radios',
          name: 'areEnergyConsumptionProfilingMethodsRecorded',
          label: 'Are the methods used for energy consumption profiling recorded in the evidence pack? (optional)',
          summaryLabel: 'Profiling methods recorded in the evidence pack',
          required: PROFILING_METHODS_REQUIRED,
          options: optionalQuestionOptions,
        },
      ],
    },
    {
      id: 'profiling-not-used-recorded',
      title:
        'Does the evidence pack record the extent to which, and the reasons why, energy consumption profiling was not used in the energy audit and the details of the alternative method of analysis used?',
      when: (section, ctx) =>
        hasEnergyAudits(ctx) &&
        (section.energyConsumptionProfilingUsed === 'NO' ||
          section.energyConsumptionProfilingUsed === 'NOT_APPLICABLE'),
      fields: [
        {
          kind: 'radios',
          name: 'isEnergyConsumptionProfilingNotUsedRecorded',
          label:
            'Does the evidence pack record the extent to which, and the reasons why, energy consumption profiling was not used in the energy audit and the details of the alternative method of analysis used?',
          summaryLabel: 'Why profiling was not used recorded in the evidence pack',
          required: PROFILING_NOT_USED_REQUIRED,
          options: optionalQuestionOptions,
        },
      ],
    },
    {
      id: 'energy-audits',
      title: 'Energy audits',
      description: ['Add each energy audit carried out for the ESOS assessment.'],
      when: audits,
      fields: [
        {
          kind: 'list',
          name: 'energyAudits',
          label: 'Energy audits',
          itemLabel: 'Energy audit',
          layout: 'pages',
          columns: [
            { heading: 'Description', field: 'description' },
            { heading: 'Sites covered', field: 'numberOfSitesCovered' },
            { heading: 'Sites visited', field: 'numberOfSitesVisited' },
          ],
          addLabel: 'Add an energy audit',
          min: 1,
          required: ENERGY_AUDITS_REQUIRED,
          max: MAX_ENERGY_AUDITS,
          maxMessage: ENERGY_AUDITS_MAX,
          item: energyAuditFields,
        },
      ],
    },
    {
      id: 'prohibited-disclosing',
      title:
        'Are there any parts of the ESOS report, or supporting information, that the responsible undertaking is prohibited from disclosing to any group undertaking?',
      fields: [
        yesNo(
          'partsProhibitedFromDisclosingExist',
          'Are there any parts of the ESOS report, or supporting information, that the responsible undertaking is prohibited from disclosing to any group undertaking?',
          PROHIBITED_REQUIRED,
          { summaryLabel: 'Parts prohibited from disclosing' },
        ),
      ],
    },
    {
      id: 'prohibited-disclosing-details',
      title:
        'Explain which parts of the ESOS report, or supporting information, the responsible undertaking is prohibited from disclosing',
      when: (section) => section.partsProhibitedFromDisclosingExist === true,
      fields: [
        longText(
          'partsProhibitedFromDisclosing',
          'Which parts of the ESOS report, or supporting information, is the responsible undertaking prohibited from disclosing?',
          PROHIBITED_PARTS_REQUIRED,
          {
            summaryLabel: 'Parts prohibited from disclosing',
          },
        ),
        longText(
          'partsProhibitedFromDisclosingReason',
          'Why is the responsible undertaking prohibited from disclosing them?',
          PROHIBITED_REASON_REQUIRED,
          { summaryLabel: 'Reason' },
        ),
      ],
    },
  ],
};
