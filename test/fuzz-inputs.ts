// What the API fuzz test (api/fuzz.test.ts) sends: generated path parameters, query strings, bodies,
// content types and callers, described as plain data (so fast-check can print and shrink a case)
// and turned into a real HTTP request only when it is sent.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { EICAR_TEST_STRING } from '../infra/local-clamd';
import { roles } from './route-access';

/** A reference to a value of the test's world (an account id, a user id, a prepared task …). */
export interface Ref {
  $ref: string;
}
export type Value = null | boolean | number | string | Ref | Value[] | { [key: string]: Value };

/** A path parameter or query value: the valid one of the route's example, a world value, or generated text. */
export type ParamChoice =
  { kind: 'example' } | { kind: 'ref'; name: string } | { kind: 'raw'; text: string } | { kind: 'text'; text: string };

export type BodyChoice =
  | { kind: 'none' }
  | { kind: 'json'; value: Value; contentType: string }
  | { kind: 'raw'; text: string; contentType: string }
  /** Bytes that need not be UTF-8 (invalid sequences, a BOM, UTF-16), as hex. */
  | { kind: 'bytes'; hex: string; contentType: string }
  | { kind: 'deep'; depth: number; shape?: DeepShape }
  | { kind: 'huge'; megabytes: number; contentType: string }
  | { kind: 'multipart'; parts: PartChoice[]; broken: boolean };

export interface PartChoice {
  name: string;
  fileName: string | null;
  contentType: string | null;
  content:
    | { kind: 'text'; text: string }
    | { kind: 'json'; value: Value }
    | { kind: 'sample'; sample: keyof typeof samples }
    | { kind: 'huge'; megabytes: number }
    | { kind: 'bytes'; hex: string }
    | { kind: 'deep'; depth: number; shape: DeepShape };
}

/** How a deep JSON value nests: lists, objects, or both in turn. */
export type DeepShape = 'array' | 'object' | 'mixed';

export type Caller = (typeof roles)[number] | 'badToken' | 'expiredToken';

export interface QueryChoice {
  /** Changes to the example's query values, by position (modulo their number). */
  changes: { at: number; to: ParamChoice | 'drop' | 'repeat' }[];
  extra: [string, ParamChoice][];
}

export interface FuzzCase {
  route: number;
  caller: Caller;
  params: ParamChoice[];
  query: QueryChoice;
  body: BodyChoice;
}

/** Field names and the enumerated values of every valibot schema in domain/, so bodies get past the first checks. */
export function harvestSchemas(dir = path.resolve(__dirname, '..', 'domain')): { keys: string[]; values: string[] } {
  const keys = new Set<string>();
  const values = new Set<string>();
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const s = node as Record<string, unknown>;
    if (s.kind === 'schema') {
      if (s.entries && typeof s.entries === 'object')
        for (const [k, child] of Object.entries(s.entries)) (keys.add(k), walk(child));
      if (Array.isArray(s.options)) for (const o of s.options) typeof o === 'string' ? values.add(o) : walk(o);
      if (typeof s.literal === 'string') values.add(s.literal);
      for (const k of ['wrapped', 'item', 'key', 'value', 'rest']) walk(s[k]);
      if (Array.isArray(s.items)) s.items.forEach(walk);
      if (Array.isArray(s.pipe)) s.pipe.forEach(walk);
      return;
    }
    if (Array.isArray(node)) return node.forEach(walk);
    if (Object.getPrototypeOf(node) === Object.prototype) Object.values(s).forEach(walk);
  };
  const files = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? e.name === 'testing'
            ? []
            : files(path.join(d, e.name))
          : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
            ? [path.join(d, e.name)]
            : [],
      );
  for (const file of files(dir)) Object.values(require(file) as object).forEach(walk);
  return { keys: [...keys].sort(), values: [...values].sort() };
}

/** Small files of real types, and the EICAR test file. */
export const samples = {
  text: Buffer.from('A plain note\n'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  bmp: Buffer.concat([
    Buffer.from('424d3a0000000000000036000000280000000100000001000000010018000000000004000000', 'hex'),
    Buffer.alloc(20),
  ]),
  eicar: Buffer.from(EICAR_TEST_STRING),
  nul: Buffer.from('text with a \u0000 inside\n'),
  empty: Buffer.alloc(0),
};

/**
 * Whole numbers at and just past the bounds of the database's integer types — smallint, integer,
 * bigint (and their unsigned doubles) — and of JavaScript's exact integers, with numeric's oddities.
 */
export const integerBoundaries = [
  -32769, -32768, 32767, 32768, 65535, 65536, -2147483649, -2147483648, 2147483647, 2147483648, 4294967295, 4294967296,
  -9007199254740993, -9007199254740992, 9007199254740991, 9007199254740992, 9007199254740993, -9223372036854775808,
  9223372036854775807, 18446744073709551615,
];
export function integerBoundaryTexts(): string[] {
  return [
    ...integerBoundaries.map((n) => String(BigInt(Math.trunc(n)))),
    // As written, not as a double would round them: bigint's own bounds and one past.
    '-9223372036854775809',
    '-9223372036854775808',
    '9223372036854775807',
    '9223372036854775808',
    '18446744073709551616',
    // numeric: more digits than a double holds, tiny and huge exponents, a fraction on an id.
    '123456789012345678901234567890.123456789',
    '1e400',
    '-1e400',
    '1e-400',
    '0.0000001',
    '2147483647.5',
    '-0',
    '00',
    '0e0',
  ];
}

/** Bytes that are not UTF-8 — a stray continuation byte, an overlong NUL, an encoded surrogate, past U+10FFFF, cut short — and a BOM. */
export const invalidUtf8 = ['ff', 'c080', 'eda080', 'edb080', 'f4908080', 'e282', 'c0af', 'fe', 'efbbbf'];

/** JSON bodies as bytes: invalid UTF-8 inside a string and a field name, a BOM before it, the body in UTF-16. */
export const byteBodies = [
  ...invalidUtf8.map((bad) =>
    Buffer.concat([Buffer.from('{"note":"a'), Buffer.from(bad, 'hex'), Buffer.from('b","requestId":"x"}')]).toString(
      'hex',
    ),
  ),
  ...invalidUtf8.map((bad) =>
    Buffer.concat([Buffer.from('{"'), Buffer.from(bad, 'hex'), Buffer.from('":1}')]).toString('hex'),
  ),
  Buffer.concat([Buffer.from('efbbbf', 'hex'), Buffer.from('{"note":"with a BOM"}')]).toString('hex'),
  Buffer.concat([Buffer.from('fffe', 'hex'), Buffer.from('{"note":"UTF-16"}', 'utf16le')]).toString('hex'),
  Buffer.from('{"note":"UTF-16 without a BOM"}', 'utf16le').toString('hex'),
];

/** JSON text whose escapes make strings that are not Unicode, and numbers past every bound (JSON.parse keeps what it can). */
export const rawJsonTexts = [
  '{"note":"\\ud800"}',
  '{"note":"x\\udc00y"}',
  '{"\\ud800":1}',
  '["\\ud83d"]',
  '{"note":"\\uDBFF\\uDFFF"}',
  '{"note":"\\udc00\\ud800"}',
  '{"accountId":9223372036854775808}',
  '{"accountId":-9223372036854775809}',
  '{"version":2147483648}',
  '{"version":1e400}',
  '{"page":-0,"size":1e-400}',
  '{"id":123456789012345678901234567890}',
  '[2147483648,-2147483649,32768]',
];

/** Path parameters every route's parameters are tried with, as URL text (test 'every path parameter'). */
export const pathSweep = [
  '',
  '%00',
  '%ED%A0%80', // a surrogate, encoded as UTF-8 would if it could
  '%ED%B0%80',
  '%FF',
  '%C0%80', // an overlong NUL
  '%F4%90%80%80', // past U+10FFFF
  '%F0%9F%98', // cut short
  '%EF%BF%BF',
  '%E2%80%AE', // right-to-left override
  '%',
  '%zz',
  ' ',
  '%20',
  '..',
  '%2e%2e',
  '%2F',
  'x'.repeat(300),
  '1.5',
  '1e3',
  '0x1f',
  'NaN',
  'null',
  ...integerBoundaryTexts().map((t) => encodeURIComponent(t)),
];

/** A JSON value nested `depth` deep: lists, objects, or both in turn. */
export function deepJson(depth: number, shape: DeepShape = 'array'): string {
  if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (shape === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const half = Math.ceil(depth / 2);
  return '[{"a":'.repeat(half) + '1' + '}]'.repeat(half);
}

const tricky = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  ' 1',
  '1 ',
  '01',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1f',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999',
  ...integerBoundaryTexts(),
  "' or 1=1 --",
  '%',
  '_',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  'ORGANISATION',
  'ENGLAND',
  'é',
  '😀',
  '\ud800',
  // Not Unicode: lone surrogates, high or low, alone, at an end, in the wrong order, half an emoji (issue 27).
  '\udc00',
  'x\ud800y',
  'end\udbff',
  '\udfff start',
  '\udc00\ud800',
  '\ud83d',
  // Unicode, but odd: noncharacters, the replacement character, a BOM, NEL, line and paragraph separators.
  '\ufffe',
  '\uffff',
  '\ufffd',
  '\ufeffx',
  '\u0085',
  '\u2028\u2029',
  '\u{10ffff}',
  '\u202e',
  '\u200b',
  '\r\n',
  'x'.repeat(256),
  'x'.repeat(10_001),
  'user@example.org',
  'USER@EXAMPLE.ORG',
  'not an email',
  '00000000-0000-0000-0000-000000000000',
  '2024-02-30',
  '1900-01-01T00:00:00Z',
];

/** Percent-encodes every UTF-8 byte, so even a lone surrogate makes a URL (as U+FFFD). */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => '%' + b.toString(16).padStart(2, '0')).join('');

export function fuzzArbitraries(harvest: { keys: string[]; values: string[] }, refNames: string[]) {
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...tricky) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...tricky.filter((t) => /[\uD800-\uDFFF]/.test(t) && !/^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(t)),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...harvest.values) },
    { weight: 2, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{1,25}$/) },
    { weight: 1, arbitrary: fc.constantFrom(1000, 100_000, 100_001).map((n) => 'y'.repeat(n)) },
  );
  const number = fc.oneof(
    fc.integer(),
    fc.constantFrom(
      0,
      -0,
      -1,
      1,
      0.5,
      2147483647,
      2147483648,
      -2147483649,
      32768,
      Number.MAX_SAFE_INTEGER,
      1e21,
      1e308,
      -1e308,
      5e-324,
    ),
    fc.constantFrom(...integerBoundaries),
    fc.constantFrom(...integerBoundaries).map((n) => n + 0.5),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  const ref = fc.constantFrom(...refNames).map((name): Ref => ({ $ref: name }));
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...harvest.keys) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a\u0000', '') },
  );
  const { value } = fc.letrec<{ value: Value }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: text },
      { weight: 2, arbitrary: number },
      { weight: 2, arbitrary: ref },
      { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 5 }) },
      { weight: 1, arbitrary: fc.constantFrom(10_000, 10_001).map((n) => Array.from({ length: n }, () => 'z')) },
      { weight: 3, arbitrary: fc.dictionary(key, tie('value'), { maxKeys: 6 }) },
    ),
  }));
  // Objects shaped like the API's bodies: known field names, sometimes nested one level down.
  const bodyObject = fc.dictionary(key, value, { minKeys: 1, maxKeys: 8 });
  const jsonType = fc.constantFrom('application/json', 'application/json; charset=utf-8');
  const otherType = fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'application/vnd.api+json',
    '',
  );

  const param: fc.Arbitrary<ParamChoice> = fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'example' } as const) },
    { weight: 2, arbitrary: fc.constantFrom(...refNames).map((name) => ({ kind: 'ref', name }) as const) },
    { weight: 3, arbitrary: text.map((t) => ({ kind: 'text', text: t }) as const) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%00', 'a%00', '%', '%zz', '%E0%A4%A', '%2e%2e', '%2F', '..', '%20', '%201', '+1', '%C0%80')
        .map((t) => ({ kind: 'raw', text: t }) as const),
    },
    { weight: 1, arbitrary: fc.constantFrom(...pathSweep).map((t) => ({ kind: 'raw', text: t }) as const) },
  );
  const query: fc.Arbitrary<QueryChoice> = fc.record({
    changes: fc.array(
      fc.record({ at: fc.nat({ max: 5 }), to: fc.oneof(param, fc.constantFrom('drop' as const, 'repeat' as const)) }),
      { maxLength: 3 },
    ),
    extra: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...harvest.keys),
          fc.constantFrom('page', 'size', 'accountId', 'requestId', 'uuid', 'term', 'a[b]', '__proto__'),
        ),
        param,
      ),
      { maxLength: 2 },
    ),
  });

  const partContent = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...(Object.keys(samples) as (keyof typeof samples)[]))
        .map((sample) => ({ kind: 'sample', sample }) as const),
    },
    { weight: 4, arbitrary: bodyObject.map((v) => ({ kind: 'json', value: v }) as const) },
    { weight: 2, arbitrary: text.map((t) => ({ kind: 'text', text: t }) as const) },
    { weight: 1, arbitrary: fc.constantFrom(1, 21).map((megabytes) => ({ kind: 'huge', megabytes }) as const) },
    { weight: 1, arbitrary: fc.constantFrom(...byteBodies).map((hex) => ({ kind: 'bytes', hex }) as const) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        depth: fc.constantFrom(33, 10_000, 1_000_000),
        shape: fc.constantFrom<DeepShape>('array', 'object', 'mixed'),
      }),
    },
  );
  const part: fc.Arbitrary<PartChoice> = fc.record({
    name: fc.oneof(
      fc.constantFrom(
        'file',
        'attachment',
        'signature',
        'regulatorInvitedUser',
        'regulatorUserUpdateDTO',
        'requestTaskActionDetails',
      ),
      fc.string({ maxLength: 8 }),
    ),
    fileName: fc.oneof(
      fc.constant(null),
      fc.constantFrom(
        'note.txt',
        'report.pdf',
        'image.png',
        'signature.bmp',
        'macro.docm',
        'x.exe',
        '',
        '.txt',
        'a\u0000.txt',
        '../../x.txt',
        'é😀.txt',
        'x'.repeat(300) + '.txt',
      ),
      text,
    ),
    contentType: fc.oneof(
      fc.constant(null),
      fc.constantFrom('application/json', 'text/plain', 'application/pdf', 'image/bmp', 'application/octet-stream'),
    ),
    content: partContent,
  });

  const body: fc.Arbitrary<BodyChoice> = fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
    {
      weight: 8,
      arbitrary: fc.record({ kind: fc.constant('json' as const), value: bodyObject, contentType: jsonType }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('json' as const), value, contentType: fc.oneof(jsonType, otherType) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            'nul',
            '\u0000',
            '{"a":1}}',
            '{"a":"\\u0000"}',
            '"\\ud800"',
            '{"__proto__":{"x":1}}',
            '1e999',
            '-',
            '',
          ),
          fc.string(),
        ),
        contentType: fc.oneof(jsonType, otherType),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom(...rawJsonTexts),
        contentType: jsonType,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        hex: fc.constantFrom(...byteBodies),
        contentType: fc.oneof(jsonType, fc.constant('application/json; charset=utf-16')),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        depth: fc.constantFrom(33, 100, 10_000, 100_000, 400_000, 1_000_000),
        shape: fc.constantFrom<DeepShape>('array', 'object', 'mixed'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        megabytes: fc.constantFrom(1, 10),
        contentType: fc.oneof(jsonType, otherType),
      }),
    },
  );
  const multipart: fc.Arbitrary<BodyChoice> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('multipart' as const),
        parts: fc.array(part, { maxLength: 4 }),
        broken: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: body },
  );
  /** A body shaped like what a route asked for (its fields, found by asking it): each field generated, some left out. */
  // A field that names a thing of the world (an account, a request …) mostly gets one, so the other
  // fields' values reach the code behind the check of it (a note's text reaching the database, issue 27).
  const refsFor = (field: string): string[] => {
    const last = field.split('.').pop() ?? field;
    const hints: Record<string, string[]> = {
      accountId: ['accountA', 'accountB'],
      requestId: ['requestId'],
      requestTaskId: ['taskId'],
      taskId: ['taskId'],
      verificationBodyId: ['verificationBodyId'],
      files: [],
      email: refNames.filter((r) => r.startsWith('email:')),
      userId: refNames.filter((r) => !r.includes(':') && /^(adminOf|restricted|operator|regulator|verifier)/.test(r)),
    };
    return (hints[last] ?? []).filter((r) => refNames.includes(r));
  };
  const leafFor = (field: string): fc.Arbitrary<Value> => {
    const known = refsFor(field);
    return known.length
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...known).map((name): Ref => ({ $ref: name })) },
          { weight: 1, arbitrary: value },
        )
      : value;
  };
  const shaped = (fields: string[]): fc.Arbitrary<BodyChoice> =>
    fc
      .record({
        leaves: fc.tuple(...fields.map((field) => fc.option(leafFor(field), { nil: undefined, freq: 6 }))),
        extra: fc.option(bodyObject, { freq: 4 }),
        contentType: jsonType,
      })
      .map(({ leaves, extra, contentType }) => ({
        kind: 'json' as const,
        value: nest(fields, leaves, extra ?? {}),
        contentType,
      }));
  /** A multipart body with the parts a route asked for: its JSON part shaped like its fields, and its files. */
  const shapedMultipart = (jsonPart: string | null, fields: string[], files: string[]): fc.Arbitrary<BodyChoice> =>
    fc
      .record({
        json: shaped(fields),
        files: fc.tuple(...files.map(() => part)),
        extra: fc.array(part, { maxLength: 1 }),
      })
      .map(({ json, files: fileParts, extra }) => ({
        kind: 'multipart' as const,
        broken: false,
        parts: [
          ...(jsonPart && json.kind === 'json'
            ? [
                {
                  name: jsonPart,
                  fileName: null,
                  contentType: 'application/json',
                  content: { kind: 'json' as const, value: json.value },
                },
              ]
            : []),
          ...fileParts.map((p, k) => ({ ...p, name: files[k], fileName: p.fileName ?? 'file.txt' })),
          ...extra,
        ],
      }));
  const caller: fc.Arbitrary<Caller> = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...roles) },
    { weight: 1, arbitrary: fc.constantFrom('badToken' as const, 'expiredToken' as const) },
  );
  return { param, query, body, multipart, caller, shaped, shapedMultipart };
}

/** An object with a value at each dotted path ('user.firstName', 'rows.0.email'); undefined leaves are left out. */
export function nest(
  paths: string[],
  values: (Value | undefined)[],
  base: { [key: string]: Value },
): { [key: string]: Value } {
  const root: { [key: string]: Value } = { ...base };
  paths.forEach((p, i) => {
    if (values[i] === undefined) return;
    const keys = p.split('.');
    let node: Record<string, Value> | Value[] = root;
    keys.forEach((k, depth) => {
      const last = depth === keys.length - 1;
      const slot = (node as Record<string, Value>)[k];
      if (last) (node as Record<string, Value>)[k] = values[i] as Value;
      else {
        if (!slot || typeof slot !== 'object')
          (node as Record<string, Value>)[k] = /^\d+$/.test(keys[depth + 1]) ? [] : {};
        node = (node as Record<string, Value>)[k] as Record<string, Value>;
      }
    });
  });
  return root;
}

const hugeCache = new Map<number, Buffer>();
/** A body of n megabytes of JSON: one long string. */
export function hugeJson(megabytes: number): Buffer {
  let buf = hugeCache.get(megabytes);
  if (!buf) hugeCache.set(megabytes, (buf = Buffer.from(`{"note":"${'n'.repeat(megabytes * 1024 * 1024)}"}`)));
  return buf;
}

/** Replaces {$ref} placeholders with the world's values (an unknown one stays a string). */
export function resolveRefs(value: Value, refs: Record<string, string | number>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, refs));
  if (value && typeof value === 'object') {
    if ('$ref' in value && typeof value.$ref === 'string' && Object.keys(value).length === 1)
      return refs[value.$ref] ?? `unknown-${value.$ref}`;
    // Own keys only, and __proto__ kept as a plain key, as JSON.parse would make it.
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, {
        value: resolveRefs(v as Value, refs),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    return out;
  }
  return value;
}

/** The URL text of a parameter choice: the example, a world value, percent-encoded text or raw URL text. */
export function paramText(
  choice: ParamChoice,
  example: string | undefined,
  refs: Record<string, string | number>,
): string {
  switch (choice.kind) {
    case 'example':
      return example ?? '';
    case 'ref':
      return encodeURIComponent(String(refs[choice.name] ?? choice.name));
    case 'raw':
      return choice.text;
    case 'text':
      return percentEncode(choice.text);
  }
}

/** The body (and its content type) of a case, built at send time. */
export function buildBody(
  choice: BodyChoice,
  refs: Record<string, string | number>,
): { body?: Buffer | string; contentType?: string } {
  switch (choice.kind) {
    case 'none':
      return {};
    case 'json':
      return { body: JSON.stringify(resolveRefs(choice.value, refs)), contentType: choice.contentType || undefined };
    case 'raw':
      return { body: choice.text, contentType: choice.contentType || undefined };
    case 'bytes':
      return { body: Buffer.from(choice.hex, 'hex'), contentType: choice.contentType || undefined };
    case 'deep':
      return { body: deepJson(choice.depth, choice.shape), contentType: 'application/json' };
    case 'huge':
      return { body: hugeJson(choice.megabytes), contentType: choice.contentType || undefined };
    case 'multipart': {
      const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
      const chunks: Buffer[] = [];
      for (const p of choice.parts) {
        const disposition = `form-data; name="${p.name.replace(/["\r\n]/g, '')}"${p.fileName === null ? '' : `; filename="${p.fileName.replace(/["\r\n]/g, '')}"`}`;
        const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`;
        const c = p.content;
        const data =
          c.kind === 'sample'
            ? samples[c.sample]
            : c.kind === 'json'
              ? Buffer.from(JSON.stringify(resolveRefs(c.value, refs)))
              : c.kind === 'text'
                ? Buffer.from(c.text)
                : c.kind === 'bytes'
                  ? Buffer.from(c.hex, 'hex')
                  : c.kind === 'deep'
                    ? Buffer.from(deepJson(c.depth, c.shape))
                    : Buffer.alloc(c.megabytes * 1024 * 1024, 'a');
        chunks.push(Buffer.from(head, 'utf8'), data, Buffer.from('\r\n'));
      }
      chunks.push(Buffer.from(choice.broken ? `--${boundary}` : `--${boundary}--\r\n`));
      return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
    }
  }
}
