import * as v from 'valibot';
import { DATE_INCOMPLETE, DATE_NOT_REAL, DATE_REQUIRED, dateMaxMessage, dateMinMessage } from './messages';

/** Date as typed in a GOV.UK date input: three parts, as text (forms) or numbers (API). */
export interface DateValue {
  day?: string | number | null;
  month?: string | number | null;
  year?: string | number | null;
}

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** The months' names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function partText(part: DateValue['day']): string {
  if (part === null || part === undefined) return '';
  return String(part).trim();
}

export function isDateEmpty(value: DateValue | null | undefined): boolean {
  if (!value) return true;
  return [value.day, value.month, value.year].every((p) => partText(p) === '');
}

export function isDateIncomplete(value: DateValue | null | undefined): boolean {
  if (!value) return false;
  const filled = [value.day, value.month, value.year].filter((p) => partText(p) !== '').length;
  return filled > 0 && filled < 3;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Calendar date of a complete, real value; null otherwise. */
export function parseDateValue(
  value: DateValue | null | undefined,
): { day: number; month: number; year: number } | null {
  if (!value || isDateEmpty(value) || isDateIncomplete(value)) return null;
  const texts = [partText(value.day), partText(value.month), partText(value.year)];
  if (!texts.every((t) => /^\d+$/.test(t))) return null;
  const [day, month, year] = texts.map(Number) as [number, number, number];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return null;
  return { day, month, year };
}

export function isRealDate(value: DateValue | null | undefined): boolean {
  return parseDateValue(value) !== null;
}

/** 'YYYY-MM-DD' of a real date value, else null. */
export function dateValueToIso(value: DateValue | null | undefined): string | null {
  const d = parseDateValue(value);
  if (!d) return null;
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Date value (strings) of 'YYYY-MM-DD…' text or a Date (its UTC calendar day). */
export function toDateValue(date: string | Date | null | undefined): DateValue {
  if (!date) return { day: '', month: '', year: '' };
  if (date instanceof Date)
    return {
      day: String(date.getUTCDate()),
      month: String(date.getUTCMonth() + 1),
      year: String(date.getUTCFullYear()),
    };
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return { day: '', month: '', year: '' };
  return { day: String(Number(m[3])), month: String(Number(m[2])), year: m[1]! };
}

type DateBound = DateValue | string | Date;

function boundIso(bound: DateBound): string {
  if (typeof bound === 'string') return bound.slice(0, 10);
  if (bound instanceof Date) return dateValueToIso(toDateValue(bound)) ?? '';
  return dateValueToIso(bound) ?? '';
}

/** Formats a date as 'd MMMM y': '1 June 2024'. Accepts 'YYYY-MM-DD', a Date (UTC day) or a date value. */
export function formatDateLong(date: DateBound): string {
  const iso = boundIso(date);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${Number(m[1])}`;
}

export interface DateRuleOptions {
  /** Required: an empty date fails with 'Enter a date'. Optional empty dates pass. */
  required?: boolean;
  /** Earliest allowed date (inclusive). */
  min?: DateBound;
  /** Latest allowed date (inclusive). */
  max?: DateBound;
  messages?: Partial<{ required: string; incomplete: string; notReal: string; min: string; max: string }>;
}

/** First failing message of the date rules, or null when the value is acceptable. */
export function dateError(value: DateValue | null | undefined, options: DateRuleOptions = {}): string | null {
  const m = options.messages ?? {};
  if (isDateEmpty(value)) return options.required ? (m.required ?? DATE_REQUIRED) : null;
  if (isDateIncomplete(value)) return m.incomplete ?? DATE_INCOMPLETE;
  const iso = dateValueToIso(value);
  if (iso === null) return m.notReal ?? DATE_NOT_REAL;
  if (options.min !== undefined) {
    const min = boundIso(options.min);
    if (iso < min) return m.min ?? dateMinMessage(formatDateLong(min));
  }
  if (options.max !== undefined) {
    const max = boundIso(options.max);
    if (iso > max) return m.max ?? dateMaxMessage(formatDateLong(max));
  }
  return null;
}

const datePart = v.nullish(v.union([v.string(), v.number()]));

/**
 * Schema of a date value `{ day, month, year }` with the spec's messages. The issue is reported on
 * the date value itself (path of the group), so the error summary links to the date input group.
 * Output: the date value unchanged (use `dateValueToIso` to send it).
 */
export function dateValue(options: DateRuleOptions = {}) {
  return v.pipe(
    v.nullish(v.object({ day: datePart, month: datePart, year: datePart }), null),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const message = dateError(dataset.value, options);
      if (message) addIssue({ message });
    }),
  );
}
