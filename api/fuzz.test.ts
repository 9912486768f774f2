// Property-based fuzzing of every API route (issue 15): fast-check generates path parameters, query
// strings, bodies (wrong types, huge and empty strings, unicode, numbers out of range, unknown
// fields, malformed JSON, text that is not Unicode or bytes that are not UTF-8, numbers at the bounds of
// the database's integer types, wrong content types, deep nesting, 10 MB bodies, odd multipart parts) and
// callers (each role of the route-access world, and bad tokens), and sends them to the real API over
// PostgreSQL, Temporal and a worker. Every answer must be a success or a 4xx with the JSON error
// shape { code, message }: never a 5xx, never a hang.
//
// `npm test` runs FUZZ_RUNS (default 300) cases; `npm run fuzz` runs 10,000 and prints the count by
// status. FUZZ_SEED repeats a run. A second test sends every path parameter of every route each value
// of pathSweep (test/fuzz-inputs.ts), the rest of the request as the route's access test sends it.
import fc from 'fast-check';
import { apiRouteTables } from './app';
import { startEngineHarness, type EngineHarness } from '../test/workflows/harness';
import { loadAccessExpectations, makeWorld, roles, type AccessExpectation, type World } from '../test/route-access';
import { bearer } from '../test/tokens';
import { BY_CHANCE_HEADER } from '../test/api-answers';
import {
  buildBody,
  fuzzArbitraries,
  harvestSchemas,
  nest,
  paramText,
  pathSweep,
  type BodyChoice,
  type Caller,
  type FuzzCase,
} from '../test/fuzz-inputs';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ANSWER_WITHIN_MS = 30_000;
/** A fresh world now and then: allowed calls change data (people leave accounts, notes go). */
const WORLD_EVERY = 50;

const expectations = loadAccessExpectations();
const routes = apiRouteTables.flatMap(({ prefix, routes }) =>
  routes.map((r) => {
    const key = `${r.method.toUpperCase()} ${prefix}${r.path}`;
    const pattern = `/api${prefix}${r.path}`;
    return {
      key,
      method: r.method.toUpperCase(),
      pattern,
      params: pattern.split('/').filter((s) => s.startsWith(':')),
      expectation: expectations[key] as AccessExpectation,
    };
  }),
);
const userRoles = roles.filter((r) => r !== 'anonymous');
const refNames = [
  'accountA',
  'accountB',
  'operatorTarget',
  'regulatorTarget',
  'verificationBodyId',
  ...userRoles,
  ...userRoles.map((r) => `email:${r}`),
  'requestId',
  'taskId',
  'actionId',
  'noteId',
  'noteFile',
  'attachment',
  'fileUuid',
  'uuid',
  'token',
];

let harness: EngineHarness;
let worker: { stop: () => Promise<void> };
/** The body fields each route asked for, by route index. */
const fieldsOf = new Map<number, string[]>();
/** The parts each multipart route asked for: its JSON part (whose fields are in fieldsOf) and its files. */
interface MultipartShape {
  jsonPart: string | null;
  files: string[];
}
const partsOf = new Map<number, MultipartShape>();
beforeAll(async () => {
  harness = await startEngineHarness();
  worker = await harness.startWorker();
  await discoverFields();
}, 180_000);

/**
 * Asks each route that takes a body what it wants: send an empty one, read the fields (or, for
 * multipart, the parts) its 400 names, send those as {} to learn the fields inside them, a few
 * rounds. Bodies are then generated in that shape, so cases get past the first check to the code
 * behind it.
 */
async function discoverFields(): Promise<void> {
  const world = await makeWorld(harness.db);
  const namedIn = (body: { field?: unknown; fields?: { field?: unknown }[] } | null) =>
    [body?.field, ...(Array.isArray(body?.fields) ? body.fields.map((f) => f.field) : [])].filter(
      (f): f is string => typeof f === 'string' && f !== '',
    );
  const leavesOf = (fields: Set<string>) => [...fields].filter((f) => ![...fields].some((g) => g.startsWith(f + '.')));
  await Promise.all(
    routes.map(async (route, i) => {
      const e = route.expectation;
      const role = roles[e?.expect.indexOf(400) ?? -1];
      if (!e || !role || !['POST', 'PUT', 'PATCH'].includes(route.method)) return;
      const auth = role === 'anonymous' ? {} : await bearer(world.users[role]);
      const prepared = e.prepare ? await e.prepare(harness.db, world) : {};
      const fields = new Set<string>();
      const shape: MultipartShape = { jsonPart: null, files: [] };
      for (let round = 0; round < 6; round++) {
        const leaves = leavesOf(fields);
        const value = nest(
          leaves,
          leaves.map(() => ({})),
          {},
        );
        const sent = e.multipart
          ? buildBody(
              {
                kind: 'multipart',
                broken: false,
                parts: [
                  ...(shape.jsonPart
                    ? [
                        {
                          name: shape.jsonPart,
                          fileName: null,
                          contentType: 'application/json',
                          content: { kind: 'json', value },
                        } as const,
                      ]
                    : []),
                  ...shape.files.map(
                    (name) =>
                      ({
                        name,
                        fileName: 'note.txt',
                        contentType: 'text/plain',
                        content: { kind: 'sample', sample: 'text' },
                      }) as const,
                  ),
                ],
              },
              {},
            )
          : { body: JSON.stringify(value), contentType: 'application/json' };
        const res = await harness.api.request(e.url(world, prepared), {
          method: route.method,
          headers: { ...auth, 'content-type': sent.contentType! },
          body: sent.body as BodyInit,
        });
        const named = namedIn(res.body);
        const before = fields.size + shape.files.length + (shape.jsonPart ? 1 : 0);
        for (const name of named) {
          // A missing part of a multipart body: a file, or the JSON part with the fields.
          if (
            e.multipart &&
            res.body?.code === 'REQUIRED_PARAMETER' &&
            !shape.files.includes(name) &&
            name !== shape.jsonPart
          ) {
            if (/file|attachment|signature/i.test(name)) shape.files.push(name);
            else shape.jsonPart = name;
          } else fields.add(name);
        }
        if (fields.size + shape.files.length + (shape.jsonPart ? 1 : 0) === before) break;
      }
      if (fields.size) fieldsOf.set(i, leavesOf(fields));
      if (e.multipart && (shape.jsonPart || shape.files.length)) partsOf.set(i, shape);
    }),
  );
}
afterAll(async () => {
  await worker?.stop();
  await harness?.close();
});

function refsOf(world: World, prepared: Record<string, string | number>): Record<string, string | number> {
  const refs: Record<string, string | number> = {
    accountA: world.accountA,
    accountB: world.accountB,
    operatorTarget: world.operatorTarget,
    regulatorTarget: world.regulatorTarget,
    verificationBodyId: world.verificationBodyId,
  };
  for (const r of userRoles) {
    refs[r] = world.users[r].id;
    refs[`email:${r}`] = world.users[r].email;
  }
  return { ...refs, ...prepared };
}

async function authorization(caller: Caller, world: World): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'badToken') return { authorization: 'Bearer not.a.token' };
  const { authorization } = await bearer(world.users.adminOfA);
  if (caller === 'expiredToken')
    return { authorization: authorization.slice(0, -4) + (authorization.endsWith('AAAA') ? 'BBBB' : 'AAAA') };
  return bearer(world.users[caller]);
}

/** The URL of a case: the route's example URL with its path parameters and query values swapped as the case says. */
function urlOf(c: FuzzCase, example: string, refs: Record<string, string | number>): string {
  const route = routes[c.route];
  const [examplePath, exampleQuery = ''] = example.split('?');
  const exampleSegments = examplePath.split('/');
  let p = 0;
  const pathText = route.pattern
    .split('/')
    .map((segment, i) =>
      segment.startsWith(':') ? paramText(c.params[p++] ?? { kind: 'example' }, exampleSegments[i], refs) : segment,
    )
    .join('/');
  const pairs = exampleQuery ? exampleQuery.split('&').map((kv) => kv.split('=') as [string, string]) : [];
  const query: [string, string][] = [];
  const changed = new Map(c.query.changes.map((ch) => [pairs.length ? ch.at % pairs.length : -1, ch.to]));
  pairs.forEach(([k, v], i) => {
    const to = changed.get(i);
    if (to === 'drop') return;
    if (to === 'repeat') query.push([k, v], [k, v]);
    else query.push([k, to ? paramText(to, v, refs) : v]);
  });
  for (const [k, choice] of c.query.extra) query.push([encodeURIComponent(k), paramText(choice, '', refs)]);
  return pathText + (query.length ? '?' + query.map(([k, v]) => `${k}=${v}`).join('&') : '');
}

interface Failure {
  route: string;
  caller: Caller;
  url: string;
  status: number | 'no answer';
  body: unknown;
  sent: string;
}

/** The JSON error shape every refusal answers: { code, message }. */
const isErrorShape = (b: unknown) =>
  !!b &&
  typeof b === 'object' &&
  typeof (b as { code?: unknown }).code === 'string' &&
  typeof (b as { message?: unknown }).message === 'string';

it(
  `answers ${RUNS} generated requests over every route with a success or a 4xx in the JSON error shape`,
  async () => {
    const db = harness.db;
    const arb = fuzzArbitraries(harvestSchemas(), refNames);
    const arbCase: fc.Arbitrary<FuzzCase> = fc.nat({ max: routes.length - 1 }).chain((i) =>
      fc.record({
        route: fc.constant(i),
        caller: arb.caller,
        params: fc.tuple(...routes[i].params.map(() => arb.param)) as fc.Arbitrary<FuzzCase['params']>,
        query: arb.query,
        body: routes[i].expectation?.multipart
          ? partsOf.has(i)
            ? fc.oneof(
                {
                  weight: 3,
                  arbitrary: arb.shapedMultipart(
                    partsOf.get(i)!.jsonPart,
                    fieldsOf.get(i) ?? [],
                    partsOf.get(i)!.files,
                  ),
                },
                { weight: 1, arbitrary: arb.multipart },
              )
            : arb.multipart
          : ['GET', 'DELETE'].includes(routes[i].method)
            ? fc.oneof(
                { weight: 4, arbitrary: fc.constant({ kind: 'none' } as const) },
                { weight: 1, arbitrary: arb.body },
              )
            : fieldsOf.has(i)
              ? fc.oneof({ weight: 3, arbitrary: arb.shaped(fieldsOf.get(i)!) }, { weight: 1, arbitrary: arb.body })
              : arb.body,
      }),
    );

    const byStatus = new Map<string, number>();
    const failures: Failure[] = [];
    const slowest: { ms: number; sent: string }[] = [];
    const began = Date.now();
    let world = await makeWorld(db);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(arbCase, async (c) => {
        if (++n % WORLD_EVERY === 0) world = await makeWorld(db);
        const route = routes[c.route];
        const e = route.expectation;
        const prepared = e?.prepare ? await e.prepare(db, world) : {};
        const refs = refsOf(world, prepared);
        const url = urlOf(c, e ? e.url(world, prepared) : route.pattern, refs);
        const { body, contentType } = buildBody(c.body, refs);
        // Marked as drawn by chance for the contract check (test/api-answers.ts).
        const headers: Record<string, string> = {
          ...(await authorization(c.caller, world)),
          ...(contentType ? { 'content-type': contentType } : {}),
          [BY_CHANCE_HEADER]: '1',
        };
        const sent = `${route.method} ${url.slice(0, 300)} ${contentType ?? ''} ${typeof body === 'string' ? body.slice(0, 300) : body ? `<${body.length} bytes>` : ''}`;
        let status: number | 'no answer';
        let answer: unknown = null;
        const started = Date.now();
        try {
          const res = await fetch(harness.api.url + url, {
            method: route.method,
            headers,
            body: route.method === 'GET' || body === undefined ? undefined : (body as BodyInit),
            signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
          });
          status = res.status;
          const text = await res.text();
          answer = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text.slice(0, 200);
        } catch (err) {
          status = 'no answer';
          const cause = (err as Error & { cause?: Error & { code?: string } }).cause;
          answer = `${String(err)}${cause ? ` (${cause.code ?? ''} ${cause.message})` : ''}`;
        }
        byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
        slowest.push({ ms: Date.now() - started, sent });
        slowest.sort((a, b) => b.ms - a.ms).splice(3);
        const ok = typeof status === 'number' && (status < 400 || (status < 500 && isErrorShape(answer)));
        if (!ok)
          failures.push({ route: route.key, caller: c.caller, url: url.slice(0, 300), status, body: answer, sent });
        return true;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );

    const counts = [...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([s, k]) => `${s}: ${k}`);
    process.stdout.write(
      `\n[fuzz] ${RUNS} cases over ${routes.length} routes in ${Math.round((Date.now() - began) / 1000)} s (seed ${SEED}) — by status: ${counts.join(', ')}\n`,
    );
    if (process.env.FUZZ_VERBOSE)
      process.stdout.write(
        `[fuzz] fields found: ${[...fieldsOf].map(([i, f]) => `${routes[i].key} ${partsOf.has(i) ? JSON.stringify(partsOf.get(i)) : ''} {${f.join(', ')}}`).join('; ')}\n`,
      );
    process.stdout.write(
      `[fuzz] slowest answers: ${slowest.map((s) => `${s.ms} ms ${s.sent.slice(0, 120)}`).join('\n  ')}\n`,
    );
    if (failures.length) {
      const distinct = new Map<string, Failure>();
      for (const f of failures) distinct.set(`${f.route} ${f.status} ${JSON.stringify(f.body).slice(0, 80)}`, f);
      process.stdout.write(
        `[fuzz] ${failures.length} bad answers, ${distinct.size} distinct:\n${[...distinct.values()].map((f) => `  ${f.route} as ${f.caller} → ${f.status} ${JSON.stringify(f.body).slice(0, 160)}\n    sent ${f.sent}`).join('\n')}\n`,
      );
    }
    expect(failures.map((f) => `${f.route} → ${f.status} (seed ${SEED})`)).toEqual([]);
  },
  Math.max(300_000, RUNS * 300),
);

it('answers each path parameter of every route, tried with each awkward value, with a success or a 4xx in the JSON error shape', async () => {
  const db = harness.db;
  const byStatus = new Map<string, number>();
  const failures: Failure[] = [];
  const calls: (() => Promise<void>)[] = [];
  for (const [i, route] of routes.entries()) {
    const e = route.expectation;
    if (!e || route.params.length === 0) continue;
    // A world of each route's own: an empty or '..' parameter may reach another route, which may change it.
    const world = await makeWorld(db);
    // A caller the route lets in, so the parameters reach its handler.
    const role = roles[e.expect.findIndex((s) => s !== 401 && s !== 403)] ?? 'adminOfA';
    const prepared = e.prepare ? await e.prepare(db, world) : {};
    const refs = refsOf(world, prepared);
    const example = e.url(world, prepared);
    const body: BodyChoice = ['GET', 'DELETE'].includes(route.method)
      ? { kind: 'none' }
      : e.multipart
        ? {
            kind: 'multipart',
            broken: false,
            parts: [
              {
                name: 'file',
                fileName: 'note.txt',
                contentType: 'text/plain',
                content: { kind: 'sample', sample: 'text' },
              },
            ],
          }
        : { kind: 'json', value: (e.body ?? {}) as { [key: string]: never }, contentType: 'application/json' };
    for (let p = 0; p < route.params.length; p++) {
      for (const text of pathSweep) {
        calls.push(async () => {
          const c: FuzzCase = {
            route: i,
            caller: role,
            params: route.params.map((_, k) => (k === p ? { kind: 'raw', text } : { kind: 'example' })),
            query: { changes: [], extra: [] },
            body,
          };
          const url = urlOf(c, example, refs);
          const built = buildBody(body, refs);
          const headers = {
            ...(await authorization(role, world)),
            ...(built.contentType ? { 'content-type': built.contentType } : {}),
          };
          let status: number | 'no answer';
          let answer: unknown = null;
          try {
            const res = await fetch(harness.api.url + url, {
              method: route.method,
              headers,
              body: built.body as BodyInit | undefined,
              signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
            });
            status = res.status;
            const text = await res.text();
            answer = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text.slice(0, 200);
          } catch (err) {
            status = 'no answer';
            answer = String(err);
          }
          byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
          if (process.env.FUZZ_VERBOSE && typeof status === 'number' && status < 300)
            process.stdout.write(`[fuzz] ${status} ${route.method} ${url.slice(0, 160)}\n`);
          if (!(typeof status === 'number' && (status < 400 || (status < 500 && isErrorShape(answer)))))
            failures.push({
              route: route.key,
              caller: role,
              url: url.slice(0, 300),
              status,
              body: answer,
              sent: `${route.method} ${url.slice(0, 200)}`,
            });
        });
      }
    }
  }
  // A few at a time: the machine has two cores and the worker shares them.
  const began = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < calls.length) await calls[next++]!();
    }),
  );
  const counts = [...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([s, k]) => `${s}: ${k}`);
  process.stdout.write(
    `\n[fuzz] path parameters: ${calls.length} requests (${pathSweep.length} values for each parameter of ${routes.filter((r) => r.params.length).length} routes) in ${Math.round((Date.now() - began) / 1000)} s — by status: ${counts.join(', ')}\n`,
  );
  expect(failures.map((f) => `${f.route} ${f.url} → ${f.status} ${JSON.stringify(f.body).slice(0, 160)}`)).toEqual([]);
}, 600_000);
