// Bearer tokens are JWT access tokens of the OpenID Connect provider: checked locally with its
// published keys (fetched once and cached by jose), for our issuer and our audience, unexpired.
// A token that passed is remembered until its own expiry: the SPA sends the same token on every
// call, and an ECDSA verification per request was the largest CPU cost of a list call.
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Principal } from './principal';
import { GENERATION_CLAIM } from '../../identity/sessions';

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** Default: the issuer's JWKS (`/jwks` for the embedded provider, discovery for others). */
  keys?: JWTVerifyGetKey;
  jwksUri?: string;
  /** Verified tokens remembered (least recently used dropped first); 0 turns the cache off. Default 10,000. */
  cacheSize?: number;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function createTokenVerifier(options: VerifierOptions): (token: string) => Promise<Principal | null> {
  let keys = options.keys;
  const getKeys = async (): Promise<JWTVerifyGetKey> => {
    if (keys) return keys;
    let uri = options.jwksUri;
    if (!uri) {
      const res = await fetch(`${options.issuer}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`OIDC discovery failed with ${res.status}`);
      uri = str(((await res.json()) as { jwks_uri?: unknown }).jwks_uri);
    }
    keys = createRemoteJWKSet(new URL(uri));
    return keys;
  };
  const verify = async (token: string): Promise<{ principal: Principal; expiresAt: number } | null> => {
    try {
      const { payload } = await jwtVerify(token, await getKeys(), {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['ES256', 'RS256', 'PS256'],
        requiredClaims: ['sub', 'exp'],
      });
      const principal: Principal = Object.freeze({
        subject: payload.sub!,
        email: str(payload.email),
        firstName: str(payload.given_name),
        lastName: str(payload.family_name),
        issuedAt: typeof payload.iat === 'number' ? payload.iat : undefined,
        ...(Number.isSafeInteger(payload[GENERATION_CLAIM])
          ? { sessionGeneration: payload[GENERATION_CLAIM] as number }
          : {}),
        ...(typeof payload.auth_time === 'number' ? { authTime: payload.auth_time } : {}),
      });
      return { principal, expiresAt: payload.exp! * 1000 };
    } catch {
      // Bad signature, wrong issuer or audience, expired, or the provider unreachable: not signed in.
      return null;
    }
  };
  const cacheSize = options.cacheSize ?? 10_000;
  if (cacheSize <= 0) return async (token) => (await verify(token))?.principal ?? null;
  const cache = new VerifiedTokenCache(cacheSize);
  return async (token) => {
    // Keyed by a digest of the whole token: any changed byte (a tampered claim or signature) misses.
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = cache.get(key, Date.now());
    if (hit) return hit;
    const verified = await verify(token);
    if (!verified) return null;
    cache.set(key, verified.principal, verified.expiresAt);
    return verified.principal;
  };
}

/**
 * Principals of verified tokens by token digest, each only until its token's `exp`; bounded, the
 * least recently used going first. Only successes are kept, so a refused token is checked anew.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): Principal | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    // jose refuses a token once now >= exp; never accept it a moment longer.
    if (now >= entry.expiresAt) return null;
    this.entries.set(key, entry); // most recently used last
    return entry.principal;
  }

  set(key: string, principal: Principal, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { principal, expiresAt });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
