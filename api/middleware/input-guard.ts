// The outer limits of domain/limits.ts, applied to every API request: the address before the body is
// read, the parsed JSON body after (and multipart JSON parts, through api/multipart.ts). A refusal is
// a 4xx in the usual JSON error shape.
import type { Middleware } from 'koa';
import { ApiError } from '../errors';
import { inputLimits } from '../../domain/limits';

export const NUL_MESSAGE = 'The request contains a character that is not allowed (NUL)';

const refuse = (message: string, field?: string) => new ApiError(400, 'INVALID_INPUT', message, field || undefined);

/** Refuses text with a NUL character (PostgreSQL does not store it in text), naming where it was. */
export function assertNoNul(text: string, where: string): void {
  if (text.includes('\u0000')) throw refuse(NUL_MESSAGE, where);
}

/**
 * Checks a parsed JSON value against the outer limits: depth, string lengths, list lengths, number
 * of fields, and no NUL in any string or field name. Walks at most `jsonDepth` levels, so a body
 * nested a million deep costs no more than one nested 33 deep.
 */
export function assertJsonWithinLimits(value: unknown, path = ''): void {
  const walk = (node: unknown, at: string, depth: number): void => {
    if (typeof node === 'string') {
      if (node.length > inputLimits.stringLength) throw refuse(`${at || 'A value'} is longer than ${inputLimits.stringLength} characters`, at);
      assertNoNul(node, at);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= inputLimits.jsonDepth) throw refuse(`The request nests lists and objects more than ${inputLimits.jsonDepth} deep`, at);
    if (Array.isArray(node)) {
      if (node.length > inputLimits.listLength) throw refuse(`${at || 'The list'} has more than ${inputLimits.listLength} items`, at);
      node.forEach((item, i) => walk(item, `${at}[${i}]`, depth + 1));
      return;
    }
    const keys = Object.keys(node);
    if (keys.length > inputLimits.objectKeys) throw refuse(`${at || 'The request'} has more than ${inputLimits.objectKeys} fields`, at);
    for (const key of keys) {
      const child = at ? `${at}.${key}` : key;
      assertNoNul(key, child);
      walk((node as Record<string, unknown>)[key], child, depth + 1);
    }
  };
  walk(value, path, 0);
}

/** Path and query: not too long, well-formed percent-encoding, no NUL in any value. */
export const checkAddress: Middleware = async (ctx, next) => {
  if (ctx.url.length > inputLimits.urlLength) throw new ApiError(414, 'URI_TOO_LONG', `The address is longer than ${inputLimits.urlLength} characters`);
  let path: string;
  try {
    path = decodeURIComponent(ctx.path);
  } catch {
    throw refuse('The address is not valid');
  }
  assertNoNul(path, 'path');
  for (const [key, value] of Object.entries(ctx.query)) {
    assertNoNul(key, key);
    for (const item of [value ?? []].flat()) assertNoNul(item, key);
  }
  await next();
};

/** The parsed JSON body within the limits on depth, strings, lists and fields. */
export const checkJsonBody: Middleware = async (ctx, next) => {
  if (ctx.request.body !== undefined) assertJsonWithinLimits(ctx.request.body);
  await next();
};
