// The embedded OpenID Connect provider (oidc-provider 8): authorization code with PKCE (S256 only,
// forced for our public client), refresh tokens rotated on every use, JWT access tokens for the
// API's audience, and all state in PostgreSQL.
import type { Knex } from 'knex';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { ACCOUNT_DISABLED } from '../domain/users';
import type { Config } from '../infra/config';
import type { Logger } from '../infra/logger';
import { knexAdapter } from './adapter';
import { findBySubject } from './credentials';
import { cookieKeys, signingKeys } from './keys';
import { errorPage, logoutPage, signedOutPage } from './pages';
import { GENERATION_CLAIM, issueGeneration, takeEndedReason } from './sessions';

/** The longest a sign-in lasts however active the user is; refreshes never pass it. */
export const SESSION_MAX_SECONDS = 10 * 60 * 60;

export const SCOPES = 'openid email profile offline_access';

/**
 * oidc-provider's interaction policy with one check first in its login prompt: a silent check
 * (prompt=none) from a browser whose session ended because the user account was disabled is answered
 * login_required with the reason as its error_description, once (identity/sessions.ts). Only the
 * browser holding that session's cookie (signed with our cookie keys) can ask; any other request
 * without a session is answered plainly, so nobody learns whether some account is disabled.
 */
function policyTellingWhySessionsEnded(db: Knex) {
  const policy = interactionPolicy.base();
  const disabled = new interactionPolicy.Check('account_disabled', ACCOUNT_DISABLED, 'login_required', async (ctx) => {
    const { oidc } = ctx;
    if (oidc.session?.accountId || !oidc.promptPending('none')) return false;
    const name = oidc.provider.cookieName('session');
    // As the provider reads it: only with its signature (a bare value, or a forged one, is nobody's).
    const sessionId = oidc.cookies.get(name, { signed: true }) ?? oidc.cookies.get(`${name}.legacy`, { signed: true });
    if (!sessionId) return false;
    return (await takeEndedReason(db, sessionId)) === 'ACCOUNT_DISABLED';
  });
  policy.get('login')!.checks.add(disabled, 0);
  return policy;
}

export async function createProvider(db: Knex, config: Config, logger?: Logger): Promise<Provider> {
  const { issuer, clientId, audience, accessTokenTtlSeconds, sessionTtlSeconds } = config.oidc;
  const base = config.publicUrl;
  // A resource indicator must be an absolute URI; the token's audience is the configured name.
  const resource = `${base}/api`;
  const configuration: Configuration = {
    adapter: knexAdapter(db),
    jwks: await signingKeys(db),
    cookies: { keys: await cookieKeys(db) },
    clients: [
      {
        client_id: clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${base}/callback`, `${base}/auth/silent-check`],
        post_logout_redirect_uris: [`${base}/`, `${base}/timed-out`],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The SPA reads the profile from the ID token; it never calls userinfo.
    conformIdTokenClaims: false,
    scopes: SCOPES.split(' '),
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = signedOutPage(base);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, requested) => {
          if (requested !== resource) throw new Error(`unknown resource ${requested}`);
          return {
            scope: 'api',
            audience,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    interactions: {
      policy: policyTellingWhySessionsEnded(db),
      url: (_ctx, interaction) => `/auth/interaction/${interaction.uid}`,
    },
    // Our own SPA is first party: no consent screen. The grant covers exactly what it asks for.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope(SCOPES);
      grant.addResourceScope(resource, 'api');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      IdToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 30 * 60,
      Session: SESSION_MAX_SECONDS,
      Grant: SESSION_MAX_SECONDS,
      // Idle lifetime: each refresh starts a new one, but never past the end of the grant, so a
      // refresh near the end gives a shorter lifetime (the SPA then offers no more extensions).
      RefreshToken: (ctx, token) => {
        const grantExp = (ctx?.oidc.entities.Grant as { exp?: number } | undefined)?.exp;
        const remaining = grantExp ? grantExp - Math.floor(Date.now() / 1000) : SESSION_MAX_SECONDS;
        void token;
        return Math.max(1, Math.min(sessionTtlSeconds, remaining));
      },
    },
    findAccount: async (_ctx, sub) => {
      const credential = await findBySubject(db, sub);
      if (!credential) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: credential.email,
          email_verified: credential.emailVerified,
          given_name: credential.firstName,
          family_name: credential.lastName,
        }),
      };
    },
    // The API builds its user from the access token alone.
    // auth_time (when they signed in, kept by the code and the refresh tokens) gives 'last sign-in'.
    // The session generation is read with the sign-in's row locked and its grant checked, so a
    // refresh or code exchange racing a revocation either fails or carries the old generation, which
    // the API refuses (identity/sessions.ts).
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const credential = await findBySubject(db, token.accountId);
      if (!credential) return undefined;
      const generation = await issueGeneration(db, token.accountId, token.grantId);
      if (generation === null) throw new errors.InvalidGrant('grant not found');
      const entities = ctx?.oidc.entities as
        { AuthorizationCode?: { authTime?: number }; RefreshToken?: { authTime?: number } } | undefined;
      const authTime = entities?.AuthorizationCode?.authTime ?? entities?.RefreshToken?.authTime;
      return {
        email: credential.email,
        given_name: credential.firstName,
        family_name: credential.lastName,
        [GENERATION_CLAIM]: generation,
        ...(authTime ? { auth_time: authTime } : {}),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error);
    },
    // Browsers send Origin on the SPA's token requests: only our own origin may call.
    clientBasedCORS: (_ctx, origin) => origin === new URL(base).origin,
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  // Refused token requests are the client's fault, but worth a line when sign-in breaks.
  for (const event of ['grant.error', 'authorization.error', 'end_session.error']) {
    provider.on(event, (_ctx: unknown, err: Error & { error_description?: string }) =>
      logger?.warn({ event, err: err.message, detail: err.error_description }, 'identity provider refused a request'),
    );
  }

  // The token response tells the SPA how long its refresh token lasts (as Keycloak's does), so it
  // can warn before the session ends.
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return;
    const body = ctx.body as { refresh_token?: string; refresh_expires_in?: number } | undefined;
    if (!body?.refresh_token) return;
    const refresh = await provider.RefreshToken.find(body.refresh_token);
    if (refresh?.exp) body.refresh_expires_in = refresh.exp - Math.floor(Date.now() / 1000);
  });
  return provider;
}
