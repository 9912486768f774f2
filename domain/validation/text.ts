import * as v from 'valibot';
import { EMAIL_INVALID, REQUIRED_VALUE, maxLengthMessage } from './messages';

/** Trims text and turns blank (or missing) text into null. */
export function trimToNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Transformation for schemas: `v.pipe(v.nullish(v.string()), trimmedOrNull())`. */
export const trimmedOrNull = <TInput extends string | null | undefined>() =>
  v.transform<TInput, string | null>((input) => trimToNull(input));

/** Text length limit (textareas use 1200): 'Enter up to 1200 characters'. Null passes. */
export const maxLengthText = <TInput extends string | null | undefined>(
  max: number,
  message: string = maxLengthMessage(max),
) => v.check<TInput, string>((input) => input === null || input === undefined || input.length <= max, message);

/** Fails for null, undefined and blank text. */
export const requiredValue = <TInput>(message: string = REQUIRED_VALUE) =>
  v.check<TInput, string>(
    (input) => !(input === null || input === undefined || (typeof input === 'string' && input.trim() === '')),
    message,
  );

/**
 * Optional text field: trimmed, blank becomes null, with an optional length limit.
 * Output: string | null.
 */
export function optionalText(options: { maxLength?: number } = {}) {
  return v.pipe(
    v.nullish(v.string()),
    trimmedOrNull(),
    maxLengthText<string | null>(
      options.maxLength ?? Number.POSITIVE_INFINITY,
      maxLengthMessage(options.maxLength ?? 0),
    ),
  );
}

/**
 * Required text field: trimmed; blank fails with `message`. Output: string.
 */
export function requiredText(message: string, options: { maxLength?: number } = {}) {
  return v.pipe(
    v.nullish(v.string(), null),
    trimmedOrNull(),
    requiredValue<string | null>(message),
    maxLengthText<string | null>(
      options.maxLength ?? Number.POSITIVE_INFINITY,
      maxLengthMessage(options.maxLength ?? 0),
    ),
    v.transform((input) => input as string),
  );
}

// Pragmatic e-mail shape: one @, no spaces, a dot in the domain, no leading/trailing/double dots.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(value: string): boolean {
  const text = value.trim();
  if (text.length > 254 || !EMAIL.test(text)) return false;
  const local = text.slice(0, text.indexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** E-mail rule: 'Enter a valid email'. Blank passes (combine with `requiredValue` for required fields). */
export const email = <TInput extends string | null | undefined>(message: string = EMAIL_INVALID) =>
  v.check<TInput, string>(
    (input) => input === null || input === undefined || input.trim() === '' || isEmail(input),
    message,
  );
