// Records which status each API route answered during a test run, for the contract check
// (test/api-contract.ts). On when ESOS_API_ANSWERS names a directory (`npm test` makes one): each
// Jest worker appends the route-and-status pairs it has not written yet to a file of its own, so
// parallel workers never share a file. An answer to a request generated at random (the fuzz run marks
// them with BY_CHANCE_HEADER) is written as `chance …`: it counts when the answer is undocumented,
// but not as a documented answer seen, since another run's draw may not provoke it. A success
// answer of a route with a `response` schema is validated against it, as the caller reads it (the
// body through JSON): a mismatch is written as `mismatch KEY STATUS: the first problems`, and the
// contract check fails on it.
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import * as v from 'valibot';
import type { RouteDef } from '../api/routing';

const written = new Set<string>();

/** The header the fuzz run sends on its randomly generated requests. */
export const BY_CHANCE_HEADER = 'x-esos-test-by-chance';
/** How the recorder marks an answer to such a request. */
const CHANCE = 'chance ';
const MISMATCH = 'mismatch ';

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The first few problems of a body that its route's response schema refuses, or undefined when it fits. */
export function responseProblems(route: Pick<RouteDef, 'response'>, status: number, body: unknown): string | undefined {
  if (!route.response || status < 200 || status >= 300 || status === 204) return undefined;
  if (body === undefined || Buffer.isBuffer(body) || (body && typeof (body as { pipe?: unknown }).pipe === 'function'))
    return undefined;
  // A body the handler wrote as JSON text already (GET /data, for its ETag) is read as the caller reads it.
  const sent: unknown =
    typeof body === 'string' ? parsedOrText(body) : body === null ? null : JSON.parse(JSON.stringify(body));
  const result = v.safeParse(route.response, sent);
  if (result.success) return undefined;
  return result.issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`)
    .join('; ');
}

/** Puts the recorder first in the app's middleware, so it sees the status the caller gets. */
export function recordAnswers(app: Koa): void {
  const dir = process.env.ESOS_API_ANSWERS;
  if (!dir) return;
  const file = path.join(dir, `${process.pid}.txt`);
  app.middleware.unshift(async (ctx, next) => {
    try {
      await next();
    } finally {
      // The route's key (api/routing.ts) when a route of the tables matched.
      const key = ctx.state.routeKey as string | undefined;
      const answer = key && `${ctx.get(BY_CHANCE_HEADER) ? CHANCE : ''}${key} ${ctx.status}`;
      if (answer && !written.has(answer)) {
        written.add(answer);
        fs.appendFileSync(file, answer + '\n');
      }
      const route = ctx.state.route as RouteDef | undefined;
      const body: unknown = 'answerBody' in ctx.state ? ctx.state.answerBody : ctx.body;
      const problems = key && route && responseProblems(route, ctx.status, body);
      const mismatch = problems && `${MISMATCH}${key} ${ctx.status}`;
      if (mismatch && !written.has(mismatch)) {
        written.add(mismatch);
        fs.appendFileSync(file, `${mismatch}: ${problems}\n`);
      }
    }
  });
}

export interface RecordedAnswers {
  /** Every `METHOD /route status` answered. */
  all: Set<string>;
  /** Those a test provokes every run. */
  everyRun: Set<string>;
  /** `METHOD /route status: problems` of success bodies their route's response schema refuses. */
  mismatches?: string[];
}

/** The answers recorded in the directory. */
export function readAnswers(dir: string): RecordedAnswers {
  const all = fs
    .readdirSync(dir)
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter(Boolean);
  const lines = all.filter((l) => !l.startsWith(MISMATCH));
  return {
    mismatches: [...new Set(all.filter((l) => l.startsWith(MISMATCH)).map((l) => l.slice(MISMATCH.length)))].sort(),
    all: new Set(lines.map((l) => (l.startsWith(CHANCE) ? l.slice(CHANCE.length) : l))),
    everyRun: new Set(lines.filter((l) => !l.startsWith(CHANCE))),
  };
}
