// Bearer tokens for API tests, signed with a key pair made once per test file, and the matching
// verifyToken for startApi({ verifyToken }). Independent of the identity provider on purpose.
import { generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { Principal } from '../api/auth/principal';
import { loadConfig } from '../infra/config';

let keys: Promise<{ publicKey: CryptoKey; privateKey: CryptoKey }> | null = null;
const getKeys = () => (keys ??= generateKeyPair('ES256'));
// Read once: loadConfig() asks git for the commit hash, far too slow to run on every request.
let oidcConfig: ReturnType<typeof loadConfig>['oidc'] | null = null;
const oidcOf = () => (oidcConfig ??= loadConfig().oidc);

export interface TokenUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

export interface MintOptions {
  expiresIn?: string;
  issuer?: string;
  audience?: string;
  /** The token's iat in seconds; default now. */
  issuedAt?: number;
  /** The token's auth_time in seconds. */
  authTime?: number;
}

export async function mintToken(user: TokenUser, options: MintOptions = {}): Promise<string> {
  const oidc = oidcOf();
  const { privateKey } = await getKeys();
  return new SignJWT({
    email: user.email,
    given_name: user.firstName ?? 'Test',
    family_name: user.lastName ?? 'User',
    ...(options.authTime ? { auth_time: options.authTime } : {}),
  })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(user.id)
    .setIssuer(options.issuer ?? oidc.issuer)
    .setAudience(options.audience ?? oidc.audience)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(privateKey);
}

/** Verifies like the real API: signature, issuer, audience and expiry. */
export async function verifyTestToken(token: string): Promise<Principal | null> {
  const oidc = oidcOf();
  const { publicKey } = await getKeys();
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      issuer: oidc.issuer,
      audience: oidc.audience,
      algorithms: ['ES256'],
    });
    if (!payload.sub || typeof payload.email !== 'string') return null;
    return {
      subject: payload.sub,
      email: payload.email,
      firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
      lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
      issuedAt: payload.iat,
      ...(typeof payload.auth_time === 'number' ? { authTime: payload.auth_time } : {}),
    };
  } catch {
    return null;
  }
}

/** Authorization header for a user. */
export async function bearer(user: TokenUser, options: MintOptions = {}): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await mintToken(user, options)}` };
}

/** A token from signing in again after the user's sign-ins were ended (issued in a later second than the revocation). */
export const signedInAgain = (user: TokenUser) => bearer(user, { issuedAt: Math.floor(Date.now() / 1000) + 1 });
