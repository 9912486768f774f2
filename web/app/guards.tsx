// Route guards of spec section 4. Each guard is a pure function of the session (and the
// navigation state) returning where to go instead, or null to allow; <Guard> waits for start-up
// and applies them in order.
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSession, type SessionState } from '../stores/session';
import { needsTermsAcceptance, startApp } from './startup';

export interface NavigationState {
  addAnotherInstallation?: boolean;
}

export type GuardFn = (session: SessionState, nav: NavigationState) => string | null;

/** A status guard passes when ENABLED, or NO_AUTHORITY for a regulator; otherwise to landing. */
export const statusGuard: GuardFn = ({ userState }) =>
  userState &&
  (userState.status === 'ENABLED' || (userState.status === 'NO_AUTHORITY' && userState.roleType === 'REGULATOR'))
    ? null
    : '/landing';

/** The user has no organisation account to work in yet (or cannot use it). */
function installationUnavailable(session: SessionState): boolean {
  const status = session.userState?.status;
  return status === 'NO_AUTHORITY' || status === 'DISABLED' || status === 'TEMP_DISABLED';
}

/**
 * Landing: visitors stay; an operator without a registered profile registers first; regulators and
 * verifiers who can work go to the dashboard; everyone else stays when they have nothing to work
 * on yet, are awaiting activation or are adding another organisation account, else the dashboard.
 */
export const landingGuard: GuardFn = (session, nav) => {
  if (!session.signedIn || !session.userState) return null;
  const { roleType, status } = session.userState;
  if (roleType === 'OPERATOR' && session.profile?.status !== 'REGISTERED') return '/registration/register';
  if ((roleType === 'REGULATOR' || roleType === 'VERIFIER') && statusGuard(session, nav) === null) return '/dashboard';
  if (installationUnavailable(session) || status === 'ACCEPTED' || nav.addAnotherInstallation) return null;
  return '/dashboard';
};

/** Regulator areas (regulator users, MI reports): a regulator who passes the status guard; others to landing. */
export const regulatorGuard: GuardFn = (session, nav) =>
  session.userState?.roleType === 'REGULATOR' && statusGuard(session, nav) === null ? null : '/landing';

/** A signed-in user who has not accepted the latest terms and conditions goes to them first. */
export const termsGuard: GuardFn = (session) => (needsTermsAcceptance(session) ? '/terms' : null);

export const loggedInGuard: GuardFn = ({ signedIn }) => (signedIn ? null : '/landing');
export const notLoggedInGuard: GuardFn = ({ signedIn }) => (signedIn ? '/landing' : null);
export const registeredProfileGuard: GuardFn = ({ profile }) => (profile?.status === 'REGISTERED' ? null : '/landing');

export function navigationState(): NavigationState {
  const fromHistory = (typeof history !== 'undefined' ? (history.state as NavigationState | null) : null) ?? {};
  const fromQuery = new URLSearchParams(location.search).get('addAnotherInstallation') === 'true';
  return { addAnotherInstallation: fromHistory.addAnotherInstallation === true || fromQuery };
}

/** Runs start-up once; true when its answer is in. */
export function useStartup(): boolean {
  const signedIn = useSession((s) => s.signedIn);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    startApp().catch((err) => {
      console.error('Start-up failed', err);
      setFailed(true);
    });
  }, []);
  return signedIn !== null || failed;
}

export function Guard({ guards, children }: { guards: GuardFn[]; children: ReactNode }) {
  const ready = useStartup();
  const session = useSession();
  if (!ready) {
    return (
      <p className="govuk-body" role="status">
        Loading…
      </p>
    );
  }
  const nav = navigationState();
  for (const guard of guards) {
    const target = guard(session, nav);
    if (target && target !== location.pathname) return <Redirect to={target} replace />;
  }
  return <>{children}</>;
}
