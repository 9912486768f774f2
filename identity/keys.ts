// The provider's signing key and cookie keys: generated on first start and kept in the database,
// so tokens and sessions stay valid across restarts and replicas.
import { generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import type { Knex } from 'knex';

async function loadOrCreate<T>(db: Knex, name: string, create: () => T): Promise<T> {
  const existing = await db('identity_keys').where({ name }).first();
  if (existing) return existing.value as T;
  // Two replicas starting together: the first insert wins and both read it back.
  await db('identity_keys')
    .insert({ name, value: JSON.stringify(create()) })
    .onConflict('name')
    .ignore();
  return (await db('identity_keys').where({ name }).first()).value as T;
}

export async function signingKeys(db: Knex): Promise<{ keys: JsonWebKey[] }> {
  return loadOrCreate(db, 'jwks', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' }] };
  });
}

export async function cookieKeys(db: Knex): Promise<string[]> {
  return loadOrCreate(db, 'cookie-keys', () => [randomBytes(32).toString('base64url')]);
}

/** The public halves, for verifying our own tokens without a round trip to /auth/jwks. */
export async function publicJwks(db: Knex): Promise<{ keys: JsonWebKey[] }> {
  const { keys } = await signingKeys(db);
  return { keys: keys.map(({ d: _d, ...pub }) => pub) };
}
