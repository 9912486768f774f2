// Questions that several reports (and several sections of one) ask the same way: yes/no, the
// optional yes/no/skip, an address, a contact person, energy by organisational purpose and
// category, a reduction with its cost. Limits and messages from reference workflows §7.5.
import { ADDRESS_LINE1_REQUIRED, CITY_REQUIRED, POSTCODE_REQUIRED, REGISTRATION_NUMBER_FORMAT, REGISTRATION_NUMBER_PATTERN } from '../accounts';
import type { ChoiceOption, Field, GroupField, Issue, NumberField, TextField, Values } from './fields';

export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 10000;
/** Energy in kWh: whole numbers of up to 15 digits (reference §7.5 EnergyConsumption). */
export const ENERGY_DIGITS = 15;

export function yesNo(name: string, label: string, required: string, options: { hint?: string; yes?: Partial<ChoiceOption>; no?: Partial<ChoiceOption>; when?: Field['when']; summaryLabel?: string } = {}): Field {
  return {
    kind: 'radios',
    name,
    label,
    hint: options.hint,
    required,
    inline: !options.yes?.reveal && !options.no?.reveal,
    when: options.when,
    summaryLabel: options.summaryLabel,
    options: [
      { text: 'Yes', ...options.yes, value: true },
      { text: 'No', ...options.no, value: false },
    ],
  };
}

/** OptionalQuestion of the reference: YES | NO | SKIP_QUESTION. */
export const optionalQuestionOptions: ChoiceOption[] = [
  { value: 'YES', text: 'Yes' },
  { value: 'NO', text: 'No' },
  { value: 'SKIP_QUESTION', text: 'Skip this question' },
];

export const text = (name: string, label: string, required?: string, extra: Partial<TextField> = {}): TextField => ({ kind: 'text', name, label, required, maxLength: TEXT_MAX, ...extra });
export const longText = (name: string, label: string, required?: string, extra: Partial<TextField> = {}): TextField => ({ kind: 'textarea', name, label, required, maxLength: LONG_TEXT_MAX, ...extra });

export const kWh = (name: string, label: string, required?: string, extra: Partial<NumberField> = {}): NumberField => ({
  kind: 'number',
  name,
  label,
  required,
  integer: true,
  min: 0,
  digits: ENERGY_DIGITS,
  suffix: 'kWh',
  ...extra,
});

export const pounds = (name: string, label: string, required?: string): NumberField => ({ kind: 'number', name, label, required, min: 0, decimals: 2, digits: ENERGY_DIGITS, prefix: '£' });

export const percent = (name: string, label: string, required?: string, max = 100, maxMessage?: string): NumberField => ({
  kind: 'number',
  name,
  label,
  required,
  integer: true,
  min: 0,
  max,
  suffix: '%',
  messages: { max: maxMessage ?? `Enter a percentage between 0 and ${max}`, min: `Enter a percentage between 0 and ${max}` },
});

export const addressFields = (): Field[] => [
  text('line1', 'Address line 1', ADDRESS_LINE1_REQUIRED),
  text('line2', 'Address line 2 (optional)'),
  text('city', 'Town or city', CITY_REQUIRED, { width: 'two-thirds' }),
  text('county', 'County (optional)', undefined, { width: 'two-thirds' }),
  text('postcode', 'Postcode', POSTCODE_REQUIRED, { maxLength: 64, width: '10', autocomplete: 'postal-code' }),
];

export const address = (name = 'address', label = 'Address'): GroupField => ({ kind: 'group', name, label, fields: addressFields() });

const PHONE = /^[0-9][0-9 ()-]{4,18}[0-9]$/;
const COUNTRY_CODE = /^\+?[0-9]{1,4}$/;

export const phone = (name: string, label: string, required: string | undefined): GroupField => ({
  kind: 'group',
  name,
  label,
  optional: !required,
  summary: 'lines',
  fields: [
    text('countryCode', 'Country code', required ? 'Enter the country code' : undefined, { maxLength: 5, width: '5', pattern: { regex: COUNTRY_CODE, message: 'Enter a country code such as 44' } }),
    text('number', 'Number', required, { maxLength: 20, width: '20', inputType: 'tel', pattern: { regex: PHONE, message: 'Enter a valid phone number' } }),
  ],
  checks: (values) => (!required && (values.countryCode ? !values.number : !!values.number) ? [{ path: values.number ? 'countryCode' : 'number', message: 'Enter both the country code and the number' }] : []),
});

/** ContactPerson (reference §7.5): names, job title, phone, optional mobile, e-mail and address. */
export const contactPersonFields = (options: { jobTitleRequired?: string } = {}): Field[] => [
  text('firstName', 'First name', 'Enter first name', { autocomplete: 'given-name' }),
  text('lastName', 'Last name', 'Enter last name', { autocomplete: 'family-name' }),
  text('jobTitle', options.jobTitleRequired ? 'Job title' : 'Job title (optional)', options.jobTitleRequired),
  phone('phoneNumber', 'Phone number', 'Enter a phone number'),
  phone('mobileNumber', 'Mobile number (optional)', undefined),
  text('email', 'Email address', 'Enter email address', { format: 'email', inputType: 'email', autocomplete: 'email' }),
  address('address', 'Address'),
];

export const organisationalPurposes = [
  ['buildings', 'Buildings'],
  ['transport', 'Transport'],
  ['industrialProcesses', 'Industrial processes'],
  ['otherProcesses', 'Other processes'],
] as const;

export const energySavingCategories = [
  ['energyManagementPractices', 'Energy management practices'],
  ['behaviourChangeInterventions', 'Behaviour change interventions'],
  ['training', 'Training'],
  ['controlsImprovements', 'Controls improvements'],
  ['capitalInvestments', 'Capital investments'],
  ['otherMeasures', 'Other measures'],
] as const;

export const ENERGY_SUM_MISMATCH = 'Sum of energy consumption values should equal the total value';
export const COST_SUM_MISMATCH = 'Sum of energy cost values should equal the total value';

const numberAt = (values: Values, path: string): number | null => {
  const value = path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Values)[k] : undefined), values);
  return typeof value === 'number' ? value : null;
};

/** The sum of the parts given, or null when none is (reference: all null means the total is null). */
export function sumOf(values: Values, paths: readonly string[], decimals = 0): number | null {
  const parts = paths.map((p) => numberAt(values, p)).filter((n): n is number => n !== null);
  if (parts.length === 0) return null;
  const factor = 10 ** decimals;
  return Math.round(parts.reduce((a, b) => a + b, 0) * factor) / factor;
}

/**
 * EnergyConsumption: kWh by organisational purpose and their total. `required`: every part must be
 * given (0 allowed); `positiveTotal`: the total must be above 0.
 */
export function energyConsumption(name: string, label: string, options: { required?: boolean; positiveTotal?: string; hint?: string; when?: Field['when']; optional?: boolean } = {}): GroupField {
  const parts = organisationalPurposes.map(([key, text]) => kWh(key, text, options.required ? `Enter the energy consumption for ${text.toLowerCase()}` : undefined));
  return {
    kind: 'group',
    name,
    label,
    hint: options.hint,
    when: options.when,
    optional: options.optional,
    summary: 'rows',
    fields: [
      ...parts,
      {
        kind: 'computed',
        name: 'total',
        label: 'Total',
        unit: 'kWh',
        compute: (values) => sumOf(values, organisationalPurposes.map(([k]) => k)),
        mismatch: ENERGY_SUM_MISMATCH,
        check: (total) => (options.positiveTotal && !(total !== null && total > 0) ? options.positiveTotal : null),
      },
    ],
  };
}

/** PotentialReductionPair: kWh a year and its cost. */
export const reductionPair = (name: string, label: string, required: boolean): GroupField => ({
  kind: 'group',
  name,
  label,
  summary: 'lines',
  fields: [kWh('energyConsumption', 'Energy (kWh)', required ? `Enter the energy for ${label.toLowerCase()}` : undefined), pounds('energyCost', 'Cost (£)', required ? `Enter the cost for ${label.toLowerCase()}` : undefined)],
});

/**
 * EnergyConsumptionPotentialReduction and EnergySavingsCategoriesPotentialReduction: a pair per
 * purpose (or category) and the totals of energy and of cost.
 */
export function reductionBreakdown(name: string, label: string, parts: readonly (readonly [string, string])[], options: { required?: boolean; hint?: string; when?: Field['when'] } = {}): GroupField {
  const keys = parts.map(([k]) => k);
  return {
    kind: 'group',
    name,
    label,
    hint: options.hint,
    when: options.when,
    summary: 'rows',
    fields: [
      ...parts.map(([key, text]) => reductionPair(key, text, !!options.required)),
      { kind: 'computed', name: 'energyConsumptionTotal', label: 'Total energy', unit: 'kWh', compute: (values) => sumOf(values, keys.map((k) => `${k}.energyConsumption`)), mismatch: ENERGY_SUM_MISMATCH },
      { kind: 'computed', name: 'energyCostTotal', label: 'Total cost', unit: '£', compute: (values) => sumOf(values, keys.map((k) => `${k}.energyCost`), 2), mismatch: COST_SUM_MISMATCH },
    ],
  };
}

export const registrationNumber = (name: string, label: string, required: string): TextField =>
  text(name, label, required, { normalise: 'registrationNumber', maxLength: 8, width: '10', pattern: { regex: REGISTRATION_NUMBER_PATTERN, message: REGISTRATION_NUMBER_FORMAT } });

/** Issues for a value that must be one of the other's answers (e.g. a part not above its total). */
export const issue = (path: string, message: string): Issue => ({ path, message });
