// Start-up (spec §4, "Startup and login"): UI configuration, the silent sign-in check (one retry,
// then the error is logged and the visitor is treated as signed out), then for a signed-in user:
// user state, latest terms, user and profile. Runs once per page load, whoever asks first.
import { apiGet } from '../lib/api';
import { checkSignedIn, configureSignIn, idTokenClaims } from '../lib/auth/tokens';
import { loadUiConfiguration, resetUiConfiguration } from '../lib/ui-configuration';
import { useSession, type SessionState } from '../stores/session';

let started: Promise<void> | null = null;

/** Paths where start-up must not run the silent check: the sign-in callback does its own work. */
const SKIP_CHECK = ['/callback'];
/**
 * Paths shown signed out without the silent check. The one-time-code reset link ends its owner's
 * sign-ins as its page loads: tokens a racing check adopted would be refused a moment later, and a
 * refused call starts a new sign-in, taking the visitor away from the page that says it worked.
 */
const SIGNED_OUT = ['/2fa/reset-2fa'];

export function startApp(): Promise<void> {
  started ??= run();
  return started;
}

async function run(): Promise<void> {
  const uiConfiguration = await loadUiConfiguration();
  if (uiConfiguration?.oidc) configureSignIn(uiConfiguration.oidc);
  if (SKIP_CHECK.includes(location.pathname)) return;
  if (SIGNED_OUT.includes(location.pathname)) {
    useSession.setState({ signedIn: false });
    return;
  }
  let signedIn = false;
  try {
    signedIn = await checkSignedIn();
  } catch {
    try {
      signedIn = await checkSignedIn();
    } catch (err) {
      console.error('The sign-in check failed', err);
    }
  }
  if (!signedIn) {
    useSession.setState({ signedIn: false });
    return;
  }
  try {
    await loadSignedInUser();
  } catch (err) {
    // Signed in, but the API could not say who they are: the pages show a problem, not a visitor view.
    console.error('Could not load the signed-in user', err);
    useSession.setState({ signedIn: true });
  }
}

/** After any sign-in: who the user is, what they may do, which terms they accepted. */
export async function loadSignedInUser(): Promise<void> {
  const claims = idTokenClaims() ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const [userState, terms, user] = await Promise.all([
    apiGet('/v1.0/authorities/current-user-state'),
    apiGet('/v1.0/terms').catch(() => null),
    apiGet('/v1.0/users'),
  ]);
  // Registered: the sign-in's e-mail address is confirmed and the user has given their details.
  const emailConfirmed = claims.email_verified === true;
  const profile: SessionState['profile'] = {
    status: emailConfirmed && user.status === 'REGISTERED' ? 'REGISTERED' : 'UNREGISTERED',
    emailConfirmed,
    email: text(claims.email),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
  let regulatorPermissions: SessionState['regulatorPermissions'] = null;
  // Only a regulator with an active authority has permissions; asking otherwise is a 403, which
  // would send the app to landing with this start-up never finishing.
  if (userState.roleType === 'REGULATOR' && (userState.status === 'ENABLED' || userState.status === 'NO_AUTHORITY')) {
    regulatorPermissions = await apiGet('/v1.0/regulator-authorities/permissions').catch(() => null);
  }
  useSession.setState({
    signedIn: true,
    profile,
    userState,
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    termsVersion: terms?.version ?? null,
    acceptedTermsVersion: user.termsVersion ?? null,
    regulatorPermissions,
  });
}

/** A newer version of the terms than the user has accepted? */
export function needsTermsAcceptance(
  state: Pick<SessionState, 'signedIn' | 'termsVersion' | 'acceptedTermsVersion'>,
): boolean {
  return (
    state.signedIn === true && state.termsVersion !== null && (state.acceptedTermsVersion ?? 0) < state.termsVersion
  );
}

/** For tests: forget that start-up ran. */
export function resetStartup(): void {
  started = null;
  resetUiConfiguration();
}
