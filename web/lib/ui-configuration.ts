// GET /api/ui-configuration, once per page load, shared by start-up (sign-in settings, features)
// and the cookie code (analytics container). A plain fetch: it is a (no auth) call, and a failure
// must not start sign-in or show an error page.
export interface UiConfiguration {
  features: Record<string, boolean>;
  expirationTime: number;
  analytics?: { gtmContainerId?: string };
  fordwayResetCredentialsUrl?: string;
  oidc?: { issuer?: string; clientId?: string };
}

let loading: Promise<UiConfiguration | null> | null = null;
let current: UiConfiguration | null = null;

/** The configuration, or null when it could not be loaded (logged). */
export function loadUiConfiguration(): Promise<UiConfiguration | null> {
  loading ??= fetch('/api/ui-configuration', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`status ${res.status}`);
      current = (await res.json()) as UiConfiguration;
      return current;
    })
    .catch((err) => {
      console.error('Could not load the UI configuration', err);
      return null;
    });
  return loading;
}

/** What loadUiConfiguration() found, once it has answered. */
export function getUiConfiguration(): UiConfiguration | null {
  return current;
}

/** For tests: forget what was loaded. */
export function resetUiConfiguration(): void {
  loading = null;
  current = null;
}
