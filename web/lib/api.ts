// The SPA's one way to call the API (paths relative to /api). It adds the bearer token, sends and
// reads JSON, counts pending non-GET calls, and handles the statuses of spec section 8 once for
// every caller: 500 shows the error page in place, 401 signs in again, 403 goes to landing.
import { getAccessToken, signInEnded, startSignIn } from './auth/tokens';
import { showErrorPage } from './error-page';
import { forceNavigate } from './navigation-guard';
import { beginPendingRequest } from './pending';
import type { paths } from './api-types';

export const API_BASE = '/api';
/** Errors of calls to this path (an account's header information) always reach the caller. */
export const HEADER_INFO_PATH = '/header-info';

export interface ApiErrorBody {
  code?: string;
  message?: string;
  field?: string;
  /** A 500's: what the user quotes to the service desk. */
  reference?: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
  }

  /** The message as its field shows it: without the 'field: ' the API puts before a field's own message. */
  get fieldMessage(): string {
    const field = this.body?.field;
    return field && this.message.startsWith(`${field}: `) ? this.message.slice(field.length + 2) : this.message;
  }
}

type QueryScalar = string | number | boolean | Date | null | undefined;
export interface QueryParams {
  [key: string]: QueryScalar | readonly QueryScalar[] | QueryParams;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData. */
  body?: unknown;
  query?: QueryParams;
  /** false for the calls the spec marks (no auth): no bearer token. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key, say). */
  headers?: Record<string, string>;
}

/** Spec section 5: a call refuses to run without a required parameter. */
export function requireParam<T>(value: T | null | undefined, name: string, operation: string): T {
  if (value === null || value === undefined) {
    throw new Error(`Required parameter ${name} was null or undefined when calling ${operation}.`);
  }
  return value;
}

function queryValue(value: Exclude<QueryScalar, null | undefined>): string {
  // Dates travel as the day only (YYYY-MM-DD).
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

/** Query string with nested objects as dotted keys and arrays as repeated keys; null/undefined left out. */
export function queryString(query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  const add = (prefix: string, value: QueryParams[string]) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryScalar[])
        if (item !== null && item !== undefined) params.append(prefix, queryValue(item));
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [key, nested] of Object.entries(value as QueryParams)) add(`${prefix}.${key}`, nested);
    } else {
      params.append(prefix, queryValue(value as Exclude<QueryScalar, null | undefined>));
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) add(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A promise that never settles: the request is dropped, the caller never continues. */
function dropped<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  if (!res.headers.get('content-type')?.includes('application/json')) return null;
  try {
    return await res.json();
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // FormData (file uploads) goes as multipart/form-data, with the boundary the browser picks.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (options.auth !== false) {
    const token = await getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  const end = method === 'GET' ? () => undefined : beginPendingRequest();
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(`${API_BASE}${path}${queryString(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
    body = await readBody(res);
  } finally {
    end();
  }
  if (res.ok) return body as T;
  return failed<T>(path, res.status, body);
}

/** A refused call: the statuses of spec section 8 handled once, anything else to the caller. */
function failed<T>(path: string, status: number, body: unknown): Promise<T> {
  const error = new HttpError(status, (body as ApiErrorBody | null) ?? null);
  if (path.split('?')[0].endsWith(HEADER_INFO_PATH)) throw error;
  switch (status) {
    case 500:
      showErrorPage(500, { reference: typeof error.body?.reference === 'string' ? error.body.reference : undefined });
      return dropped<T>();
    case 401:
      // Ended by the service (access taken away, say): the signed-out page tells them why.
      if (error.body?.code === 'SESSION_ENDED') {
        signInEnded(error.message);
        forceNavigate('/landing');
        return dropped<T>();
      }
      startSignIn({ redirectUrl: `${window.location.pathname}${window.location.search}` });
      return dropped<T>();
    case 403:
      forceNavigate('/landing');
      return dropped<T>();
    default:
      throw error;
  }
}

/** The file name of a download from its Content-Disposition (RFC 6266, the UTF-8 form first). */
export function dispositionFileName(header: string | null, fallback: string): string {
  const encoded = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  return (header && /filename="([^"]+)"/i.exec(header)?.[1]) || fallback;
}

/** A POST answered with a file (an export), handed to the browser as a download; errors as for any call. */
export async function apiDownload(path: string, body: unknown, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = await getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const end = beginPendingRequest();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.ok)
      return saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition'), fallbackName));
  } finally {
    end();
  }
  return failed<void>(path, res.status, await readBody(res));
}

/** Hands a blob to the browser as a download under this name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The helpers below are typed by the API description (web/lib/api-types.ts, `npm run api-types`): a
// call without a type argument finds its route from the path it sends (a literal or a template such
// as `/v1.0/tasks/${id}`, each `${…}` standing for one path parameter; a query string after `?` is
// ignored), and its body and answer take that route's types, so a path no route has, a body of the
// wrong shape or a renamed answer field fails the typecheck. A call that still names its answer's
// type (`apiGet<Foo>(…)`) is not checked: the route's response schema is not yet written.

/** The API's routes by path relative to /api, as the description writes them (`/v1.0/tasks/{id}`). */
type ApiPaths = { [K in keyof paths as K extends `/api${infer R}` ? R : never]: paths[K] };
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Segments<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [S];
type SegmentFits<Sent extends string, Pattern extends string> = Pattern extends `{${string}}`
  ? Sent extends ''
    ? false
    : true
  : Sent extends Pattern
    ? true
    : false;
type Fits<Sent extends string[], Pattern extends string[]> = Sent extends [
  infer S extends string,
  ...infer SentRest extends string[],
]
  ? Pattern extends [infer P extends string, ...infer PatternRest extends string[]]
    ? SegmentFits<S, P> extends true
      ? Fits<SentRest, PatternRest>
      : false
    : false
  : Pattern extends []
    ? true
    : false;
type PathPart<S extends string> = S extends `${infer P}?${string}` ? P : S;
/** The routes (their description's paths) a path sent with this method fits. */
type Fitting<P extends string, M extends Method> = P extends string
  ? {
      [K in keyof ApiPaths]: ApiPaths[K][M & keyof ApiPaths[K]] extends { responses: unknown }
        ? Fits<Segments<PathPart<P>>, Segments<K & string>> extends true
          ? K
          : never
        : never;
    }[keyof ApiPaths]
  : never;
/** Of the routes a path fits, one without parameters first, as the router matches (`/chases/check` before `/chases/{id}`). */
type Best<K> = [Exclude<K, `${string}{${string}`>] extends [never] ? K : Exclude<K, `${string}{${string}`>;
/** The operation a path sent with this method calls (never when no route has it). */
type Operation<P extends string, M extends Method> =
  Best<Fitting<P, M>> extends infer K extends keyof ApiPaths ? ApiPaths[K][M & keyof ApiPaths[K]] : never;
type Answer<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201 | 202
        ? R[S] extends { content: { 'application/json': infer B } }
          ? B
          : never
        : S extends 204
          ? null
          : never;
    }[keyof R]
  : never;
/** What a route takes as its body: its JSON schema's type, a form for a multipart route; unchecked when not described. */
type RequestBody<O> = O extends { requestBody: { content: infer C } }
  ? C extends { 'application/json': infer B }
    ? B
    : FormData
  : unknown;

export declare const untyped: unique symbol;
/** The default of a helper's answer type: take it from the route. */
type FromRoute = typeof untyped;
/** What a call answers: its route's answer, or what its type argument names. */
export type ApiAnswer<T, P extends string, M extends Method> = [T] extends [FromRoute] ? Answer<Operation<P, M>> : T;
/** What a call sends: its route's body, or anything when its type argument names the answer. */
export type ApiBody<T, P extends string, M extends Method> = [T] extends [FromRoute]
  ? RequestBody<Operation<P, M>>
  : unknown;
/** A route's path as a template a path sent fits (`/v1.0/tasks/${string}`). */
type Template<S> = S extends `${infer Before}{${string}}${infer After}` ? `${Before}${string}${Template<After>}` : S;
type WithQuery<S extends string> = S | `${S}?${string}`;
/** The paths some route has for this method, or any path when the type argument names the answer. */
export type ApiPath<T, M extends Method> = [T] extends [FromRoute]
  ? {
      [K in keyof ApiPaths]: ApiPaths[K][M & keyof ApiPaths[K]] extends { responses: unknown }
        ? WithQuery<Template<K>>
        : never;
    }[keyof ApiPaths]
  : string;
type Options = Omit<ApiRequestOptions, 'method' | 'body'>;
/** What a route answers, by the path the SPA sends (`ApiResult<'/v1.0/users'>`): for a page's state. */
export type ApiResult<P extends ApiPath<FromRoute, M>, M extends Method = 'get'> = ApiAnswer<FromRoute, P, M>;

export function apiGet<T = FromRoute, P extends ApiPath<T, 'get'> = ApiPath<T, 'get'>>(
  path: P,
  options: Options = {},
): Promise<ApiAnswer<T, P, 'get'>> {
  return apiRequest(path, { ...options, method: 'GET' });
}

export function apiPost<T = FromRoute, P extends ApiPath<T, 'post'> = ApiPath<T, 'post'>>(
  path: P,
  body?: ApiBody<T, P, 'post'>,
  options: Options = {},
): Promise<ApiAnswer<T, P, 'post'>> {
  return apiRequest(path, { ...options, method: 'POST', body });
}

export function apiPut<T = FromRoute, P extends ApiPath<T, 'put'> = ApiPath<T, 'put'>>(
  path: P,
  body?: ApiBody<T, P, 'put'>,
  options: Options = {},
): Promise<ApiAnswer<T, P, 'put'>> {
  return apiRequest(path, { ...options, method: 'PUT', body });
}

export function apiPatch<T = FromRoute, P extends ApiPath<T, 'patch'> = ApiPath<T, 'patch'>>(
  path: P,
  body?: ApiBody<T, P, 'patch'>,
  options: Options = {},
): Promise<ApiAnswer<T, P, 'patch'>> {
  return apiRequest(path, { ...options, method: 'PATCH', body });
}

export function apiDelete<T = FromRoute, P extends ApiPath<T, 'delete'> = ApiPath<T, 'delete'>>(
  path: P,
  options: Options = {},
): Promise<ApiAnswer<T, P, 'delete'>> {
  return apiRequest(path, { ...options, method: 'DELETE' });
}

/** A fresh Idempotency-Key (24 URL-safe characters): a retry of one call sends the same one. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}
