// The outer limits of domain/limits.ts, applied to every API request: the address before the body is
// read, the parsed JSON body after (and multipart JSON parts, through api/multipart.ts). A refusal is
// a 4xx in the usual JSON error shape.
import type { Middleware } from 'koa';
import { ApiError } from '../errors';
import { inputLimits } from '../../domain/limits';

export const NUL_MESSAGE = 'The request contains a character that is not allowed (NUL)';
export const UNICODE_MESSAGE =
  'The request contains text that is not valid Unicode (a lone UTF-16 surrogate, such as \\ud800 without its pair)';

const refuse = (message: string, field?: string) => new ApiError(400, 'INVALID_INPUT', message, field || undefined);

/**
 * A UTF-16 surrogate without its pair. JSON's \u escapes can put one in a JavaScript string, but it
 * is no Unicode character: it has no UTF-8, and PostgreSQL's jsonb refuses it (a 500, issue 27).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses text PostgreSQL cannot keep, naming where it was: a NUL character (not stored in text) or
 * a lone surrogate (not Unicode).
 */
export function assertStorableText(text: string, where: string): void {
  if (text.includes('\u0000')) throw refuse(NUL_MESSAGE, where);
  if (LONE_SURROGATE.test(text)) throw refuse(UNICODE_MESSAGE, where);
}

/**
 * Checks a parsed JSON value against the outer limits: depth, string lengths, list lengths, number
 * of fields, and no NUL or lone surrogate in any string or field name. Walks at most `jsonDepth` levels, so a body
 * nested a million deep costs no more than one nested 33 deep.
 */
export function assertJsonWithinLimits(value: unknown, path = ''): void {
  const walk = (node: unknown, at: string, depth: number): void => {
    if (typeof node === 'string') {
      if (node.length > inputLimits.stringLength)
        throw refuse(`${at || 'A value'} is longer than ${inputLimits.stringLength} characters`, at);
      assertStorableText(node, at);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= inputLimits.jsonDepth)
      throw refuse(`The request nests lists and objects more than ${inputLimits.jsonDepth} deep`, at);
    if (Array.isArray(node)) {
      if (node.length > inputLimits.listLength)
        throw refuse(`${at || 'The list'} has more than ${inputLimits.listLength} items`, at);
      node.forEach((item, i) => walk(item, `${at}[${i}]`, depth + 1));
      return;
    }
    const keys = Object.keys(node);
    if (keys.length > inputLimits.objectKeys)
      throw refuse(`${at || 'The request'} has more than ${inputLimits.objectKeys} fields`, at);
    for (const key of keys) {
      const child = at ? `${at}.${key}` : key;
      assertStorableText(key, child);
      walk((node as Record<string, unknown>)[key], child, depth + 1);
    }
  };
  walk(value, path, 0);
}

/** Path and query: not too long, well-formed percent-encoding of UTF-8, no NUL or lone surrogate in any value. */
export const checkAddress: Middleware = async (ctx, next) => {
  if (ctx.url.length > inputLimits.urlLength)
    throw new ApiError(414, 'URI_TOO_LONG', `The address is longer than ${inputLimits.urlLength} characters`);
  let path: string;
  try {
    path = decodeURIComponent(ctx.path);
  } catch {
    throw refuse('The address is not valid');
  }
  assertStorableText(path, 'path');
  // Koa's query parser turns what is not UTF-8 into U+FFFD without a word: refuse it as the path is.
  for (const piece of ctx.querystring.split(/[&=]/)) {
    try {
      decodeURIComponent(piece.replace(/\+/g, ' '));
    } catch {
      throw refuse('The address is not valid', 'query');
    }
  }
  for (const [key, value] of Object.entries(ctx.query)) {
    assertStorableText(key, key);
    for (const item of [value ?? []].flat()) assertStorableText(item, key);
  }
  await next();
};

/** The parsed JSON body within the limits on depth, strings, lists and fields. */
export const checkJsonBody: Middleware = async (ctx, next) => {
  if (ctx.request.body !== undefined) assertJsonWithinLimits(ctx.request.body);
  await next();
};
