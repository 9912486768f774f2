// Where the file-token key comes from: FILE_TOKEN_SECRET when set, otherwise one secret kept in the
// database, so that separate API processes (each with its own database handle) accept each other's tokens.
import { createDb, type Db } from '../../infra/db';
import { loadConfig } from '../../infra/config';
import { fileTokenKey, issueFileToken, verifyFileToken } from './tokens';

const uuid = '0b0e7a52-3f0c-4d1e-8a3b-5f7c9d2e4a61';
const unset = { fileTokenSecret: null };
let replicaA: Db;
let replicaB: Db;
beforeAll(() => {
  replicaA = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 2 });
  replicaB = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 2 });
});
afterAll(async () => {
  await replicaA.destroy();
  await replicaB.destroy();
});

describe('the file token key without FILE_TOKEN_SECRET', () => {
  it('is one secret in the database, created once even when two processes start together', async () => {
    const [a, b] = await Promise.all([
      fileTokenKey({ config: unset, db: replicaA }),
      fileTokenKey({ config: unset, db: replicaB }),
    ]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(a.length).toBe(32);
    expect(await replicaA('identity_keys').where({ name: 'file-token-secret' })).toHaveLength(1);
  });

  it('lets a token issued by one process be downloaded through another', async () => {
    const { token } = await issueFileToken({ config: unset, db: replicaA }, { uuid, kind: 'SIGNATURE' });
    await expect(verifyFileToken({ config: unset, db: replicaB }, token, ['ATTACHMENT', 'SIGNATURE'])).resolves.toEqual(
      { uuid, kind: 'SIGNATURE', userId: null },
    );
  });

  it('is not the key of a deployment that sets FILE_TOKEN_SECRET, nor the other way round', async () => {
    const secretSet = { config: { fileTokenSecret: 'a-configured-secret-of-at-least-32-chars' }, db: replicaA };
    const fromDb = await issueFileToken({ config: unset, db: replicaA }, { uuid, kind: 'ATTACHMENT' });
    await expect(verifyFileToken(secretSet, fromDb.token, 'ATTACHMENT')).rejects.toMatchObject({
      status: 400,
      code: 'TOKEN1001',
    });
    const fromSecret = await issueFileToken(secretSet, { uuid, kind: 'ATTACHMENT' });
    await expect(
      verifyFileToken({ config: unset, db: replicaB }, fromSecret.token, 'ATTACHMENT'),
    ).rejects.toMatchObject({ status: 400, code: 'TOKEN1001' });
    await expect(verifyFileToken(secretSet, fromSecret.token, 'ATTACHMENT')).resolves.toMatchObject({ uuid });
  });
});

describe('FILE_TOKEN_SECRET in the configuration', () => {
  const saved = process.env.FILE_TOKEN_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.FILE_TOKEN_SECRET;
    else process.env.FILE_TOKEN_SECRET = saved;
  });

  it('is null when unset, in production too: no per-process fallback', () => {
    delete process.env.FILE_TOKEN_SECRET;
    expect(loadConfig().fileTokenSecret).toBeNull();
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(loadConfig().fileTokenSecret).toBeNull();
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('must be at least 32 characters long', () => {
    process.env.FILE_TOKEN_SECRET = 'x'.repeat(31);
    expect(() => loadConfig()).toThrow('FILE_TOKEN_SECRET must be at least 32 characters long');
    process.env.FILE_TOKEN_SECRET = 'x'.repeat(32);
    expect(loadConfig().fileTokenSecret).toBe('x'.repeat(32));
  });
});
