// Runs the real Koa app on an ephemeral port against the test run's PostgreSQL database.
import type { AddressInfo } from 'node:net';
import type { Client } from '@temporalio/client';
import { createApp } from '../api/app';
import { createHttpServer } from '../api/http-server';
import type { AppDeps } from '../api/deps';
import { loadConfig } from '../infra/config';
import { createDb } from '../infra/db';
import { createLogger } from '../infra/logger';
import { testClock } from './clock';
import { ClamdScanner } from '../infra/clamd';
import { recordAnswers } from './api-answers';

export interface ApiHarness {
  url: string;
  deps: AppDeps;
  request: (path: string, init?: RequestInit) => Promise<{ status: number; headers: Headers; body: any }>;
  close: () => Promise<void>;
}

export async function startApi(overrides: Partial<AppDeps> = {}): Promise<ApiHarness> {
  const databaseUrl = process.env.ESOS_TEST_DATABASE_URL;
  if (!databaseUrl)
    throw new Error('ESOS_TEST_DATABASE_URL is not set: run through `npm test` or jest with the server project');
  const base = loadConfig();
  const config = { ...base, databaseUrl, reporting: { ...base.reporting, now: testClock } };
  const db = createDb(databaseUrl, { min: 0, max: 5 });
  const deps: AppDeps = {
    config,
    db,
    logger: createLogger('silent'),
    temporal: () => Promise.reject(new Error('Temporal is not part of this test')) as Promise<Client>,
    verifyToken: async () => null,
    // The run's own clamd (test/setup/server-setup.ts starts it and sets CLAMAV_SOCKET).
    virusScanner: new ClamdScanner(config.clamav),
    ...overrides,
  };
  const app = createApp(deps);
  recordAnswers(app);
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deps,
    request: async (path, init) => {
      const res = await fetch(url + path, init);
      const text = await res.text();
      let body: unknown = text;
      if (res.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text);
      return { status: res.status, headers: res.headers, body };
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}
