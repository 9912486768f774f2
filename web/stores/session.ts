import { create } from 'zustand';
import type { LoginStatus, RegulatorPermissionGroup, RegulatorPermissionLevel, RoleType } from '../../domain/authorities';

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
}

export const useSession = create<SessionState>(() => ({
  signedIn: null,
  user: null,
  userState: null,
  regulatorPermissions: null,
  termsVersion: null,
  acceptedTermsVersion: null,
}));

export function hasRegulatorPermission(state: SessionState, group: RegulatorPermissionGroup, level: RegulatorPermissionLevel): boolean {
  return state.regulatorPermissions?.[group] === level;
}
