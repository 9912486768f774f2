// The account's operator users as GET /operator-authorities/account/{accountId} returns them, and
// their labels (roles and statuses: reference platform §1.3–1.4).
import {
  authorityStatusLabels,
  operatorRoles,
  type AuthorityStatus,
  type OperatorRoleCode,
} from '../../../../domain/authorities';
import type { TagColour } from '../../../components';
import type { OperatorAuthorities, OperatorAuthority } from '../../../../domain/users';

export type { OperatorAuthorities, OperatorAuthority };

export { contactLabels } from '../../../../domain/users';

export const statusLabels = authorityStatusLabels;

export const statusColours: Record<AuthorityStatus, TagColour> = {
  PENDING: 'blue',
  ACCEPTED: 'yellow',
  ACTIVE: 'green',
  DISABLED: 'grey',
};

export const roleCodes = Object.keys(operatorRoles) as OperatorRoleCode[];

export const roleHints: Record<OperatorRoleCode, string> = {
  operator_admin: 'Can manage the account and its users, assign tasks and submit reports',
  operator: 'Can only work on the notifications they are asked to review',
};

/** The 'User type' radios of the invite and change forms. */
export const roleItems = roleCodes.map((code) => ({
  value: code,
  text: operatorRoles[code].name,
  hint: roleHints[code],
}));

export function userName(a: Pick<OperatorAuthority, 'firstName' | 'lastName' | 'email'>): string {
  return [a.firstName, a.lastName].filter(Boolean).join(' ') || a.email;
}

export const usersPath = (accountId: number) => `/v1.0/operator-authorities/account/${accountId}` as const;
