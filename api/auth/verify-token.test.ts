import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createTokenVerifier } from './verify-token';

const issuer = 'http://localhost:3000/auth';
const audience = 'esos-api';
let privateKey: CryptoKey;
let verify: ReturnType<typeof createTokenVerifier>;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
  verify = createTokenVerifier({ issuer, audience, keys: createLocalJWKSet({ keys: [jwk] }) });
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
  await expect(verify(await token())).resolves.toEqual({ subject: 'user-1', email: 'olivia@example.org', firstName: 'Olivia', lastName: 'Operator' });
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
