// Token hashing, single use and expiry; passwords and one-time codes — against the
// test run's real PostgreSQL database.
import { randomUUID } from 'node:crypto';
import { createDb, migrate, type Db } from '../infra/db';
import { consumeToken, hashToken, issueToken, peekToken } from './one-time-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { base32Decode, base32Encode, totpAt, verifyTotp } from './totp';

let db: Db;
beforeAll(async () => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 2 });
  await migrate(db);
});
afterAll(() => db.destroy());

describe('e-mailed link tokens', () => {
  it('are stored only as their SHA-256 hash', async () => {
    const subject = randomUUID();
    const token = await issueToken(db, 'RESET_PASSWORD', subject);
    const rows = await db('identity_tokens').where({ subject });
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashToken(token));
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('work once, for their own purpose only', async () => {
    const subject = randomUUID();
    const token = await issueToken(db, 'VERIFY_EMAIL', subject);
    await expect(consumeToken(db, 'RESET_PASSWORD', token)).resolves.toBeNull();
    await expect(peekToken(db, 'VERIFY_EMAIL', token)).resolves.toBe(subject);
    await expect(consumeToken(db, 'VERIFY_EMAIL', token)).resolves.toBe(subject);
    await expect(consumeToken(db, 'VERIFY_EMAIL', token)).resolves.toBeNull();
  });

  it('expire (a reset link after 20 minutes)', async () => {
    const issued = new Date('2026-11-21T10:00:00Z');
    const token = await issueToken(db, 'RESET_PASSWORD', randomUUID(), issued);
    await expect(peekToken(db, 'RESET_PASSWORD', token, new Date('2026-11-21T10:19:00Z'))).resolves.not.toBeNull();
    await expect(consumeToken(db, 'RESET_PASSWORD', token, new Date('2026-11-21T10:21:00Z'))).resolves.toBeNull();
  });

  it('refuse unknown and malformed tokens', async () => {
    await expect(consumeToken(db, 'RESET_2FA', 'x'.repeat(43))).resolves.toBeNull();
    await expect(consumeToken(db, 'RESET_2FA', '')).resolves.toBeNull();
  });
});

describe('passwords', () => {
  it('are hashed with scrypt and a salt, and verified', async () => {
    const hash = await hashPassword('Correct-Horse-Battery-9');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await hashPassword('Correct-Horse-Battery-9')).not.toBe(hash);
    await expect(verifyPassword('Correct-Horse-Battery-9', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct-horse-battery-9', hash)).resolves.toBe(false);
    await expect(verifyPassword('anything', 'not-a-hash')).resolves.toBe(false);
  });
});

describe('one-time codes', () => {
  it('match the RFC 6238 test vector (SHA-1, 59 s)', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
    // RFC 6238 gives 94287082 for 8 digits; 6 digits are its last six.
    expect(totpAt(secret, 59_000)).toBe('287082');
  });

  it('accept the current step and one either side, nothing else', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    const now = 1_800_000_000_000;
    expect(verifyTotp(secret, totpAt(secret, now), now)).toBe(true);
    expect(verifyTotp(secret, totpAt(secret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totpAt(secret, now - 90_000), now)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });
});
