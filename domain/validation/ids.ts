// Ids and other whole numbers that callers send and the database stores. PostgreSQL refuses a value
// outside its column's range with an error, so every such input is bounded here first: an account id
// or a version is an `integer` column (at most 2,147,483,647, which is also the spec's MAX_INTEGER);
// tasks, actions and notes have `bigint` ids, bounded by what JavaScript counts exactly.
import * as v from 'valibot';
import { MAX_INTEGER } from './numbers';

/** The largest value of an `integer` column. */
export const INTEGER_COLUMN_MAX = MAX_INTEGER;
/** The largest `bigint` id we accept: JavaScript's largest exact integer. */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

/**
 * An id written in a path or query string: digits only, no sign, space, leading zero, decimal point
 * or exponent (' 1', '01', '1.0' and '1e0' are not 1), from 1 to max. null when it is not one.
 */
export function parseIdText(text: unknown, max: number = INTEGER_COLUMN_MAX): number | null {
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/** The same rule as a valibot schema: the text becomes the number. */
export const idText = (message: string, max: number = INTEGER_COLUMN_MAX) =>
  v.pipe(
    v.string(message),
    v.check((text) => parseIdText(text, max) !== null, message),
    v.transform((text) => Number(text)),
  );

/** A whole number sent in JSON, from min to max (by default an `integer` column's range from 1). */
export const wholeNumber = (
  message: string,
  { min = 1, max = INTEGER_COLUMN_MAX }: { min?: number; max?: number } = {},
) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
