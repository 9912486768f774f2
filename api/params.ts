// Path and query parameters every route reads the same way: one value of a query parameter that may
// be repeated, and paging.
import * as v from 'valibot';
import { validate, required } from './validate';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../domain/work-items';

/** The first value of a query parameter sent more than once (?a=1&a=2 reads as '1'). */
export function single(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

const digits = /^(0|[1-9][0-9]{0,8})$/;
/** page and size: what pageParams validates, and what the API description shows of a paged list. */
export const pageQuery = v.object({
  page: v.pipe(v.string(), v.regex(digits, 'page must be a whole number, 0 or more'), v.transform(Number), v.maxValue(MAX_PAGE_NUMBER, `page must be at most ${MAX_PAGE_NUMBER}`)),
  size: v.pipe(v.string(), v.regex(digits, 'size must be a whole number'), v.transform(Number), v.minValue(1, 'size must be at least 1'), v.maxValue(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`)),
});

/** page (zero-based) and size from the query string, both required (spec §5 call-level checks). */
export function pageParams(query: Record<string, unknown>): { page: number; size: number } {
  return validate(pageQuery, { page: required(single(query.page), 'page'), size: required(single(query.size), 'size') });
}
