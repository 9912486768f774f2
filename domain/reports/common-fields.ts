// Questions that several reports (and several sections of one) ask the same way: yes/no, the
// optional yes/no/skip, an address, a contact person, energy by organisational purpose and
// category, a reduction with its cost. Limits and messages from reference workflows §7.5.
import {
  ADDRESS_LINE1_REQUIRED,
  CITY_REQUIRED,
  CLASSIFICATION_NAME_REQUIRED,
  CLASSIFICATION_TYPE_REQUIRED,
  CODE_REQUIRED,
  CODES_COUNT,
  MAX_CLASSIFICATION_CODES,
  POSTCODE_REQUIRED,
  REGISTRATION_NUMBER_FORMAT,
  REGISTRATION_NUMBER_PATTERN,
  classificationTypeLabels,
} from '../accounts';
import { formatPhone } from '../phone';
import type { ChoiceOption, Field, FieldEnv, GroupField, Issue, NumberField, TextField, Values } from './fields';

/** Every report's responsible officer confirms all of its statements or none. */
export const CONFIRM_ALL = 'Confirm all the statements before submitting';

export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 10000;
/** Energy in kWh: whole numbers of up to 15 digits (reference §7.5 EnergyConsumption). */
export const ENERGY_DIGITS = 15;

export function yesNo(
  name: string,
  label: string,
  required: string,
  options: {
    hint?: string;
    yes?: Partial<ChoiceOption>;
    no?: Partial<ChoiceOption>;
    when?: Field['when'];
    summaryLabel?: string;
  } = {},
): Field {
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

export const text = (name: string, label: string, required?: string, extra: Partial<TextField> = {}): TextField => ({
  kind: 'text',
  name,
  label,
  required,
  maxLength: TEXT_MAX,
  ...extra,
});
export const longText = (
  name: string,
  label: string,
  required?: string,
  extra: Partial<TextField> = {},
): TextField => ({ kind: 'textarea', name, label, required, maxLength: LONG_TEXT_MAX, ...extra });

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

export const pounds = (name: string, label: string, required?: string): NumberField => ({
  kind: 'number',
  name,
  label,
  required,
  min: 0,
  decimals: 2,
  digits: ENERGY_DIGITS,
  prefix: '£',
});

export const percent = (
  name: string,
  label: string,
  required?: string,
  max = 100,
  maxMessage?: string,
): NumberField => ({
  kind: 'number',
  name,
  label,
  required,
  integer: true,
  min: 0,
  max,
  suffix: '%',
  messages: {
    max: maxMessage ?? `Enter a percentage between 0 and ${max}`,
    min: `Enter a percentage between 0 and ${max}`,
  },
});

export const addressFields = (): Field[] => [
  text('line1', 'Address line 1', ADDRESS_LINE1_REQUIRED),
  text('line2', 'Address line 2 (optional)'),
  text('city', 'Town or city', CITY_REQUIRED, { width: 'two-thirds' }),
  text('county', 'County (optional)', undefined, { width: 'two-thirds' }),
  text('postcode', 'Postcode', POSTCODE_REQUIRED, { maxLength: 64, width: '10', autocomplete: 'postal-code' }),
];

export const address = (name = 'address', label = 'Address'): GroupField => ({
  kind: 'group',
  name,
  label,
  fields: addressFields(),
});

const PHONE = /^[0-9][0-9 ()-]{4,18}[0-9]$/;
const COUNTRY_CODE = /^\+?[0-9]{1,4}$/;

export const phone = (name: string, label: string, required: string | undefined): GroupField => ({
  kind: 'group',
  name,
  label,
  aboutPerson: true,
  optional: !required,
  summary: 'lines',
  format: formatPhone,
  fields: [
    text('countryCode', 'Country code', required ? 'Enter the country code' : undefined, {
      maxLength: 5,
      width: '5',
      pattern: { regex: COUNTRY_CODE, message: 'Enter a country code such as 44' },
    }),
    text('number', 'Number', required, {
      maxLength: 20,
      width: '20',
      inputType: 'tel',
      pattern: { regex: PHONE, message: 'Enter a valid phone number' },
    }),
  ],
  checks: (values) =>
    !required && (values.countryCode ? !values.number : !!values.number)
      ? [{ path: values.number ? 'countryCode' : 'number', message: 'Enter both the country code and the number' }]
      : [],
});

/** ContactPerson (reference §7.5): names, job title, phone, optional mobile, e-mail and address. */
export const contactPersonFields = (options: { jobTitleRequired?: string } = {}): Field[] => [
  text('firstName', 'First name', 'Enter first name', { autocomplete: 'given-name', aboutPerson: true }),
  text('lastName', 'Last name', 'Enter last name', { autocomplete: 'family-name', aboutPerson: true }),
  text('jobTitle', options.jobTitleRequired ? 'Job title' : 'Job title (optional)', options.jobTitleRequired, {
    aboutPerson: true,
  }),
  phone('phoneNumber', 'Phone number', 'Enter a phone number'),
  phone('mobileNumber', 'Mobile number (optional)', undefined),
  text('email', 'Email address', 'Enter email address', {
    format: 'email',
    inputType: 'email',
    autocomplete: 'email',
    aboutPerson: true,
  }),
  { ...address('address', 'Address'), aboutPerson: true },
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
  const value = path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Values)[k] : undefined), values);
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
export function energyConsumption(
  name: string,
  label: string,
  options: {
    required?: boolean;
    partMessage?: (purpose: string) => string;
    positiveTotal?: string;
    hint?: string;
    when?: Field['when'];
    optional?: boolean;
  } = {},
): GroupField {
  const message = options.partMessage ?? ((purpose: string) => `Enter the energy consumption for ${purpose}`);
  const parts = organisationalPurposes.map(([key, text]) =>
    kWh(key, text, options.required ? message(text.toLowerCase()) : undefined),
  );
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
        compute: (values) =>
          sumOf(
            values,
            organisationalPurposes.map(([k]) => k),
          ),
        mismatch: ENERGY_SUM_MISMATCH,
        check: (total) => (options.positiveTotal && !(total !== null && total > 0) ? options.positiveTotal : null),
      },
    ],
  };
}

/** floor(part × 100 / whole) in whole per cent, or null without both (or with nothing to divide by). */
export function percentageOf(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (
    typeof part !== 'number' ||
    typeof whole !== 'number' ||
    whole <= 0 ||
    !Number.isInteger(part) ||
    !Number.isInteger(whole)
  )
    return null;
  // kWh have up to 15 digits: part × 100 can pass 2^53, so divide exactly.
  return Number((BigInt(part) * 100n) / BigInt(whole));
}

/**
 * SignificantEnergyConsumption: EnergyConsumption plus its share of a whole, in whole per cent
 * (floor(total × 100 / whole)). `whole` gives the total it is a share of (another page's answer).
 */
export function significantEnergyConsumption(
  name: string,
  label: string,
  options: {
    whole: (env: FieldEnv<any>) => number | null;
    required?: boolean;
    positiveTotal?: string;
    optional?: boolean;
    hint?: string;
    pctCheck?: (pct: number | null) => string | null;
    checks?: GroupField['checks'];
    /** What the share is of, in its label ('the total energy consumption'). */
    wholeLabel?: string;
  },
): GroupField {
  const base = energyConsumption(name, label, {
    required: options.required,
    partMessage: (purpose) => `Enter the significant energy consumption for ${purpose}`,
    positiveTotal: options.positiveTotal,
    optional: options.optional,
    hint: options.hint,
  });
  return {
    ...base,
    checks: options.checks,
    fields: [
      ...base.fields,
      {
        kind: 'computed',
        name: 'significantEnergyConsumptionPct',
        label: `Share of ${options.wholeLabel ?? 'the total energy consumption'}`,
        unit: '%',
        compute: (values, env) => percentageOf(values.total as number | undefined, options.whole(env)),
        mismatch: SIGNIFICANT_PCT_MISMATCH,
        check: (pct) => options.pctCheck?.(pct) ?? null,
      },
    ],
  };
}

export const SIGNIFICANT_PCT_MISMATCH =
  'The significant energy consumption percentage should equal the significant energy consumption as a share of the total';

/** ClassificationCodes: SIC or another named classification, and 1 to 4 codes (as on the account). */
export const classificationCodes = (
  name = 'codes',
  label = 'Activity codes',
  extra: Partial<GroupField> = {},
): GroupField => ({
  kind: 'group',
  name,
  label,
  summary: 'lines',
  ...extra,
  fields: [
    {
      kind: 'radios',
      name: 'type',
      label: 'Classification type',
      required: CLASSIFICATION_TYPE_REQUIRED,
      options: [
        { value: 'SIC', text: classificationTypeLabels.SIC },
        {
          value: 'OTHER',
          text: classificationTypeLabels.OTHER,
          reveal: [text('otherTypeName', 'Classification name', CLASSIFICATION_NAME_REQUIRED)],
        },
      ],
    },
    {
      kind: 'list',
      name: 'codes',
      label: 'Codes',
      itemLabel: 'Code',
      titleField: 'code',
      layout: 'inline',
      addLabel: 'Add another code',
      min: 1,
      required: CODES_COUNT,
      max: MAX_CLASSIFICATION_CODES,
      maxMessage: CODES_COUNT,
      dropEmpty: true,
      item: [text('code', 'Code', CODE_REQUIRED, { width: '10' })],
    },
  ],
});

/** The account's codes ({type, otherTypeName, codes: string[]}) as the answers of `classificationCodes`. */
export function codesFromAccount(codes: unknown): Values | undefined {
  if (!codes || typeof codes !== 'object' || Array.isArray(codes)) return undefined;
  const c = codes as { type?: unknown; otherTypeName?: unknown; codes?: unknown };
  const list = Array.isArray(c.codes)
    ? c.codes.filter((code): code is string => typeof code === 'string' && code.trim() !== '')
    : [];
  return {
    ...(typeof c.type === 'string' ? { type: c.type } : {}),
    ...(c.type === 'OTHER' && typeof c.otherTypeName === 'string' ? { otherTypeName: c.otherTypeName } : {}),
    codes: list.map((code) => ({ code })),
  };
}

/** PotentialReductionPair: kWh a year and its cost. */
export const reductionPair = (
  name: string,
  label: string,
  required: boolean,
  messages?: { energy: string; cost: string },
): GroupField => ({
  kind: 'group',
  name,
  label,
  summary: 'lines',
  fields: [
    kWh(
      'energyConsumption',
      'Energy (kWh)',
      required ? (messages?.energy ?? `Enter the energy for ${label.toLowerCase()}`) : undefined,
    ),
    pounds(
      'energyCost',
      'Cost (£)',
      required ? (messages?.cost ?? `Enter the cost for ${label.toLowerCase()}`) : undefined,
    ),
  ],
});

/** The messages of a pair that is the page's only question. */
export const REDUCTION_TOTAL_MESSAGES = {
  energy: 'Enter the reduction in energy consumption in kWh',
  cost: 'Enter the reduction in energy spend in £',
};

/**
 * EnergyConsumptionPotentialReduction and EnergySavingsCategoriesPotentialReduction: a pair per
 * purpose (or category) and the totals of energy and of cost.
 */
export function reductionBreakdown(
  name: string,
  label: string,
  parts: readonly (readonly [string, string])[],
  options: { required?: boolean; hint?: string; when?: Field['when'] } = {},
): GroupField {
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
      {
        kind: 'computed',
        name: 'energyConsumptionTotal',
        label: 'Total energy',
        unit: 'kWh',
        compute: (values) =>
          sumOf(
            values,
            keys.map((k) => `${k}.energyConsumption`),
          ),
        mismatch: ENERGY_SUM_MISMATCH,
      },
      {
        kind: 'computed',
        name: 'energyCostTotal',
        label: 'Total cost',
        unit: '£',
        compute: (values) =>
          sumOf(
            values,
            keys.map((k) => `${k}.energyCost`),
            2,
          ),
        mismatch: COST_SUM_MISMATCH,
      },
    ],
  };
}

export const registrationNumber = (
  name: string,
  label: string,
  required: string,
  options: Pick<TextField, 'register'> = {},
): TextField =>
  text(name, label, required, {
    normalise: 'registrationNumber',
    maxLength: 8,
    width: '10',
    pattern: { regex: REGISTRATION_NUMBER_PATTERN, message: REGISTRATION_NUMBER_FORMAT },
    ...options,
  });

/** The value when it is an object of answers (a stored section, a group), else undefined. */
export const valuesOf = (value: unknown): Values | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : undefined;

/** Issues for a value that must be one of the other's answers (e.g. a part not above its total). */
export const issue = (path: string, message: string): Issue => ({ path, message });
