// Path and query parameters every route reads the same way: one value of a query parameter that may
// be repeated, paging, and a file named by its uuid. A route's `query` schema is what the API
// description shows of its query string (api/openapi.ts).
import * as v from 'valibot';
import { validate, required } from './validate';
import { badRequest } from './errors';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../domain/work-items';
import { UUID } from '../domain/files';

/** The first value of a query parameter sent more than once (?a=1&a=2 reads as '1'). */
export function single(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

const digits = /^(0|[1-9][0-9]{0,8})$/;
/** page and size: what pageParams validates, and what the API description shows of a paged list. */
export const pageQuery = v.object({
  page: v.pipe(
    v.string(),
    v.regex(digits, 'page must be a whole number, 0 or more'),
    v.transform(Number),
    v.maxValue(MAX_PAGE_NUMBER, `page must be at most ${MAX_PAGE_NUMBER}`),
  ),
  size: v.pipe(
    v.string(),
    v.regex(digits, 'size must be a whole number'),
    v.transform(Number),
    v.minValue(1, 'size must be at least 1'),
    v.maxValue(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`),
  ),
});

/** page (zero-based) and size from the query string, both required (spec §5 call-level checks). */
export function pageParams(query: Record<string, unknown>): { page: number; size: number } {
  return validate(pageQuery, {
    page: required(single(query.page), 'page'),
    size: required(single(query.size), 'size'),
  });
}

/** A query parameter naming a file by its uuid, required: what the API description shows of it. */
export const fileUuidQuery = (name: string) =>
  v.object({ [name]: v.pipe(v.string(), v.uuid(`${name} must be a file uuid`)) });

/** That parameter's value (400 when it is missing or not a uuid), as the caller wrote it. */
export function fileUuidParam(query: Record<string, unknown>, name: string): string {
  const uuid = required(single(query[name]), name);
  if (typeof uuid !== 'string' || !UUID.test(uuid)) throw badRequest(`${name} must be a file uuid`, name);
  return uuid;
}

/**
 * A query string of text parameters, as the API description shows it: required `names`, `optional`
 * names, and page and size when `paged`. The handler checks each value (its own message for each).
 */
export function textQuery(
  names: string[],
  { optional = [], paged = false }: { optional?: string[]; paged?: boolean } = {},
): v.GenericSchema {
  const entries: Record<string, v.GenericSchema> = {};
  for (const name of names) entries[name] = v.string();
  for (const name of optional) entries[name] = v.optional(v.string());
  if (paged) Object.assign(entries, pageQuery.entries);
  return v.object(entries);
}
