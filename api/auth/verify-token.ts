// Bearer tokens are JWT access tokens of the OpenID Connect provider: checked locally with its
// published keys (fetched once and cached by jose), for our issuer and our audience, unexpired.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Principal } from '../routing';

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** Default: the issuer's JWKS (`/jwks` for the embedded provider, discovery for others). */
  keys?: JWTVerifyGetKey;
  jwksUri?: string;
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
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, await getKeys(), {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['ES256', 'RS256', 'PS256'],
        requiredClaims: ['sub', 'exp'],
      });
      return {
        subject: payload.sub!,
        email: str(payload.email),
        firstName: str(payload.given_name),
        lastName: str(payload.family_name),
      };
    } catch {
      // Bad signature, wrong issuer or audience, expired, or the provider unreachable: not signed in.
      return null;
    }
  };
}
