// Bearer tokens as the embedded provider issues them: ES256 JWTs signed by a key of the bench's own,
// checked in the API by the production verifier (api/auth/verify-token.ts).
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export const ISSUER = 'http://bench.test/auth';
export const AUDIENCE = 'esos-api';

let signingKey: CryptoKey;

/** Makes the signing key; answers the public key the API processes verify with. */
export async function createSigningKey(): Promise<JWK> {
  const pair = await generateKeyPair('ES256', { extractable: true });
  signingKey = pair.privateKey;
  return { ...(await exportJWK(pair.publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
}

export const mint = (userId: string) =>
  new SignJWT({ email: `${userId}@bench.test`, given_name: 'Bench', family_name: userId })
    .setProtectedHeader({ alg: 'ES256', kid: 'bench', typ: 'at+jwt' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(signingKey);
