// Energy savings achieved (reference workflows §7.5): the estimate of the energy saved during the
// third compliance period — one total when ISO 50001 covers all the energy, else by organisational
// purpose with an optional breakdown by energy saving category — the share of the savings by the
// source of the recommendation, and any government support received.
import {
  energyConsumption,
  energySavingCategories,
  kWh,
  longText,
  optionalQuestionOptions,
  percent,
  sumOf,
} from '../../../domain/reports/common-fields';
import type { GroupField } from '../../../domain/reports/fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { is, sectionPresence, type NotificationContext } from '../category';

export const TOTAL_ESTIMATE_REQUIRED = 'Enter the estimate of the total energy savings achieved';
export const CATEGORIES_EXIST_REQUIRED =
  'Select whether you have information on the energy savings achieved against energy saving categories';
export const RECOMMENDATIONS_EXIST_REQUIRED =
  'Select whether you have data on the proportion of energy savings from recommendations from different sources';
export const RECOMMENDATIONS_OVER_100 = 'The proportions of energy savings must not add up to more than 100%';

const iso = (ctx: NotificationContext) => is(ctx, 'ISO_50001_COVERING_ENERGY_USAGE');

const sources = [
  ['energyAudits', 'Energy audits'],
  ['alternativeComplianceRoutes', 'Alternative compliance routes'],
  ['other', 'Other sources'],
] as const;

/** EnergySavingsCategories: kWh saved by energy saving category and their total. */
const savingsByCategory: GroupField = {
  kind: 'group',
  name: 'energySavingsCategories',
  label:
    'What is the breakdown of the estimate of the energy savings achieved during the third compliance period by energy saving category?',
  summaryLabel: 'Energy savings achieved by energy saving category',
  summary: 'rows',
  fields: [
    ...energySavingCategories.map(([key, text]) =>
      kWh(key, text, `Enter the energy savings for ${text.toLowerCase()}`),
    ),
    {
      kind: 'computed',
      name: 'total',
      label: 'Total',
      unit: 'kWh',
      compute: (values) =>
        sumOf(
          values,
          energySavingCategories.map(([k]) => k),
        ),
      mismatch: 'Sum of energy savings values should equal the total value',
    },
  ],
};

export const energySavingsAchieved: SectionDefinition<NotificationContext> = {
  id: 'energySavingsAchieved',
  title: 'Energy savings achieved',
  applies: sectionPresence.energySavingsAchieved,
  steps: [
    {
      id: 'total-estimate',
      title: 'What is the estimate of the total energy savings achieved during the third compliance period?',
      description: ['The third compliance period lasted from 6 December 2019 to 5 December 2023.'],
      when: (_, ctx) => iso(ctx),
      offersPlanMeasures: true,
      fields: [
        kWh(
          'totalEnergySavingsEstimation',
          'What is the estimate of the total energy savings achieved during the third compliance period?',
          TOTAL_ESTIMATE_REQUIRED,
          { summaryLabel: 'Total energy savings achieved' },
        ),
      ],
    },
    {
      id: 'estimate-breakdown',
      title: 'What is the breakdown of an estimate of the energy savings achieved during the third compliance period?',
      description: [
        'The third compliance period lasted from 6 December 2019 to 5 December 2023. Enter 0 for a purpose with no savings.',
      ],
      when: (_, ctx) => !iso(ctx),
      offersPlanMeasures: true,
      fields: [
        energyConsumption(
          'energySavingsEstimation',
          'What is the breakdown of an estimate of the energy savings achieved during the third compliance period?',
          {
            required: true,
            partMessage: (purpose) => `Enter the energy savings for ${purpose}`,
          },
        ),
      ],
    },
    {
      id: 'categories-exist',
      title:
        'Do you have any information on the energy savings achieved during the compliance period against different energy saving categories?',
      when: (_, ctx) => !iso(ctx),
      fields: [
        {
          kind: 'radios',
          name: 'energySavingCategoriesExist',
          label:
            'Do you have any information on the energy savings achieved during the compliance period against different energy saving categories?',
          summaryLabel: 'Information by energy saving category',
          required: CATEGORIES_EXIST_REQUIRED,
          options: optionalQuestionOptions,
        },
      ],
    },
    {
      id: 'categories',
      title:
        'What is the breakdown of the estimate of the energy savings achieved during the third compliance period by energy saving category?',
      description: ['Enter 0 for a category with no savings.'],
      when: (section, ctx) => !iso(ctx) && section.energySavingCategoriesExist === 'YES',
      fields: [savingsByCategory],
    },
    {
      id: 'recommendations-exist',
      title:
        'Do you have any data on the proportion of energy savings achieved which relate to recommendations from different sources?',
      fields: [
        {
          kind: 'radios',
          name: 'energySavingsRecommendationsExist',
          label:
            'Do you have any data on the proportion of energy savings achieved which relate to recommendations from different sources?',
          summaryLabel: 'Data on the sources of the savings',
          required: RECOMMENDATIONS_EXIST_REQUIRED,
          options: optionalQuestionOptions,
        },
      ],
    },
    {
      id: 'recommendations',
      title: 'What proportion of the energy savings achieved relate to recommendations from each source?',
      description: ['Give each as a percentage of the energy savings achieved. Enter 0 for a source with no savings.'],
      when: (section) => section.energySavingsRecommendationsExist === 'YES',
      fields: [
        {
          kind: 'group',
          name: 'energySavingsRecommendations',
          label: 'What proportion of the energy savings achieved relate to recommendations from each source?',
          summaryLabel: 'Energy savings by source of recommendation',
          summary: 'rows',
          fields: [
            ...sources.map(([key, text]) => percent(key, text, `Enter the percentage for ${text.toLowerCase()}`)),
            {
              kind: 'computed',
              name: 'total',
              label: 'Total',
              unit: '%',
              compute: (values) =>
                sumOf(
                  values,
                  sources.map(([k]) => k),
                ),
              mismatch: 'Sum of the percentages should equal the total value',
              check: (total) => (total !== null && total > 100 ? RECOMMENDATIONS_OVER_100 : null),
            },
          ],
        },
      ],
    },
    {
      id: 'details',
      title:
        'Enter details of any government support received in order to implement energy saving measures during the compliance period (optional)',
      fields: [
        longText(
          'details',
          'Enter details of any government support received in order to implement energy saving measures during the compliance period (optional)',
          undefined,
          { summaryLabel: 'Government support received' },
        ),
      ],
    },
  ],
};
