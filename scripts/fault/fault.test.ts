// Faults: PostgreSQL stopped under the API (503 with a JSON message, health naming the database,
// recovery without a restart), and `npm run fault` in short (N = 10, with its requests for
// information and published data) with no anomaly. Both use a PostgreSQL cluster of their own
// (scripts/fault/own-postgres.ts): stopping the machine's shared one would break every other test run.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Client } from '@temporalio/client';
import { createApp } from '../../api/app';
import { createHttpServer } from '../../api/http-server';
import { loadConfig } from '../../infra/config';
import { createDb } from '../../infra/db';
import { createLogger } from '../../infra/logger';
import { ClamdScanner } from '../../infra/clamd';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createUser, grantRegulator } from '../../test/factories';
import { OwnPostgres } from './own-postgres';
import { tempDir } from './preparation';
import { prepareDatabase } from '../../infra/db';
import { faultApiLog } from './api-log';
import { runFaults } from './run';
import { formatReport } from './summary';
import Koa from 'koa';
import { errorHandler } from '../../api/middleware/errors';
import fs from 'node:fs';

describe('PostgreSQL down under the API', () => {
  let pg: OwnPostgres;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('esos-pgdown-');
    pg = await OwnPostgres.create(path.join(dir, 'pg'));
    await prepareDatabase(pg.url);
  }, 120_000);
  afterAll(() => {
    pg?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with a JSON message within seconds, says in /api/health that the database is down, and recovers by itself', async () => {
    const config = { ...loadConfig(), databaseUrl: pg.url };
    const db = createDb(pg.url, { min: 0, max: 5 });
    const app = createApp({
      config,
      db,
      logger: createLogger('silent'),
      temporal: () => Promise.reject(new Error('Temporal is not part of this test')) as Promise<Client>,
      verifyToken: verifyTestToken,
      virusScanner: new ClamdScanner(config.clamav),
    });
    const server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const regulator = await createUser(db);
      await grantRegulator(db, regulator, 'ENGLAND');
      const get = async (p: string) => {
        const t0 = Date.now();
        const res = await fetch(url + p, { headers: await bearer(regulator), signal: AbortSignal.timeout(30_000) });
        return {
          status: res.status,
          body: await res.json(),
          ms: Date.now() - t0,
          retryAfter: res.headers.get('retry-after'),
        };
      };
      expect((await get('/api/v1.0/users')).status).toBe(200);
      expect((await get('/api/health')).body.components.database).toBe('UP');

      pg.stopImmediately();
      // Connections the pool held are dead, new ones refused: each call answers 503, none hangs.
      for (let i = 0; i < 3; i++) {
        const down = await get('/api/v1.0/users');
        expect(down).toMatchObject({
          status: 503,
          body: {
            code: 'SERVICE_UNAVAILABLE',
            message: expect.stringContaining('The database cannot be reached'),
            unavailable: 'database',
          },
          retryAfter: '10',
        });
        expect(down.ms).toBeLessThan(10_000);
      }
      const health = await get('/api/health');
      expect(health).toMatchObject({ status: 503, body: { status: 'DOWN', components: { database: 'DOWN' } } });
      expect(health.ms).toBeLessThan(5_000);

      await pg.start();
      // Back: the same process answers again, with no restart.
      let status = 0;
      const until = Date.now() + 30_000;
      while (Date.now() < until && status !== 200) {
        status = (await get('/api/v1.0/users')).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      expect((await get('/api/health')).body.components.database).toBe('UP');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    }
  }, 120_000);
});

it('keeps, for an anomaly, what the API logged behind a 500, and nothing for a 503 or a refusal', async () => {
  const log = faultApiLog('silent');
  const app = new Koa();
  app.use(errorHandler(log.logger));
  app.use((ctx) => {
    if (ctx.path === '/broken') throw Object.assign(new Error('column "x" does not exist'), { code: '42703' });
    if (ctx.path === '/away')
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    ctx.throw(400, 'bad');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    expect((await fetch(`${url}/broken`, { method: 'POST' })).status).toBe(500);
    expect((await fetch(`${url}/away`)).status).toBe(503);
    expect((await fetch(`${url}/refused`)).status).toBe(400);
    expect(log.errorBehind('POST /broken')).toMatch(
      /^Error \(code 42703\): column "x" does not exist at .*fault\.test\.ts/,
    );
    expect(log.errorBehind('GET /away')).toBeUndefined();
    expect(log.errorBehind('GET /refused')).toBeUndefined();
  } finally {
    server.close();
  }
});

describe('npm run fault, short', () => {
  it(
    'takes 10 organisations through every process, an RFI each and published data beside them, while the worker, Temporal and PostgreSQL are killed, with no anomaly',
    async () => {
      const lines: string[] = [];
      // (On a loaded machine it can take long: past 15 minutes it stops and reports what is unfinished.)
      const report = await runFaults({
        submissions: 10,
        concurrency: 10,
        faultGapMs: [3000, 8000],
        deadlineMs: 15 * 60_000,
        log: (line) => lines.push(line),
      });
      const text = formatReport(report);
      // Shown when it fails: what happened, in order.
      if (report.anomalies.length || report.completed !== 10) throw new Error(`${lines.join('\n')}\n${text}`);
      expect(report.completed).toBe(10);
      expect(report.anomalies).toEqual([]);
      // The issue-11 case ran: the worker was killed while a notification's submission was in flight.
      // (Under Jest on a quiet machine the answer has been seen to arrive before the kill: not yet understood.)
      expect(report.inFlightNotificationKill).toMatchObject({ done: true });
      expect(report.kills.worker).toBeGreaterThanOrEqual(1);
      // Each organisation's RFI ended (half answered, half expired), one with the worker killed between its
      // reminders; published data was built and published, the first build with the worker killed under it.
      expect(report.rfis).toMatchObject({ sent: 10, answered: 5, expired: 5, reminders: 20 });
      expect(report.rfis.killedBetweenReminders).not.toBeNull();
      expect(report.publications.builds).toBeGreaterThanOrEqual(1);
      expect(report.publications.published).toBeGreaterThanOrEqual(1);
      expect(report.publications.killedMidBuild).not.toBeNull();
    },
    25 * 60_000,
  );
});
