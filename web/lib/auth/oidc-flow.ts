// The OpenID Connect protocol for the SPA, with oauth4webapi: authorization code + PKCE (S256),
// response mode query, a hidden-frame silent check (prompt=none) and refresh-token rotation.
// Loaded lazily by tokens.ts, so the first page load does not carry it.
import * as oauth from 'oauth4webapi';
import { ACCOUNT_DISABLED } from '../../../domain/users';

export interface OidcSettings {
  issuer: string;
  clientId: string;
}

export interface TokenSet {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string | null;
  /** When the refresh token, and so the session, ends (ms since epoch); null when unknown. */
  refreshExpiresAt: number | null;
  refreshLifetimeSeconds: number | null;
  idToken: string | null;
  claims: Record<string, unknown> | null;
}

/**
 * What the embedded provider may answer a silent check with, when it ended this browser's sign-in,
 * that the signed-out page says (identity/provider.ts). Any other description is the protocol's.
 */
const ENDED_REASONS: readonly string[] = [ACCOUNT_DISABLED];

export interface SilentAnswer {
  /** null: not signed in. */
  tokens: TokenSet | null;
  /** Not signed in because the service ended this browser's sign-in: why. */
  endedReason: string | null;
}

const SCOPE = 'openid email profile';
// Login state survives only the round trip to the provider, and at most an hour (spec §9).
const STATE_KEY = 'esos.auth.pending';
const STATE_MAX_AGE_MS = 60 * 60 * 1000;
const SILENT_TIMEOUT_MS = 10_000;

let discovered: Promise<{ as: oauth.AuthorizationServer; client: oauth.Client }> | null = null;

function discover(settings: OidcSettings) {
  discovered ??= (async () => {
    const issuer = new URL(settings.issuer);
    const insecure = issuer.protocol === 'http:';
    const response = await oauth.discoveryRequest(issuer, {
      algorithm: 'oidc',
      [oauth.allowInsecureRequests]: insecure,
    });
    const as = await oauth.processDiscoveryResponse(issuer, response);
    return { as, client: { client_id: settings.clientId } };
  })().catch((err) => {
    discovered = null;
    throw err;
  });
  return discovered;
}

const insecureOption = (settings: OidcSettings) => ({
  [oauth.allowInsecureRequests]: settings.issuer.startsWith('http:'),
});

/** 96 characters from the PKCE alphabet (spec §9: code verifier length 96). */
export function codeVerifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(72));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function authorizationUrl(settings: OidcSettings, redirectUri: string, extra: Record<string, string>) {
  const { as } = await discover(settings);
  const verifier = codeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: SCOPE,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  }).toString();
  return { url, verifier, state, nonce };
}

async function exchange(
  settings: OidcSettings,
  current: URL,
  expected: { state: string; nonce: string; verifier: string },
  redirectUri: string,
): Promise<TokenSet> {
  const { as, client } = await discover(settings);
  const params = oauth.validateAuthResponse(as, client, current, expected.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri,
    expected.verifier,
    insecureOption(settings),
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: expected.nonce,
    requireIdToken: true,
  });
  return toTokenSet(result, null);
}

function toTokenSet(result: oauth.TokenEndpointResponse, previous: TokenSet | null): TokenSet {
  const now = Date.now();
  const refreshLifetime = typeof result.refresh_expires_in === 'number' ? result.refresh_expires_in : null;
  return {
    accessToken: result.access_token,
    accessExpiresAt: now + (result.expires_in ?? 60) * 1000,
    refreshToken: result.refresh_token ?? previous?.refreshToken ?? null,
    refreshExpiresAt: refreshLifetime !== null ? now + refreshLifetime * 1000 : null,
    refreshLifetimeSeconds: refreshLifetime,
    idToken: result.id_token ?? previous?.idToken ?? null,
    claims:
      (oauth.getValidatedIdTokenClaims(result) as Record<string, unknown> | undefined) ?? previous?.claims ?? null,
  };
}

/** Leaves for the provider's sign-in page; comes back to /callback. */
export async function redirectToSignIn(settings: OidcSettings, returnTo: string, loginHint?: string): Promise<void> {
  const redirectUri = `${location.origin}/callback`;
  const { url, verifier, state, nonce } = await authorizationUrl(
    settings,
    redirectUri,
    loginHint ? { login_hint: loginHint } : {},
  );
  sessionStorage.setItem(STATE_KEY, JSON.stringify({ verifier, state, nonce, returnTo, at: Date.now() }));
  location.assign(url.toString());
}

/** On /callback: trades the code for tokens. Returns where to go next. */
export async function completeSignIn(
  settings: OidcSettings,
  current: URL,
): Promise<{ tokens: TokenSet | null; returnTo: string }> {
  const raw = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  const pending = raw
    ? (JSON.parse(raw) as { verifier: string; state: string; nonce: string; returnTo: string; at: number })
    : null;
  if (!pending || Date.now() - pending.at > STATE_MAX_AGE_MS) return { tokens: null, returnTo: '/' };
  const tokens = await exchange(settings, current, pending, `${location.origin}/callback`);
  return { tokens, returnTo: pending.returnTo };
}

/**
 * Is there a session at the provider? Asks with prompt=none in a hidden frame (same site, so the
 * provider's cookie is sent) and trades the code when there is one.
 */
export async function silentSignIn(settings: OidcSettings): Promise<SilentAnswer> {
  const redirectUri = `${location.origin}/auth/silent-check`;
  const request = await authorizationUrl(settings, redirectUri, { prompt: 'none' });
  const answer = await new Promise<string>((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = 'Sign-in check';
    frame.setAttribute('aria-hidden', 'true');
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
      const data = event.data as { type?: string; url?: string } | null;
      if (data?.type !== 'esos-silent-check' || typeof data.url !== 'string') return;
      done();
      resolve(data.url);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('The silent sign-in check timed out'));
    }, SILENT_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
    frame.src = request.url.toString();
    document.body.appendChild(frame);
  });
  try {
    return { tokens: await exchange(settings, new URL(answer), request, redirectUri), endedReason: null };
  } catch (err) {
    if (
      err instanceof oauth.AuthorizationResponseError &&
      ['login_required', 'interaction_required', 'consent_required'].includes(err.error)
    ) {
      const description = err.error === 'login_required' ? err.error_description : undefined;
      return { tokens: null, endedReason: description && ENDED_REASONS.includes(description) ? description : null };
    }
    throw err;
  }
}

export async function refresh(settings: OidcSettings, previous: TokenSet): Promise<TokenSet> {
  if (!previous.refreshToken) throw new Error('No refresh token');
  const { as, client } = await discover(settings);
  const response = await oauth.refreshTokenGrantRequest(
    as,
    client,
    oauth.None(),
    previous.refreshToken,
    insecureOption(settings),
  );
  const result = await oauth.processRefreshTokenResponse(as, client, response);
  return toTokenSet(result, previous);
}

/** Ends the provider's session; it sends the browser back to postLogoutUri. */
export async function redirectToSignOut(
  settings: OidcSettings,
  idToken: string | null,
  postLogoutUri: string,
  state?: string,
): Promise<void> {
  const { as } = await discover(settings);
  if (!as.end_session_endpoint) {
    location.assign(postLogoutUri);
    return;
  }
  const url = new URL(as.end_session_endpoint);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('post_logout_redirect_uri', postLogoutUri);
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  if (state) url.searchParams.set('state', state);
  location.assign(url.toString());
}
