import * as v from 'valibot';
import { GROUP_EMPTY, GROUP_INCOMPLETE } from './messages';

/** A group value: an object of several fields (e.g. an address, a date, a range). */
export type GroupValue = Record<string, unknown> | null | undefined;

/** Empty field: null, undefined, blank text, empty array, or a nested group that is empty. */
export function isEmptyField(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof Date) && !isFileLike(value)) {
    return Object.values(value as Record<string, unknown>).every(isEmptyField);
  }
  return false;
}

function isFileLike(value: object): boolean {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** All fields of the group are empty (a missing group is empty). */
export function isEmptyGroup(value: GroupValue, keys?: readonly string[]): boolean {
  if (value === null || value === undefined) return true;
  return (keys ?? Object.keys(value)).every((k) => isEmptyField(value[k]));
}

/** Some fields of the group are filled and some are empty. */
export function isIncompleteGroup(value: GroupValue, keys?: readonly string[]): boolean {
  if (value === null || value === undefined) return false;
  const fields = keys ?? Object.keys(value);
  const empty = fields.filter((k) => isEmptyField(value[k])).length;
  return empty > 0 && empty < fields.length;
}

/** Fails when every field of the group is empty. `keys` restricts the fields looked at. */
export const groupNotEmpty = <TInput extends GroupValue>(message: string = GROUP_EMPTY, keys?: readonly string[]) =>
  v.check<TInput, string>((input) => !isEmptyGroup(input, keys), message);

/** Fails when the group is partly filled (all empty passes: combine with `groupNotEmpty`). */
export const groupComplete = <TInput extends GroupValue>(
  message: string = GROUP_INCOMPLETE,
  keys?: readonly string[],
) => v.check<TInput, string>((input) => !isIncompleteGroup(input, keys), message);
