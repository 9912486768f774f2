import { create } from 'zustand';
import type {
  LoginStatus,
  RegulatorPermissionGroup,
  RegulatorPermissionLevel,
  RoleType,
} from '../../domain/authorities';

export interface UserState {
  userId: string;
  roleType: RoleType;
  status: LoginStatus;
}

/**
 * Who is signed in. Filled by the sign-in flow (web/lib/auth/); tokens themselves stay in memory in
 * web/lib/auth/tokens.ts, never in storage.
 */
export interface SessionState {
  /** null until the silent sign-in check at start-up has answered. */
  signedIn: boolean | null;
  user: { firstName: string; lastName: string; email?: string } | null;
  userState: UserState | null;
  /** Regulators only: the permission matrix of the current user. */
  regulatorPermissions: Partial<Record<RegulatorPermissionGroup, RegulatorPermissionLevel>> | null;
  /** The latest terms version, and the version the user accepted. */
  termsVersion: number | null;
  acceptedTermsVersion: number | null;
  /**
   * The identity profile, from the ID token and the user: status REGISTERED once the sign-in's
   * e-mail is confirmed and the user has given their details (an operator's sign-up, /registration/register).
   */
  profile: {
    status: 'REGISTERED' | 'UNREGISTERED';
    emailConfirmed: boolean;
    email: string;
    firstName: string;
    lastName: string;
  } | null;
  /** When the session (the refresh token) ends, in ms since epoch; null when signed out or unknown. */
  sessionExpiresAt: number | null;
  /** Lifetime of the session given at sign-in, and by the latest refresh (seconds). */
  initialSessionLifetime: number | null;
  sessionLifetime: number | null;
}

/** Everything known about a signed-in user, as it is when nobody is. */
const nobody: Omit<SessionState, 'signedIn'> = {
  user: null,
  userState: null,
  regulatorPermissions: null,
  termsVersion: null,
  acceptedTermsVersion: null,
  profile: null,
  sessionExpiresAt: null,
  initialSessionLifetime: null,
  sessionLifetime: null,
};

export const useSession = create<SessionState>(() => ({ signedIn: null, ...nobody }));

/** Back to nobody signed in (the flag stays as given: false after sign-out, null before the check). */
export function clearSession(signedIn: boolean | null = false): void {
  useSession.setState({ signedIn, ...nobody });
}

export function hasRegulatorPermission(
  state: SessionState,
  group: RegulatorPermissionGroup,
  level: RegulatorPermissionLevel,
): boolean {
  return state.regulatorPermissions?.[group] === level;
}
