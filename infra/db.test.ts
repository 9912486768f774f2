// A worker started beside a web process that has not migrated yet waits for the schema: on a database
// that does not exist, then one with no tables, until the migrations have all run.
import { createDb, dropDatabase, ensureDatabase, migrate, pendingMigrations, waitForSchema, type Db } from './db';

const databaseUrl = (() => {
  const url = new URL(process.env.ESOS_TEST_DATABASE_URL!);
  url.pathname = `${url.pathname}_schema_${process.pid}`;
  return url.toString();
})();
let db: Db;

beforeAll(() => {
  db = createDb(databaseUrl, { min: 0, max: 2 });
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(databaseUrl);
}, 30_000);

it('waits while the database is missing or unmigrated, says why once, and goes on when it is migrated', async () => {
  const reasons: string[] = [];
  let ready = false;
  // The pool logs each connection it fails to open as a warning: while the database is missing, none is tried.
  const acquire = jest.spyOn(db.client, 'acquireConnection');
  const waiting = waitForSchema(db, (reason) => reasons.push(reason), 50).then(() => (ready = true));
  await new Promise((r) => setTimeout(r, 300));
  expect(ready).toBe(false);
  expect(reasons).toEqual([expect.stringContaining('does not exist')]);
  expect(acquire).not.toHaveBeenCalled();
  acquire.mockRestore();

  await ensureDatabase(databaseUrl);
  const all = await pendingMigrations(db);
  expect(all.length).toBeGreaterThan(10);
  expect(ready).toBe(false);

  await migrate(db);
  await waiting;
  expect(await pendingMigrations(db)).toEqual([]);
  expect(reasons).toHaveLength(1);
});
