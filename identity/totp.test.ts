// One-time codes are single use: the step of the last accepted code is kept per sign-in, and a
// code of that step or an earlier one is refused — against the test run's real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { createDb, migrate, type Db } from '../infra/db';
import { base32Encode, generateSecret, matchTotpStep, redeemTotpCode, stepAt, totpAt } from './totp';

let db: Db;
beforeAll(async () => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 4 });
  await migrate(db);
});
afterAll(() => db.destroy());

const now = 1_800_000_000_000;

async function signIn(secret: string | null): Promise<string> {
  const subject = randomUUID();
  await db('identity_credentials').insert({
    subject,
    email: `${subject}@example.test`,
    password_hash: 'x',
    email_verified_at: new Date(),
    totp_secret: secret,
  });
  return subject;
}

const lastStep = async (subject: string) =>
  Number((await db('identity_credentials').where({ subject }).first('totp_last_step')).totp_last_step);

it('names the step a code belongs to: this one or one either side', () => {
  const secret = base32Encode(Buffer.from('12345678901234567890'));
  expect(matchTotpStep(secret, totpAt(secret, now), now)).toBe(stepAt(now));
  expect(matchTotpStep(secret, totpAt(secret, now - 30_000), now)).toBe(stepAt(now) - 1);
  expect(matchTotpStep(secret, totpAt(secret, now + 30_000), now)).toBe(stepAt(now) + 1);
  expect(matchTotpStep(secret, totpAt(secret, now - 60_000), now)).toBeNull();
  expect(matchTotpStep(secret, '12 34', now)).toBeNull();
});

it('accepts a code once: the same code again, in the same 30 seconds, is a replay', async () => {
  const secret = generateSecret();
  const subject = await signIn(secret);
  const code = totpAt(secret, now);
  await expect(redeemTotpCode(db, subject, secret, code, { now })).resolves.toBe('accepted');
  await expect(redeemTotpCode(db, subject, secret, code, { now: now + 5_000 })).resolves.toBe('replayed');
  expect(await lastStep(subject)).toBe(stepAt(now));
  // The next step's code still works.
  await expect(redeemTotpCode(db, subject, secret, totpAt(secret, now + 30_000), { now: now + 30_000 })).resolves.toBe(
    'accepted',
  );
});

it('refuses a code of an earlier step than the last accepted one, though still inside the drift window', async () => {
  const secret = generateSecret();
  const subject = await signIn(secret);
  await expect(redeemTotpCode(db, subject, secret, totpAt(secret, now + 30_000), { now })).resolves.toBe('accepted');
  await expect(redeemTotpCode(db, subject, secret, totpAt(secret, now), { now })).resolves.toBe('replayed');
});

it('lets only one of two requests racing with the same code through', async () => {
  const secret = generateSecret();
  const subject = await signIn(secret);
  const code = totpAt(secret, now);
  const outcomes = await Promise.all([
    redeemTotpCode(db, subject, secret, code, { now }),
    redeemTotpCode(db, subject, secret, code, { now }),
  ]);
  expect(outcomes.sort()).toEqual(['accepted', 'replayed']);
});

it('answers wrong for a wrong code, without recording anything', async () => {
  const secret = generateSecret();
  const subject = await signIn(secret);
  const wrong = totpAt(secret, now) === '000000' ? '111111' : '000000';
  await expect(redeemTotpCode(db, subject, secret, wrong, { now })).resolves.toBe('wrong');
  expect((await db('identity_credentials').where({ subject }).first('totp_last_step')).totp_last_step).toBeNull();
});

it('saves a secret being set up with the step of its first code, starting a new sequence', async () => {
  const subject = await signIn(null);
  const old = generateSecret();
  await db('identity_credentials')
    .where({ subject })
    .update({ totp_secret: old, totp_last_step: stepAt(now) + 5 });
  const fresh = generateSecret();
  await expect(redeemTotpCode(db, subject, fresh, totpAt(fresh, now), { now, setUp: true })).resolves.toBe('accepted');
  const row = await db('identity_credentials').where({ subject }).first();
  expect(row.totp_secret).toBe(fresh);
  expect(Number(row.totp_last_step)).toBe(stepAt(now));
  // The first code cannot then sign in again.
  await expect(redeemTotpCode(db, subject, fresh, totpAt(fresh, now), { now })).resolves.toBe('replayed');
});

it('answers wrong for a code of a secret the sign-in no longer has (reset meanwhile)', async () => {
  const secret = generateSecret();
  const subject = await signIn(secret);
  await db('identity_credentials').where({ subject }).update({ totp_secret: null });
  await expect(redeemTotpCode(db, subject, secret, totpAt(secret, now), { now })).resolves.toBe('wrong');
});
