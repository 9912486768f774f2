import * as v from 'valibot';
import {
  INTEGER_NUMBER,
  MAX_NUMBER_EXCEEDED,
  NATURAL_NUMBER,
  NUMERICAL_VALUE,
  POSITIVE_NUMBER,
  WHOLE_NUMBER,
  maxDecimalPlacesMessage,
  maxDigitsMessage,
  maxIntegerPlacesMessage,
  numberFormatMessage,
} from './messages';

/** Maximum integer accepted when a rule has no integer-place bound (spec section 9). */
export const MAX_INTEGER = 2147483647;

/**
 * A numeric value as it reaches a rule: a number (API, transformed form value) or the text typed in
 * an input. Blank values (null, undefined, '' or whitespace) pass every number rule so that the
 * rules can be combined with optional fields; make a field required with a separate rule.
 */
export type NumberLike = number | string | null | undefined;

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

export function isBlankNumber(value: NumberLike): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** True for text such as '12', '-3', '0.25'; false for '1.', '.5', '-', 'abc', '1e3', ' '. */
export function isNumericText(value: string): boolean {
  return NUMERIC_TEXT.test(value.trim());
}

/**
 * The plain decimal text of a value ('1e21' style output of String(number) is expanded), or null
 * when the value is not numeric.
 */
export function toDecimalText(value: NumberLike): string | null {
  if (isBlankNumber(value)) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    if (!/e/i.test(text)) return text;
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  }
  const text = value.trim();
  return isNumericText(text) ? text : null;
}

function toNumber(value: NumberLike): number {
  return typeof value === 'number' ? value : Number(String(value).trim());
}

function parts(text: string): { integer: string; decimals: string } {
  const unsigned = text.replace(/^-/, '');
  const [integer = '', decimals = ''] = unsigned.split('.');
  return { integer, decimals };
}

/** Digits before the decimal point, ignoring leading zeros ('0.5' has 1, '007' has 1). */
function integerPlaces(text: string): number {
  const { integer } = parts(text);
  return integer.replace(/^0+(?=\d)/, '').length;
}

function decimalPlaces(text: string): number {
  return parts(text).decimals.replace(/0+$/, '').length;
}

/**
 * Rule made of a predicate over the decimal text and the number: blank passes, non-numeric text
 * fails with the rule's message too (pair with `numericText()` to get 'Enter a numerical value').
 */
function numberRule<TInput extends NumberLike>(
  test: (text: string, value: number) => boolean,
  message: string,
): v.CheckAction<TInput, string> {
  return v.check<TInput, string>((input) => {
    if (isBlankNumber(input)) return true;
    const text = toDecimalText(input);
    return text !== null && test(text, toNumber(input));
  }, message);
}

/** Text input that must hold a number: 'Enter a numerical value'. */
export function numericText<TInput extends string | null | undefined>(
  message: string = NUMERICAL_VALUE,
): v.CheckAction<TInput, string> {
  return v.check<TInput, string>((input) => isBlankNumber(input) || isNumericText(input as string), message);
}

/** Value > 0: 'Must accept only positive values >0'. */
export const positive = <TInput extends NumberLike>(message: string = POSITIVE_NUMBER) =>
  numberRule<TInput>((_, n) => n > 0, message);

/** Whole number of any sign: 'Must accept only integer values'. */
export const integer = <TInput extends NumberLike>(message: string = INTEGER_NUMBER) =>
  numberRule<TInput>((_, n) => Number.isInteger(n), message);

/** Integer > 0: 'Must accept only positive integer values >0'. */
export const natural = <TInput extends NumberLike>(message: string = NATURAL_NUMBER) =>
  numberRule<TInput>((_, n) => Number.isInteger(n) && n > 0, message);

/** Integer >= 0: 'Must accept only positive integer values or zero'. */
export const whole = <TInput extends NumberLike>(message: string = WHOLE_NUMBER) =>
  numberRule<TInput>((_, n) => Number.isInteger(n) && n >= 0, message);

/** Value <= 2147483647 (for rules without an integer-place bound). */
export const maxInteger = <TInput extends NumberLike>(
  max: number = MAX_INTEGER,
  message: string = MAX_NUMBER_EXCEEDED,
) => numberRule<TInput>((_, n) => n <= max, message);

/** Up to `integerPlaces` digits before and `decimals` digits after the point; optional minus sign. */
export const numberFormat = <TInput extends NumberLike>(
  integerDigits: number,
  decimals: number,
  message: string = numberFormatMessage(integerDigits, decimals),
) => numberRule<TInput>((text) => integerPlaces(text) <= integerDigits && decimalPlaces(text) <= decimals, message);

/** Up to N digits before the decimal point. */
export const maxIntegerPlaces = <TInput extends NumberLike>(
  max: number,
  message: string = maxIntegerPlacesMessage(max),
) => numberRule<TInput>((text) => integerPlaces(text) <= max, message);

/** Up to N digits in total (both sides of the decimal point). */
export const maxDigits = <TInput extends NumberLike>(max: number, message: string = maxDigitsMessage(max)) =>
  numberRule<TInput>((text) => integerPlaces(text) + decimalPlaces(text) <= max, message);

/** Up to N digits after the decimal point. */
export const maxDecimalPlaces = <TInput extends NumberLike>(
  max: number,
  message: string = maxDecimalPlacesMessage(max),
) => numberRule<TInput>((text) => decimalPlaces(text) <= max, message);

/** Turns checked numeric text into a number, and blank into null. */
export const toNumberOrNull = <TInput extends NumberLike>() =>
  v.transform<TInput, number | null>((input) => (isBlankNumber(input) ? null : toNumber(input)));
