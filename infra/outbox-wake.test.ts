// The dispatcher's wake-up on the real database: a queued e-mail wakes it when its transaction
// commits, never for a rolled-back one, and a burst wakes it once. It runs on a database of its own:
// the other test files queue e-mails on the shared one at any moment, and each would wake it.
import { createDb, dropDatabase, ensureDatabase, migrate, type Db } from './db';
import { queueEmails } from './outbox';
import { listenForQueuedEmails, type OutboxWake } from './outbox-wake';

let db: Db;
let listener: OutboxWake;
let wakes = 0;
const databaseUrl = (() => {
  const url = new URL(process.env.ESOS_TEST_DATABASE_URL!);
  url.pathname = `${url.pathname}_wake_${process.pid}`;
  return url.toString();
})();

beforeAll(async () => {
  await ensureDatabase(databaseUrl);
  db = createDb(databaseUrl);
  await migrate(db);
  listener = listenForQueuedEmails(databaseUrl, () => void wakes++, { debounceMs: 100 });
  await listener.ready;
  await new Promise((r) => setTimeout(r, 300));
});

afterAll(async () => {
  await listener?.stop();
  await db?.destroy();
  await dropDatabase(databaseUrl);
}, 30_000);

const settle = () => new Promise((r) => setTimeout(r, 400));
const email = (n: number) => ({ to: `wake-${n}@example.test`, subject: 'Wake test', text: 'x', template: 'WakeTest' });

it('wakes on commit, once for a burst, and not for a rolled-back transaction', async () => {
  wakes = 0;
  await db.transaction(async (trx) => {
    await queueEmails(trx, [email(1)]);
    await new Promise((r) => setTimeout(r, 300));
    // Not yet committed: nobody is woken for an e-mail that may never exist.
    expect(wakes).toBe(0);
  });
  await settle();
  expect(wakes).toBe(1);

  wakes = 0;
  await Promise.all([1, 2, 3, 4, 5].map((n) => queueEmails(db, [email(n)])));
  await settle();
  expect(wakes).toBe(1);

  wakes = 0;
  await db
    .transaction(async (trx) => {
      await queueEmails(trx, [email(6)]);
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await settle();
  expect(wakes).toBe(0);
});
