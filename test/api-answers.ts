// Records which status each API route answered during a test run, for the contract check
// (test/api-contract.ts). On when ESOS_API_ANSWERS names a directory (`npm test` makes one): each
// Jest worker appends the route-and-status pairs it has not written yet to a file of its own, so
// parallel workers never share a file. An answer to a request generated at random (the fuzz run marks
// them with BY_CHANCE_HEADER) is written as `chance …`: it counts when the answer is undocumented,
// but not as a documented answer seen, since another run's draw may not provoke it.
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';

const written = new Set<string>();

/** The header the fuzz run sends on its randomly generated requests. */
export const BY_CHANCE_HEADER = 'x-esos-test-by-chance';
/** How the recorder marks an answer to such a request. */
const CHANCE = 'chance ';

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
    }
  });
}

/** The `METHOD /route status` answers recorded in the directory: all of them, and those a test provokes every run. */
export function readAnswers(dir: string): { all: Set<string>; everyRun: Set<string> } {
  const lines = fs
    .readdirSync(dir)
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter(Boolean);
  return {
    all: new Set(lines.map((l) => (l.startsWith(CHANCE) ? l.slice(CHANCE.length) : l))),
    everyRun: new Set(lines.filter((l) => !l.startsWith(CHANCE))),
  };
}
