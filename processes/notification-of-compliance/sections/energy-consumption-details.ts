// Energy consumption (reference workflows §7.5 energyConsumptionDetails): the total energy
// consumption by organisational purpose, the significant energy consumption (95–100 % of the
// total, required when some energy is not covered by any compliance route), an energy intensity
// ratio for each purpose that used energy, and any additional information.
import { ENERGY_INTENSITY_HELP } from '../help';
import {
  energyConsumption,
  issue,
  longText,
  organisationalPurposes,
  significantEnergyConsumption,
  text,
  valuesOf,
  yesNo,
} from '../../../domain/reports/common-fields';
import type { Field, FieldEnv, Issue, Values } from '../../../domain/reports/fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { routePct, sectionPresence, type NotificationContext } from '../category';

export const MAX_INTENSITY_RATIOS = 20;

export const TOTAL_POSITIVE = 'The total energy consumption must be more than 0 kWh';
export const SEC_EXISTS_REQUIRED = 'Select yes if you have used significant energy consumption';
export const SEC_REQUIRED_WHEN_NOT_AUDITED =
  'Select yes: significant energy consumption must be used when some energy use is not covered by any compliance route';
export const SEC_TOTAL_POSITIVE = 'The total significant energy consumption must be more than 0 kWh';
export const SEC_RANGE = 'The total significant energy consumption must be between 95% and 100%';
export const secPartAboveTotal = (purpose: string, total: number) =>
  `The significant energy consumption for ${purpose} must not be more than its total energy consumption (${total.toLocaleString('en-GB')} kWh)`;
export const RATIO_REQUIRED = 'Enter the energy intensity ratio';
export const RATIO_UNIT_REQUIRED = 'Enter the indicator of activity';
export const ratiosRequired = (purpose: string) => `Add at least one energy intensity ratio for ${purpose}`;
export const RATIOS_MAX = `Add no more than ${MAX_INTENSITY_RATIOS} ratios`;
export const ADDITIONAL_INFORMATION_EXISTS_REQUIRED =
  'Select yes if you want to add more information to give context to the energy intensity ratio';
export const ADDITIONAL_INFORMATION_REQUIRED = 'Enter the additional information';

type Purpose = (typeof organisationalPurposes)[number][0];

const numberIn = (group: unknown, key: string): number | null => {
  const value = valuesOf(group)?.[key];
  return typeof value === 'number' ? value : null;
};

/** The energy of a purpose the intensity ratio is for: the significant figure when it is used, else the total. */
export function consumptionFor(section: Values, purpose: Purpose): number | null {
  return section.significantEnergyConsumptionExists === true
    ? numberIn(section.significantEnergyConsumption, purpose)
    : numberIn(section.totalEnergyConsumption, purpose);
}

const intensityRatio = (purpose: Purpose, label: string): Field => ({
  kind: 'group',
  name: purpose,
  label,
  summary: 'rows',
  when: (_, env) => (consumptionFor(env.section, purpose) ?? 0) > 0,
  fields: [
    {
      kind: 'list',
      name: 'energyIntensityRatios',
      label: `Energy intensity ratios for ${label.toLowerCase()}`,
      itemLabel: 'Ratio',
      layout: 'inline',
      addLabel: 'Add another ratio',
      min: 1,
      required: ratiosRequired(label.toLowerCase()),
      max: MAX_INTENSITY_RATIOS,
      maxMessage: RATIOS_MAX,
      item: [
        {
          kind: 'number',
          name: 'ratio',
          label: 'Energy intensity ratio (kWh)',
          required: RATIO_REQUIRED,
          gt: 0,
          decimals: 6,
          digits: 15,
          suffix: 'kWh',
        },
        text('unit', 'Indicator of activity', RATIO_UNIT_REQUIRED, {
          hint: 'For example, per m2 of floor area, or per tonne of product',
        }),
      ],
    },
    longText(
      'additionalInformation',
      'Additional context about the intensity ratio calculations (optional)',
      undefined,
      { summaryLabel: `Additional context for ${label.toLowerCase()}` },
    ),
  ],
});

/** Each part of the significant energy consumption is at most the same part of the total. */
function secWithinTotal(values: Values, env: FieldEnv<NotificationContext>): Issue[] {
  const total = valuesOf(env.section.totalEnergyConsumption);
  return organisationalPurposes.flatMap(([key, label]) => {
    const part = numberIn(values, key);
    const whole = numberIn(total, key);
    return part !== null && whole !== null && part > whole
      ? [issue(key, secPartAboveTotal(label.toLowerCase(), whole))]
      : [];
  });
}

export const energyConsumptionDetails: SectionDefinition<NotificationContext> = {
  id: 'energyConsumptionDetails',
  title: 'Energy consumption',
  applies: sectionPresence.energyConsumptionDetails,
  steps: [
    {
      id: 'total-energy-consumption',
      title: 'What is the total energy consumption in kWh for the reference period?',
      description: [
        'Enter the energy consumption for each organisational purpose. Enter 0 for a purpose that used no energy.',
      ],
      fields: [
        energyConsumption(
          'totalEnergyConsumption',
          'What is the total energy consumption in kWh for the reference period?',
          { required: true, positiveTotal: TOTAL_POSITIVE },
        ),
      ],
    },
    {
      id: 'significant-energy-consumption-exists',
      title: 'Have you used significant energy consumption?',
      description: [
        'Significant energy consumption is the energy consumption of the assets and activities that make up at least 95% of the total energy consumption.',
      ],
      fields: [
        yesNo(
          'significantEnergyConsumptionExists',
          'Have you used significant energy consumption?',
          SEC_EXISTS_REQUIRED,
          { summaryLabel: 'Significant energy consumption used' },
        ),
      ],
      checks: (values, env) =>
        values.significantEnergyConsumptionExists === false && routePct(env.ctx, 'energyNotAuditedPct') > 0
          ? [issue('significantEnergyConsumptionExists', SEC_REQUIRED_WHEN_NOT_AUDITED)]
          : [],
    },
    {
      id: 'significant-energy-consumption',
      title: 'What is the significant energy consumption in kWh?',
      description: [
        'The significant energy consumption must be between 95% and 100% of the total energy consumption, and no purpose’s figure may be more than its total.',
      ],
      when: (section) => section.significantEnergyConsumptionExists === true,
      fields: [
        significantEnergyConsumption(
          'significantEnergyConsumption',
          'What is the significant energy consumption in kWh?',
          {
            required: true,
            positiveTotal: SEC_TOTAL_POSITIVE,
            whole: (env) => numberIn(env.section.totalEnergyConsumption, 'total'),
            pctCheck: (pct) => (pct !== null && (pct < 95 || pct > 100) ? SEC_RANGE : null),
            checks: secWithinTotal,
          },
        ),
      ],
    },
    {
      id: 'energy-intensity-ratio',
      title: 'What is the energy intensity ratio for each organisational purpose?',
      description: [
        'Give at least one ratio for each organisational purpose that used energy: the energy used in kWh for each unit of an indicator of activity.',
        'Where significant energy consumption is used, the ratios are for the significant energy consumption.',
      ],
      help: ENERGY_INTENSITY_HELP,
      fields: [
        {
          kind: 'group',
          name: 'energyIntensityRatioData',
          label: 'What is the energy intensity ratio for each organisational purpose?',
          summaryLabel: 'Energy intensity ratios',
          summary: 'rows',
          fields: organisationalPurposes.map(([key, label]) => intensityRatio(key, label)),
        },
      ],
    },
    {
      id: 'additional-information',
      title: 'Do you want to add more information to give context to the energy intensity ratio?',
      fields: [
        yesNo(
          'additionalInformationExists',
          'Do you want to add more information to give context to the energy intensity ratio?',
          ADDITIONAL_INFORMATION_EXISTS_REQUIRED,
          {
            summaryLabel: 'Additional information',
            yes: {
              reveal: [
                longText('additionalInformation', 'Enter the additional information', ADDITIONAL_INFORMATION_REQUIRED, {
                  summaryLabel: 'Additional information given',
                }),
              ],
            },
          },
        ),
      ],
    },
  ],
};
