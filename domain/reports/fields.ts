// The questions of a report as data. A field says what it asks (label, hint, options), what it
// accepts (its rules and messages) and when it is asked. From one field list come: the parsing
// that the SPA's question pages and the server's saves both run (so the same code decides what
// is required and what is pruned), the form values of a page, and the rows of a summary.
//
// Parsing is idempotent: what a field outputs (trimmed text or null, numbers, booleans, ISO dates,
// option values) is also valid input, and parses to itself. The SPA sends parsed values and the
// server parses them again with the same rules.
import { ukDate } from '../deadlines';
import {
  DATE_INCOMPLETE,
  DATE_NOT_REAL,
  DATE_REQUIRED,
  EMAIL_INVALID,
  INTEGER_NUMBER,
  NATURAL_NUMBER,
  NUMERICAL_VALUE,
  POSITIVE_NUMBER,
  WHOLE_NUMBER,
  dateError,
  dateMaxMessage,
  dateMinMessage,
  dateValueToIso,
  formatDateLong,
  isEmail,
  isEmptyField,
  maxDecimalPlacesMessage,
  maxIntegerPlacesMessage,
  maxLengthMessage,
  MONTHS,
  toDateValue,
  toDecimalText,
  type DateValue,
} from '../validation';

export type Values = Record<string, unknown>;

/**
 * A help panel: GOV.UK details, closed until opened. `content` is paragraphs, a list being a
 * paragraph given as an array of its items. Shown on the question pages only: summaries, documents,
 * MI reports and published data are made of answers and leave help out.
 */
export interface Help {
  /** The panel's summary line; usually 'Help me answer this question'. */
  title: string;
  content: (string | string[])[];
}

/** A problem with an answer: the dotted path of the field (relative to where it was parsed). */
export interface Issue {
  path: string;
  message: string;
}

/** What a field's conditions and checks may look at besides the values of its own page. */
export interface FieldEnv<C = unknown> {
  /** What the report's other answers decide (e.g. the notification's category). */
  ctx: C;
  /** The section's answers parsed so far (earlier pages), for rules across pages. */
  section: Values;
}

export interface ChoiceOption {
  value: string | boolean;
  text: string;
  hint?: string;
  /** Fields revealed under this option; asked (and kept) only while it is chosen. */
  reveal?: Field[];
  /** 'None of the above': must be the only choice. */
  exclusive?: boolean;
}

interface Common {
  /** The key of the answer in its page's (or group's) values. */
  name: string;
  label: string;
  hint?: string;
  /** The label in summaries when it differs from the question. */
  summaryLabel?: string;
  /** An expandable help panel under the question (never in summaries, documents or MI). */
  help?: Help;
  /** Asked only when this holds for the values before it (and the report's context); else absent. */
  when?: (values: Values, env: FieldEnv<any>) => boolean;
  /**
   * Owned by the server (e.g. an action plan measure copied into a progress update): shown, never
   * asked; its stored value passes through parsing unchanged. The section's `merge` keeps what is sent
   * from replacing it.
   */
  readOnly?: boolean;
  /** Kept with the answers but never shown (an id). */
  hidden?: boolean;
  /**
   * Is the answer about a natural person — a name, an e-mail address, a telephone number, a postal
   * address, a job title, a membership number or professional body, anything that names or reaches
   * someone? `true`: published data never holds it (domain/reports/columns.ts `publishedFields`).
   * `false`: it is about the organisation and may be published. A field that looks personal (its
   * name, label, autocomplete or format: `looksPersonal`) must say which; a test fails otherwise.
   */
  aboutPerson?: boolean;
}

export interface TextField extends Common {
  kind: 'text' | 'textarea';
  required?: string;
  maxLength?: number;
  format?: 'email';
  pattern?: { regex: RegExp; message: string };
  /** Compared and stored upper case without spaces (registration numbers). */
  normalise?: 'registrationNumber';
  /**
   * A company registration number that must be on the company register: `message` when it is not
   * (checked where it is entered, on the summary and task list, and on submission); `nameField`, the
   * answer beside it naming the organisation, is compared with the register's name for the number.
   */
  register?: { message: string; nameField?: string };
  width?: 'full' | 'three-quarters' | 'two-thirds' | 'one-half' | 'one-third' | '20' | '10' | '5';
  autocomplete?: string;
  inputType?: 'email' | 'tel' | 'text';
}

export interface NumberField extends Common {
  kind: 'number';
  required?: string;
  integer?: boolean;
  /** Smallest value allowed (inclusive); `gt` for a strict bound. */
  min?: number;
  gt?: number;
  max?: number;
  /** Digits before the decimal point. */
  digits?: number;
  decimals?: number;
  prefix?: string;
  suffix?: string;
  messages?: Partial<Record<'integer' | 'min' | 'max' | 'digits' | 'decimals', string>>;
}

export interface ChoiceField extends Common {
  kind: 'radios' | 'select';
  options: ChoiceOption[];
  required?: string;
  inline?: boolean;
}

export interface CheckboxesField extends Common {
  kind: 'checkboxes';
  options: ChoiceOption[];
  /** At least one must be chosen. */
  required?: string;
  /** Every option must be chosen (statements to confirm). */
  all?: string;
  exclusiveMessage?: string;
}

export interface DateField extends Common {
  kind: 'date';
  required?: string;
  /** 'YYYY-MM-DD', inclusive; `max` may be 'today': the UK day when it is checked (no date in the future). */
  min?: string;
  max?: string;
  messages?: Partial<Record<'min' | 'max', string>>;
}

export interface MonthField extends Common {
  kind: 'month';
  required?: string;
  /** 'YYYY-MM', inclusive. */
  min?: string;
  max?: string;
  messages?: Partial<Record<'min' | 'max' | 'notReal', string>>;
}

export interface GroupField extends Common {
  kind: 'group';
  fields: Field[];
  /** A group whose answers are all empty is null, not an error of each of its fields. */
  optional?: boolean;
  /** Rules across the group's answers, checked once each answer is valid. */
  checks?: (values: Values, env: FieldEnv<any>) => Issue[];
  /** How the summary shows it: one row with the parts on lines, or a row per field. */
  summary?: 'lines' | 'rows';
  /** One row in its own words (a phone number '+44 1632 960001'), instead of its parts on lines; null when nothing is given. */
  format?: (values: Values) => string | null;
}

export interface ListField extends Common {
  kind: 'list';
  item: Field[];
  /** Fewest items; `required` is the message when there are fewer. */
  min?: number;
  required?: string;
  max?: number;
  maxMessage?: string;
  /** 'Ratio', 'Organisation': items are called '{itemLabel} {n}'. */
  itemLabel: string;
  /** Items edited in place on the page (small items), or each on a page of its own. */
  layout: 'inline' | 'pages';
  /** Items left entirely blank are dropped (an optional list whose page shows one empty item). */
  dropEmpty?: boolean;
  addLabel?: string;
  checks?: (items: Values[], env: FieldEnv<any>) => Issue[];
  /** The item field that names an item in lists and summaries (a dotted path into the item). */
  titleField?: string;
  /** The server decides the items (its `merge` keeps them): none is added or removed on the page. */
  fixedItems?: boolean;
  /**
   * With `layout: 'pages'`: the columns of the list's summary table (a heading and the dotted path
   * of the item's answer it shows); without them, the item's title alone.
   */
  columns?: { heading: string; field: string }[];
  /** With `layout: 'pages'`: the summary table's order: as added (default), or by title A to Z. */
  order?: 'added' | 'title';
  /**
   * With `layout: 'pages'`: a row the table shows first, on its first page, that is not an item of
   * the list (the responsible undertaking above its organisations): its answers for the columns
   * (null when there is nothing to show), the words under its title, and the page that changes it.
   * It has no Remove, and counts as a row in the paging.
   */
  leadingRow?: {
    item: (env: FieldEnv<any>) => Values | null;
    caption: string;
    change: { section: string; step: string };
  };
}

/** A value worked out from the others (a total, a percentage): shown, never typed. */
export interface ComputedField extends Common {
  kind: 'computed';
  compute: (values: Values, env: FieldEnv<any>) => number | null;
  /** When an API caller sends a value that is not the computed one. */
  mismatch?: string;
  unit?: 'kWh' | '%' | '£';
  /** Checked on the computed value. */
  check?: (value: number | null, values: Values, env: FieldEnv<any>) => string | null;
}

export type Field =
  | TextField
  | NumberField
  | ChoiceField
  | CheckboxesField
  | DateField
  | MonthField
  | GroupField
  | ListField
  | ComputedField;

// ---------------------------------------------------------------------------------------------
// Parsing

type Parsed = { ok: true; value: unknown } | { ok: false; issues: Issue[] };
const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (message: string, path = ''): Parsed => ({ ok: false, issues: [{ path, message }] });

/** The fields of a list as they are asked: each option's revealed fields follow their question. */
export function flatFields(fields: readonly Field[]): Field[] {
  const out: Field[] = [];
  for (const field of fields) {
    out.push(field);
    if (field.kind === 'radios' || field.kind === 'checkboxes' || field.kind === 'select') {
      for (const option of field.options) {
        for (const revealed of option.reveal ?? []) {
          const chosen = (values: Values) =>
            field.kind === 'checkboxes'
              ? Array.isArray(values[field.name]) && (values[field.name] as unknown[]).includes(option.value)
              : values[field.name] === option.value;
          const own = revealed.when;
          out.push(
            ...flatFields([
              { ...revealed, when: (values, env) => chosen(values) && (own ? own(values, env) : true) } as Field,
            ]),
          );
        }
      }
    }
  }
  return out;
}

const join = (...parts: (string | number)[]) => parts.filter((p) => p !== '').join('.');

function prefixIssues(issues: Issue[], prefix: string | number): Issue[] {
  return issues.map((i) => ({ ...i, path: join(prefix, i.path) }));
}

function parseText(field: TextField, raw: unknown): Parsed {
  if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number')
    return fail(field.required ?? `Enter ${field.label.toLowerCase()}`);
  let text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (field.normalise === 'registrationNumber') text = text.replace(/\s+/g, '').toUpperCase();
  if (text === '') return field.required ? fail(field.required) : ok(null);
  if (field.maxLength !== undefined && text.length > field.maxLength) return fail(maxLengthMessage(field.maxLength));
  if (field.format === 'email' && !isEmail(text)) return fail(EMAIL_INVALID);
  if (field.pattern && !field.pattern.regex.test(text)) return fail(field.pattern.message);
  return ok(text);
}

function digitsBefore(text: string): number {
  return text
    .replace(/^-/, '')
    .split('.')[0]!
    .replace(/^0+(?=\d)/, '').length;
}

/** The spec's messages for the usual bounds (section 5, shared field rules). */
function rangeMessageOf(field: NumberField): string {
  if (field.integer) return field.gt === 0 ? NATURAL_NUMBER : WHOLE_NUMBER;
  if (field.gt === 0) return POSITIVE_NUMBER;
  return field.min === 0 ? 'Enter a number that is 0 or more' : NUMERICAL_VALUE;
}

function parseNumber(field: NumberField, raw: unknown): Parsed {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return field.required ? fail(field.required) : ok(null);
  if (typeof raw !== 'number' && typeof raw !== 'string') return fail(NUMERICAL_VALUE);
  const text = toDecimalText(typeof raw === 'string' ? raw.replace(/,/g, '') : raw);
  if (text === null) return fail(NUMERICAL_VALUE);
  const value = Number(text);
  const m = field.messages ?? {};
  const rangeMessage = rangeMessageOf(field);
  if (field.integer && !Number.isInteger(value))
    return fail(m.integer ?? (field.gt === 0 || field.min === 0 ? rangeMessage : INTEGER_NUMBER));
  if (field.gt !== undefined && !(value > field.gt)) return fail(m.min ?? rangeMessage);
  if (field.min !== undefined && value < field.min) return fail(m.min ?? rangeMessage);
  if (field.digits !== undefined && digitsBefore(text) > field.digits)
    return fail(m.digits ?? maxIntegerPlacesMessage(field.digits));
  if (field.max !== undefined && value > field.max) return fail(m.max ?? `Enter a number no greater than ${field.max}`);
  const decimals = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (decimals > (field.integer ? 0 : (field.decimals ?? 20)))
    return fail(m.decimals ?? maxDecimalPlacesMessage(field.decimals ?? 0));
  return ok(value);
}

function optionOf(options: readonly ChoiceOption[], raw: unknown): ChoiceOption | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  return options.find((o) => o.value === raw || String(o.value) === String(raw));
}

function parseChoice(field: ChoiceField, raw: unknown): Parsed {
  if (raw === null || raw === undefined || raw === '') return field.required ? fail(field.required) : ok(null);
  const option = optionOf(field.options, raw);
  return option ? ok(option.value) : fail(field.required ?? 'Select an option');
}

function parseCheckboxes(field: CheckboxesField, raw: unknown): Parsed {
  const list = raw === null || raw === undefined || raw === false ? [] : Array.isArray(raw) ? raw : [raw];
  const chosen: (string | boolean)[] = [];
  for (const item of list) {
    const option = optionOf(field.options, item);
    if (!option) return fail(field.required ?? 'Select an option');
    if (!chosen.includes(option.value)) chosen.push(option.value);
  }
  // Keep the options' order, so the same choices always give the same value.
  const ordered = field.options.map((o) => o.value).filter((value) => chosen.includes(value));
  if (ordered.length === 0) return field.required ? fail(field.required) : ok([]);
  const exclusive = field.options.find((o) => o.exclusive && ordered.includes(o.value));
  if (exclusive && ordered.length > 1) return fail(field.exclusiveMessage ?? `Select '${exclusive.text}' on its own`);
  if (field.all && ordered.length !== field.options.length) return fail(field.all);
  return ok(ordered);
}

function isIsoDate(raw: unknown): raw is string {
  return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw);
}

function parseDate(field: DateField, raw: unknown): Parsed {
  const value: DateValue | null = isIsoDate(raw)
    ? toDateValue(raw)
    : raw && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as DateValue)
      : raw === null || raw === undefined || raw === ''
        ? null
        : { day: 'x', month: 'x', year: 'x' };
  const message = dateError(value, {
    required: !!field.required,
    min: field.min,
    max: field.max === 'today' ? ukDate(new Date()) : field.max,
    messages: { required: field.required, min: field.messages?.min, max: field.messages?.max },
  });
  if (message) return fail(message);
  return ok(dateValueToIso(value));
}

export interface MonthValue {
  month?: string | number | null;
  year?: string | number | null;
}

/** 'December 2023' of '2023-12'. */
export function formatMonth(value: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[1])}` : value;
}

function parseMonth(field: MonthField, raw: unknown): Parsed {
  let parts: MonthValue | null = null;
  if (typeof raw === 'string' && /^\d{4}-\d{2}$/.test(raw)) parts = { year: raw.slice(0, 4), month: raw.slice(5, 7) };
  else if (raw && typeof raw === 'object' && !Array.isArray(raw)) parts = raw as MonthValue;
  else if (raw !== null && raw !== undefined && raw !== '') return fail(field.messages?.notReal ?? DATE_NOT_REAL);
  const texts = [parts?.month, parts?.year].map((p) => (p === null || p === undefined ? '' : String(p).trim()));
  if (texts.every((t) => t === '')) return field.required ? fail(field.required ?? DATE_REQUIRED) : ok(null);
  if (texts.some((t) => t === '')) return fail(DATE_INCOMPLETE);
  const [month, year] = texts.map(Number) as [number, number];
  if (!texts.every((t) => /^\d+$/.test(t)) || month < 1 || month > 12 || year < 1900 || year > 2100)
    return fail(field.messages?.notReal ?? DATE_NOT_REAL);
  const iso = `${year}-${String(month).padStart(2, '0')}`;
  if (field.min && iso < field.min) return fail(field.messages?.min ?? dateMinMessage(formatMonth(field.min)));
  if (field.max && iso > field.max) return fail(field.messages?.max ?? dateMaxMessage(formatMonth(field.max)));
  return ok(iso);
}

/** Parses the answers of a list of fields (a page, a group, a list item): values, or every issue. */
export function parseFields(
  fields: readonly Field[],
  raw: unknown,
  env: FieldEnv<any>,
): { values: Values; issues: Issue[]; asked: Set<string> } {
  const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Values) : {};
  const values: Values = {};
  const issues: Issue[] = [];
  const asked = new Set<string>();
  for (const field of flatFields(fields)) {
    if (field.when && !field.when(values, env)) continue;
    asked.add(field.name);
    // A total or share of answers that are not valid means nothing: only their own messages show.
    if (field.kind === 'computed' && issues.length > 0) continue;
    const result = parseField(field, input[field.name], values, env);
    if (result.ok) {
      if (result.value !== null && result.value !== undefined) values[field.name] = result.value;
    } else {
      issues.push(...prefixIssues(result.issues, field.name));
    }
  }
  return { values, issues, asked };
}

export function parseField(field: Field, raw: unknown, siblings: Values, env: FieldEnv<any>): Parsed {
  if (field.readOnly) return ok(raw ?? null);
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return parseText(field, raw);
    case 'number':
      return parseNumber(field, raw);
    case 'radios':
    case 'select':
      return parseChoice(field, raw);
    case 'checkboxes':
      return parseCheckboxes(field, raw);
    case 'date':
      return parseDate(field, raw);
    case 'month':
      return parseMonth(field, raw);
    case 'group': {
      if (raw !== null && raw !== undefined && (typeof raw !== 'object' || Array.isArray(raw)))
        return fail(`Enter ${field.label.toLowerCase()}`);
      if (field.optional && isEmptyField(raw)) return ok(null);
      const { values, issues } = parseFields(field.fields, raw, env);
      // Rules across the group's answers hold only between valid answers (as a page's and a list's).
      if (issues.length === 0) issues.push(...(field.checks?.(values, env) ?? []));
      return issues.length ? { ok: false, issues } : ok(values);
    }
    case 'list': {
      if (raw !== null && raw !== undefined && !Array.isArray(raw))
        return fail(field.required ?? `Add ${field.itemLabel.toLowerCase()}`);
      const items = ((raw as unknown[] | null | undefined) ?? []).filter(
        (item) => !(field.dropEmpty && isEmptyField(item)),
      );
      if (field.max !== undefined && items.length > field.max)
        return fail(field.maxMessage ?? `Add no more than ${field.max} items`);
      if (items.length < (field.min ?? 0))
        return fail(field.required ?? `Add at least ${field.min} ${field.itemLabel.toLowerCase()}`);
      const out: Values[] = [];
      const issues: Issue[] = [];
      items.forEach((item, index) => {
        const parsed = parseFields(field.item, item, env);
        out.push(parsed.values);
        issues.push(...prefixIssues(parsed.issues, index));
      });
      if (issues.length === 0) issues.push(...(field.checks?.(out, env) ?? []));
      return issues.length ? { ok: false, issues } : ok(out);
    }
    case 'computed': {
      const value = field.compute(siblings, env);
      if (field.mismatch && raw !== null && raw !== undefined && raw !== '' && Number(raw) !== value)
        return fail(field.mismatch);
      const problem = field.check?.(value, siblings, env);
      return problem ? fail(problem) : ok(value);
    }
  }
}

/** The names of the answers a list of fields owns (revealed fields included). */
export function fieldNames(fields: readonly Field[]): string[] {
  return flatFields(fields).map((f) => f.name);
}

/** Drops the answers of fields that are not asked for these values (a changed answer hides them). */
export function pruneFields(fields: readonly Field[], values: Values, env: FieldEnv<any>): Values {
  const out: Values = {};
  for (const field of flatFields(fields)) {
    if (field.when && !field.when(out, env)) continue;
    if (!(field.name in values)) continue;
    const value = values[field.name];
    if (field.kind === 'group' && value && typeof value === 'object')
      out[field.name] = pruneFields(field.fields, value as Values, env);
    else if (field.kind === 'list' && Array.isArray(value))
      out[field.name] = value.map((item) =>
        item && typeof item === 'object' ? pruneFields(field.item, item as Values, env) : item,
      );
    else out[field.name] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Form values: what a page's inputs hold for stored answers (inputs hold text)

export function toFormValues(fields: readonly Field[], values: Values | null | undefined): Values {
  const out: Values = {};
  for (const field of flatFields(fields)) out[field.name] = toFormValue(field, values?.[field.name]);
  return out;
}

function toFormValue(field: Field, value: unknown): unknown {
  if (field.readOnly) return value ?? null;
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return value === null || value === undefined ? '' : String(value);
    case 'number':
    case 'computed':
      return value === null || value === undefined ? '' : String(value);
    case 'radios':
    case 'select':
      return value === null || value === undefined ? '' : String(value);
    case 'checkboxes':
      return Array.isArray(value) ? value.map(String) : [];
    case 'date':
      return isIsoDate(value)
        ? toDateValue(value)
        : value && typeof value === 'object'
          ? value
          : { day: '', month: '', year: '' };
    case 'month':
      return typeof value === 'string' && /^\d{4}-\d{2}$/.test(value)
        ? { month: String(Number(value.slice(5, 7))), year: value.slice(0, 4) }
        : { month: '', year: '' };
    case 'group':
      return toFormValues(field.fields, value as Values | undefined);
    case 'list':
      return Array.isArray(value) ? value.map((item) => toFormValues(field.item, item as Values)) : [];
  }
}

// ---------------------------------------------------------------------------------------------
// Summaries: the answers as the summary pages, the read-only views and documents show them

export interface AnswerRow {
  /** The question. */
  key: string;
  /** The answer, one entry per line. */
  value: string[];
  /** The top-level answer the row belongs to (for 'Change' links). */
  field: string;
}

const NOT_GIVEN = 'Not provided';

/** A number as answers show it: grouped, with its unit (or the pound sign). */
export function formatNumber(value: number, field: { prefix?: string; suffix?: string; unit?: string }): string {
  const text = value.toLocaleString('en-GB', { maximumFractionDigits: 6 });
  if (field.prefix || field.unit === '£') return `${field.prefix ?? '£'}${text}`;
  const suffix = field.suffix ?? field.unit;
  return suffix ? `${text}${suffix === '%' ? '%' : ` ${suffix}`}` : text;
}

/** One answer as text lines. */
export function formatAnswer(field: Field, value: unknown, env?: FieldEnv<any>): string[] {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0 && field.kind !== 'list'))
    return [NOT_GIVEN];
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return String(value).split('\n');
    case 'number':
    case 'computed':
      return [formatNumber(Number(value), field.kind === 'number' ? field : { unit: field.unit })];
    case 'radios':
    case 'select':
      return [optionOf(field.options, value)?.text ?? String(value)];
    case 'checkboxes':
      return (value as unknown[]).map((v) => optionOf(field.options, v)?.text ?? String(v));
    case 'date':
      return [formatDateLong(String(value))];
    case 'month':
      return [formatMonth(String(value))];
    case 'group':
      if (field.format) return [field.format(value as Values) ?? NOT_GIVEN];
      return answerRows(field.fields, value as Values, env).flatMap((row) =>
        field.summary === 'rows'
          ? [`${row.key}: ${row.value.join(', ')}`]
          : row.value.filter((line) => line !== NOT_GIVEN),
      );
    case 'list': {
      const items = value as Values[];
      if (items.length === 0) return ['None'];
      return items.map((item, i) => itemTitle(field, item, i));
    }
  }
}

/** How a list item is named: its title field, or '{itemLabel} {n}'. */
export function itemTitle(field: ListField, item: Values, index: number): string {
  const title = field.titleField
    ? field.titleField
        .split('.')
        .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Values)[k] : undefined), item)
    : null;
  return typeof title === 'string' && title !== '' ? title : `${field.itemLabel} ${index + 1}`;
}

/** The rows of a list of fields for these answers: only what is asked, in the order asked. */
export function answerRows(
  fields: readonly Field[],
  values: Values | null | undefined,
  env?: FieldEnv<any>,
): AnswerRow[] {
  const rows: AnswerRow[] = [];
  const seen: Values = {};
  for (const field of flatFields(fields)) {
    if (field.when && !field.when(seen, env ?? { ctx: undefined, section: {} })) continue;
    const value = values?.[field.name];
    if (value !== undefined) seen[field.name] = value;
    if (field.hidden) continue;
    if (field.kind === 'group' && field.summary === 'rows') {
      for (const row of answerRows(field.fields, value as Values | undefined, env))
        rows.push({ ...row, field: field.name });
      continue;
    }
    if (field.kind === 'list' && field.layout === 'pages') {
      const items = (value as Values[] | undefined) ?? [];
      if (items.length === 0) rows.push({ key: field.summaryLabel ?? field.label, value: ['None'], field: field.name });
      items.forEach((item, i) => {
        rows.push({
          key: itemTitle(field, item, i),
          value: answerRows(field.item, item, env).map((r) => `${r.key}: ${r.value.join(', ')}`),
          field: field.name,
        });
      });
      continue;
    }
    if (field.kind === 'list') {
      const items = (value as Values[] | undefined) ?? [];
      rows.push({
        key: field.summaryLabel ?? field.label,
        value:
          items.length === 0
            ? ['None']
            : items.map((item) =>
                answerRows(field.item, item, env)
                  .map((r) => r.value.join(' '))
                  .join(', '),
              ),
        field: field.name,
      });
      continue;
    }
    rows.push({ key: field.summaryLabel ?? field.label, value: formatAnswer(field, value, env), field: field.name });
  }
  return rows;
}
