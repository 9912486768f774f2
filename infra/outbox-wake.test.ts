// The dispatcher's wake-up on the real database: a queued e-mail wakes it when its transaction
// commits, never for a rolled-back one, and a burst wakes it once.
import { createDb, type Db } from './db';
import { queueEmails } from './outbox';
import { listenForQueuedEmails, type OutboxWake } from './outbox-wake';

let db: Db;
let listener: OutboxWake;
let wakes = 0;

beforeAll(async () => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!);
  listener = listenForQueuedEmails(process.env.ESOS_TEST_DATABASE_URL!, () => void wakes++, { debounceMs: 100 });
  await listener.ready;
  await new Promise((r) => setTimeout(r, 300));
});

afterAll(async () => {
  await listener?.stop();
  await db?.destroy();
});

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
  await db('email_outbox').where({ template: 'WakeTest' }).delete();
});
