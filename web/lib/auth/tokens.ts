// The sign-in module used by the API client and the shell. Tokens live in this module's memory
// only, never in storage; the protocol code (oauth4webapi) is loaded on first use.
import { clearSession, useSession } from '../../stores/session';
import type { OidcSettings, TokenSet } from './oidc-flow';

/** Refresh the access token when it has less than this left (spec §6). */
export const MIN_VALIDITY_MS = 20_000;
// Set after a silent check found no session, so later page loads in this tab skip the frame.
const ANONYMOUS_KEY = 'esos.auth.anonymous';
// Why the service ended this tab's sign-in, for the signed-out page to say.
const ENDED_KEY = 'esos.auth.ended';

let tokens: TokenSet | null = null;
let refreshing: Promise<TokenSet | null> | null = null;
let settings: OidcSettings = { issuer: `${location.origin}/auth`, clientId: 'esos-web' };

const flow = () => import('./oidc-flow');

/** From /api/ui-configuration when it names another provider; the embedded one otherwise. */
export function configureSignIn(next: Partial<OidcSettings>): void {
  settings = { ...settings, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v)) };
}

function adopt(next: TokenSet | null): void {
  tokens = next;
  if (!next) return;
  const state = useSession.getState();
  const lifetime = next.refreshLifetimeSeconds;
  useSession.setState({
    sessionExpiresAt: next.refreshExpiresAt,
    sessionLifetime: lifetime,
    initialSessionLifetime: state.initialSessionLifetime ?? lifetime,
  });
}

export function hasTokens(): boolean {
  return tokens !== null;
}

/** Claims of the ID token of the current sign-in. */
export function idTokenClaims(): Record<string, unknown> | null {
  return tokens?.claims ?? null;
}

/** A valid access token (refreshed first when it has under 20 seconds left), or null. */
export async function getAccessToken(): Promise<string | null> {
  if (!tokens) return null;
  if (tokens.accessExpiresAt - Date.now() >= MIN_VALIDITY_MS) return tokens.accessToken;
  const fresh = await refreshSession();
  return fresh?.accessToken ?? null;
}

/** Refreshes now (rotating the refresh token); null when the session has ended. */
export function refreshSession(): Promise<TokenSet | null> {
  if (!tokens) return Promise.resolve(null);
  refreshing ??= (async () => {
    try {
      const { refresh } = await flow();
      adopt(await refresh(settings, tokens!));
      return tokens;
    } catch {
      tokens = null;
      clearSession(false);
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Silent check at start-up: signed in at the provider already? */
export async function checkSignedIn(): Promise<boolean> {
  if (tokens) return true;
  if (sessionStorage.getItem(ANONYMOUS_KEY)) return false;
  const { silentSignIn } = await flow();
  const { tokens: found, endedReason } = await silentSignIn(settings);
  adopt(found);
  if (!found) sessionStorage.setItem(ANONYMOUS_KEY, '1');
  // The service ended this browser's sign-in since its last page (its user account was disabled):
  // the signed-out page says why, as it does after the API's 401 SESSION_ENDED.
  if (!found && endedReason) sessionStorage.setItem(ENDED_KEY, endedReason);
  return found !== null;
}

/** On /callback: finish the sign-in; returns the path to go to. */
export async function finishSignIn(url: string): Promise<string> {
  const { completeSignIn } = await flow();
  const { tokens: found, returnTo } = await completeSignIn(settings, new URL(url));
  adopt(found);
  if (found) sessionStorage.removeItem(ANONYMOUS_KEY);
  return returnTo;
}

/** Starts sign-in at the identity provider, returning to redirectUrl afterwards. */
export function startSignIn(options: { redirectUrl?: string; email?: string } = {}): void {
  sessionStorage.removeItem(ANONYMOUS_KEY);
  const returnTo =
    options.redirectUrl && options.redirectUrl.startsWith('/') && !options.redirectUrl.startsWith('//')
      ? options.redirectUrl
      : '/';
  void flow().then(({ redirectToSignIn }) => redirectToSignIn(settings, returnTo, options.email));
}

/**
 * Signs out at the identity provider and returns to the origin plus an optional path. The
 * provider accepts only registered return addresses, so the query (e.g. idle) travels as state.
 */
export function signOut(path = '/'): void {
  const idToken = tokens?.idToken ?? null;
  tokens = null;
  // Unknown (null), not signed out, until the provider has ended its session: signed out, the
  // guards would route to /landing first, and a sign-in started from there could beat the sign-out.
  clearSession(null);
  sessionStorage.setItem(ANONYMOUS_KEY, '1');
  const target = new URL(path, location.origin);
  const state = target.search ? target.search.slice(1) : undefined;
  void flow().then(({ redirectToSignOut }) =>
    redirectToSignOut(settings, idToken, `${location.origin}${target.pathname}`, state),
  );
}

/** The service ended the sign-in (the API's 401 SESSION_ENDED): forget it, and keep why for the signed-out page. */
export function signInEnded(reason: string): void {
  tokens = null;
  clearSession(false);
  sessionStorage.setItem(ANONYMOUS_KEY, '1');
  sessionStorage.setItem(ENDED_KEY, reason);
}

/** Why the service ended the sign-in, once (null when it did not). */
export function takeSignInEndedReason(): string | null {
  const reason = sessionStorage.getItem(ENDED_KEY);
  sessionStorage.removeItem(ENDED_KEY);
  return reason;
}
