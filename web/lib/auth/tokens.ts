// Interface of the sign-in module used by the API client and the shell. The sign-in issue fills in
// the OpenID Connect flow behind these functions; until then nobody is signed in.

/** A valid access token (refreshed first when it has under 20 seconds left), or null. */
export async function getAccessToken(): Promise<string | null> {
  return null;
}

/** Starts sign-in at the identity provider, returning to redirectUrl afterwards. */
export function startSignIn(_options: { redirectUrl?: string; email?: string } = {}): void {
  window.location.assign('/start-login');
}

/** Signs out at the identity provider and returns to the origin plus an optional path. */
export function signOut(_path = '/'): void {
  window.location.assign('/');
}
