import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createTokenVerifier } from './verify-token';

const issuer = 'http://localhost:3000/auth';
const audience = 'esos-api';
let privateKey: CryptoKey;
let publicJwk: JWK;
let verify: ReturnType<typeof createTokenVerifier>;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
  verify = createTokenVerifier({ issuer, audience, keys: createLocalJWKSet({ keys: [publicJwk] }) });
});

function token(overrides: { iss?: string; aud?: string; exp?: number } = {}, key: CryptoKey = privateKey) {
  return new SignJWT({ email: 'olivia@example.org', given_name: 'Olivia', family_name: 'Operator' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
    .setSubject('user-1')
    .setIssuer(overrides.iss ?? issuer)
    .setAudience(overrides.aud ?? audience)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? Math.floor(Date.now() / 1000) + 300)
    .sign(key);
}

it('accepts a token of our issuer for our audience and returns the principal from its claims', async () => {
  await expect(verify(await token())).resolves.toEqual({
    subject: 'user-1',
    email: 'olivia@example.org',
    firstName: 'Olivia',
    lastName: 'Operator',
    issuedAt: expect.any(Number),
  });
});

it('refuses a token of another issuer', async () => {
  await expect(verify(await token({ iss: 'https://evil.example/auth' }))).resolves.toBeNull();
});

it('refuses a token for another audience', async () => {
  await expect(verify(await token({ aud: 'some-other-api' }))).resolves.toBeNull();
});

it('refuses an expired token', async () => {
  await expect(verify(await token({ exp: Math.floor(Date.now() / 1000) - 60 }))).resolves.toBeNull();
});

it('refuses a token signed with another key, and garbage', async () => {
  const other = await generateKeyPair('ES256');
  await expect(verify(await token({}, other.privateKey))).resolves.toBeNull();
  await expect(verify('not.a.token')).resolves.toBeNull();
});

describe('with verified tokens remembered (the default)', () => {
  let checks = 0;
  let cached: ReturnType<typeof createTokenVerifier>;
  let small: ReturnType<typeof createTokenVerifier>;

  beforeAll(() => {
    // Counts signature checks: jose asks for the key once per verification.
    const counting = (local: ReturnType<typeof createLocalJWKSet>): typeof local =>
      ((header, token) => {
        checks++;
        return local(header, token);
      }) as typeof local;
    const keys = createLocalJWKSet({ keys: [publicJwk] });
    cached = createTokenVerifier({ issuer, audience, keys: counting(keys) });
    small = createTokenVerifier({ issuer, audience, keys: counting(keys), cacheSize: 2 });
  });
  beforeEach(() => {
    checks = 0;
  });

  it('checks the signature of a token once, then answers from memory', async () => {
    const t = await token();
    const expected = {
      subject: 'user-1',
      email: 'olivia@example.org',
      firstName: 'Olivia',
      lastName: 'Operator',
      issuedAt: expect.any(Number),
    };
    await expect(cached(t)).resolves.toEqual(expected);
    await expect(cached(t)).resolves.toEqual(expected);
    await expect(cached(t)).resolves.toEqual(expected);
    expect(checks).toBe(1);
  });

  it('refuses a remembered token from the second its exp is reached', async () => {
    // exp is in whole seconds: the next second boundary plus one, so the token lives 1–2 s.
    const exp = Math.ceil(Date.now() / 1000) + 1;
    const t = await token({ exp });
    await expect(cached(t)).resolves.toMatchObject({ subject: 'user-1' });
    await expect(cached(t)).resolves.toMatchObject({ subject: 'user-1' });
    expect(checks).toBe(1);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 5));
    await expect(cached(t)).resolves.toBeNull();
    await expect(cached(t)).resolves.toBeNull();
  });

  it('refuses a remembered token with a changed claim or signature', async () => {
    const t = await token();
    await expect(cached(t)).resolves.toMatchObject({ subject: 'user-1' });
    const [header, payload, signature] = t.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherSubject = Buffer.from(JSON.stringify({ ...claims, sub: 'user-2' })).toString('base64url');
    const longerLife = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    await expect(cached(`${header}.${otherSubject}.${signature}`)).resolves.toBeNull();
    await expect(cached(`${header}.${longerLife}.${signature}`)).resolves.toBeNull();
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    await expect(cached(`${header}.${payload}.${flipped}`)).resolves.toBeNull();
    // Refusals are not remembered either: each is checked again.
    const before = checks;
    await expect(cached(`${header}.${otherSubject}.${signature}`)).resolves.toBeNull();
    expect(checks).toBe(before + 1);
    // And the genuine token still works.
    await expect(cached(t)).resolves.toMatchObject({ subject: 'user-1' });
  });

  it('refuses an expired token and a token signed with another key, as without the cache', async () => {
    await expect(cached(await token({ exp: Math.floor(Date.now() / 1000) - 60 }))).resolves.toBeNull();
    const other = await generateKeyPair('ES256');
    await expect(cached(await token({}, other.privateKey))).resolves.toBeNull();
    await expect(cached(await token({ iss: 'https://evil.example/auth' }))).resolves.toBeNull();
  });

  it('keeps at most cacheSize tokens, dropping the least recently used', async () => {
    const [a, b, c] = [
      await token(),
      await token({ exp: Math.floor(Date.now() / 1000) + 301 }),
      await token({ exp: Math.floor(Date.now() / 1000) + 302 }),
    ];
    await small(a);
    await small(b);
    await small(a); // a is now the most recently used
    expect(checks).toBe(2);
    await small(c); // drops b
    await small(a);
    expect(checks).toBe(3);
    await small(b);
    expect(checks).toBe(4);
  });
});
