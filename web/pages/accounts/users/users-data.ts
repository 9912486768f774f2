// The account's operator users as GET /operator-authorities/account/{accountId} returns them, and
// their labels (roles and statuses: reference platform §1.3–1.4).
import {
  authorityStatusLabels,
  operatorRoles,
  type AuthorityStatus,
  type OperatorRoleCode,
} from '../../../../domain/authorities';
import type { ContactType } from '../../../../domain/users';
import type { TagColour } from '../../../components';

export interface OperatorAuthority {
  /** Null for an invitation to someone who has not signed up yet. */
  userId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  roleCode: OperatorRoleCode | null;
  roleName: string;
  authorityStatus: AuthorityStatus;
  authorityCreationDate: string;
}

export interface OperatorAuthorities {
  authorities: OperatorAuthority[];
  contactTypes: Partial<Record<ContactType, string | null>>;
  /** May the caller invite, change and remove users and set the contacts? */
  editable: boolean;
}

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
