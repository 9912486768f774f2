// The first and second compliance periods (reference workflows §7.5, §13.2): optional historical
// information — the organisational energy consumption (a single total; the second period also asks
// it as a breakdown by purpose, as the real service does), the significant energy consumption and
// its share of it, an explanation of changes, the potential reduction, and for the second period the
// reduction achieved.
import {
  energyConsumption,
  kWh,
  longText,
  optionalQuestionOptions,
  significantEnergyConsumption,
  valuesOf,
} from '../../../domain/reports/common-fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { sectionPresence, type NotificationContext } from '../category';
import { compliancePeriodOf, ordinal } from '../../../domain/phases';
import { longDate } from '../../../domain/scheme-dates';

export type Period = 'first' | 'second';

/** 'The second compliance period lasted from 6 December 2015 to 5 December 2019.' (domain/phases.ts) */
export function periodDates(period: number): string {
  const dates = compliancePeriodOf(period);
  if (!dates) throw new Error(`No dates for compliance period ${period}`);
  return `The ${ordinal(period)} compliance period lasted from ${longDate(dates.from)} to ${longDate(dates.to)}.`;
}

export const PERIOD_DATES: Record<Period, string> = { first: periodDates(1), second: periodDates(2) };

export const informationExistsRequired = (period: Period | string) =>
  `Select whether you want to provide historical information about the ${period} compliance period`;

const provided = (section: Record<string, unknown>) => section.informationExists === 'YES';

/**
 * The organisational energy consumption the significant energy consumption is a share of: the single
 * total, else (second period, drafts saved before the total was asked) the breakdown's total.
 */
function organisationalTotal(section: Record<string, unknown>): number | null {
  const single = section.organisationalEnergyConsumption;
  if (typeof single === 'number') return single;
  const breakdown = valuesOf(section.organisationalEnergyConsumptionBreakdown)?.total;
  return typeof breakdown === 'number' ? breakdown : null;
}

/**
 * The historical questions about an earlier compliance period (by number, or phase 3's words for its
 * two): the latest period before the phase's (`latest`) also asks the consumption's breakdown and
 * the reduction achieved.
 */
export function compliancePeriodSection(
  which: Period | number,
  latest: boolean = which === 'second',
): SectionDefinition<NotificationContext> {
  const n = typeof which === 'number' ? which : which === 'first' ? 1 : 2;
  const period = ordinal(n);
  const other = `the ${period} and ${ordinal(n + 1)}`;
  const id = `${period}CompliancePeriod`;
  const consumptionQuestion = `What was the organisational energy consumption in kWh for the ${period} period? (optional)`;
  const breakdownQuestion = `What was the breakdown of the organisational energy consumption in kWh for the ${period} period? (optional)`;
  return {
    id,
    title: `${period[0]!.toUpperCase()}${period.slice(1)} compliance period`,
    applies: sectionPresence[id] ?? sectionPresence.firstCompliancePeriod,
    steps: [
      {
        id: 'information-exists',
        title: `Do you want to provide historical information about compliance with the scheme during the ${period} compliance period?`,
        description: [periodDates(n)],
        fields: [
          {
            kind: 'radios',
            name: 'informationExists',
            label: `Do you want to provide historical information about compliance with the scheme during the ${period} compliance period?`,
            summaryLabel: 'Historical information provided',
            required: informationExistsRequired(period),
            options: optionalQuestionOptions,
          },
        ],
      },
      {
        id: 'organisational-energy-consumption',
        title: latest
          ? `Organisational energy consumption during the ${period} compliance period`
          : consumptionQuestion,
        when: provided,
        fields: [
          kWh('organisationalEnergyConsumption', consumptionQuestion, undefined, {
            summaryLabel: 'Organisational energy consumption',
          }),
          ...(latest
            ? [energyConsumption('organisationalEnergyConsumptionBreakdown', breakdownQuestion, { optional: true })]
            : []),
        ],
      },
      {
        id: 'significant-energy-consumption',
        title: `What was the significant energy consumption during the ${period} compliance period? (optional)`,
        description: ['Its share of the organisational energy consumption is worked out for you.'],
        when: provided,
        fields: [
          significantEnergyConsumption(
            'significantEnergyConsumption',
            `What was the significant energy consumption during the ${period} compliance period? (optional)`,
            {
              optional: true,
              whole: (env) => organisationalTotal(env.section),
              wholeLabel: 'the organisational energy consumption',
            },
          ),
        ],
      },
      {
        id: 'explanation',
        title: `Explain any changes to total energy consumption between ${other} compliance periods (optional)`,
        when: provided,
        fields: [
          longText(
            'explanation',
            `Explain any changes to total energy consumption between ${other} compliance periods (optional)`,
            undefined,
            { summaryLabel: 'Changes to total energy consumption' },
          ),
        ],
      },
      {
        id: 'potential-reduction',
        title: `How much energy could your organisation have saved annually if measures suggested by your energy audit for the ${period} period were implemented? (optional)`,
        when: provided,
        fields: [
          energyConsumption(
            'potentialReduction',
            `How much energy could your organisation have saved annually if measures suggested by your energy audit for the ${period} period were implemented? (optional)`,
            {
              optional: true,
            },
          ),
        ],
      },
      ...(latest
        ? [
            {
              id: 'reduction-achieved',
              title: `How much energy did your organisation save during the ${period} compliance period? (optional)`,
              when: provided,
              fields: [
                energyConsumption(
                  'reductionAchieved',
                  `How much energy did your organisation save during the ${period} compliance period? (optional)`,
                  { optional: true },
                ),
              ],
            },
          ]
        : []),
    ],
  };
}
