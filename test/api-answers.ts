// Records which status each API route answered during a test run, for the contract check
// (test/api-contract.ts). On when ESOS_API_ANSWERS names a directory (`npm test` makes one): each
// Jest worker appends the route-and-status pairs it has not written yet to a file of its own, so
// parallel workers never share a file.
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';

const written = new Set<string>();

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
      const answer = key && `${key} ${ctx.status}`;
      if (answer && !written.has(answer)) {
        written.add(answer);
        fs.appendFileSync(file, answer + '\n');
      }
    }
  });
}

/** Every `METHOD /route status` line recorded in the directory. */
export function readAnswers(dir: string): Set<string> {
  const lines = fs.readdirSync(dir).flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'));
  return new Set(lines.filter(Boolean));
}
