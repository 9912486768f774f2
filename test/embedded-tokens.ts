// Bearer tokens for a service running in processes of its own (start:cluster, the observability
// test): signed as its embedded identity provider signs them, with its own key from its database.
import { importJWK, SignJWT, type JWK } from 'jose';
import type { Db } from '../infra/db';
import type { TokenUser } from './tokens';

export async function embeddedTokenSigner(db: Db, serviceUrl: string): Promise<(user: TokenUser) => Promise<string>> {
  const { keys } = (await db('identity_keys').where({ name: 'jwks' }).first()).value as {
    keys: (JWK & { kid: string })[];
  };
  const key = await importJWK(keys[0], 'ES256');
  return (user) =>
    new SignJWT({ email: user.email, given_name: user.firstName, family_name: user.lastName })
      .setProtectedHeader({ alg: 'ES256', kid: keys[0].kid })
      .setSubject(user.id)
      .setIssuer(`${serviceUrl}/auth`)
      .setAudience('esos-api')
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(key);
}
