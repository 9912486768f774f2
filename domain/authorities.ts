// Who may do what: roles, competent authorities, permissions and the regulator permission matrix,
// as the real service defines them (reference: real-service-platform.md §1.3–1.5).

import { codesOf } from './labels';

export const roleTypes = ['OPERATOR', 'REGULATOR', 'VERIFIER'] as const;
export type RoleType = (typeof roleTypes)[number];

export const competentAuthorityLabels = {
  ENGLAND: 'Environment Agency',
  WALES: 'Natural Resources Wales',
  SCOTLAND: 'Scottish Environment Protection Agency',
  NORTHERN_IRELAND: 'Northern Ireland Environment Agency',
  OPRED: 'Offshore Petroleum Regulator for Environment and Decommissioning',
} satisfies Record<string, string>;
export type CompetentAuthority = keyof typeof competentAuthorityLabels;
export const competentAuthorities = codesOf(competentAuthorityLabels);

export const authorityStatuses = ['PENDING', 'ACCEPTED', 'ACTIVE', 'DISABLED'] as const;
export type AuthorityStatus = (typeof authorityStatuses)[number];
export const authorityStatusLabels: Record<AuthorityStatus, string> = {
  PENDING: 'Awaiting confirmation',
  ACCEPTED: 'Accepted',
  ACTIVE: 'Active',
  DISABLED: 'Disabled',
};

/**
 * The statuses a regulator's authority may take from its current one (reference §1.3): a PENDING
 * invitation none but itself, ACCEPTED only ACTIVE, then ACTIVE ⇄ DISABLED.
 */
export function regulatorStatusChoices(status: AuthorityStatus): AuthorityStatus[] {
  if (status === 'ACCEPTED') return ['ACCEPTED', 'ACTIVE'];
  if (status === 'ACTIVE' || status === 'DISABLED') return ['ACTIVE', 'DISABLED'];
  return [status];
}

/** What the SPA reads to pick the landing view. */
export const loginStatuses = ['ENABLED', 'DISABLED', 'ACCEPTED', 'NO_AUTHORITY', 'TEMP_DISABLED'] as const;
export type LoginStatus = (typeof loginStatuses)[number];

export const permissions = [
  'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
  'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_EXECUTE_TASK',
  'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
  'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
  'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_VIEW_TASK',
  'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_EXECUTE_TASK',
  'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_RE_INITIATE_TASK',
  'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK',
  'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
  'PERM_ACTION_PLAN_APPLICATION_RE_INITIATE_TASK',
  'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_VIEW_TASK',
  'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_EXECUTE_TASK',
  'PERM_PROGRESS_UPDATE_1_APPLICATION_RE_INITIATE_TASK',
  'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_VIEW_TASK',
  'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_EXECUTE_TASK',
  'PERM_PROGRESS_UPDATE_2_APPLICATION_RE_INITIATE_TASK',
  'PERM_TASK_ASSIGNMENT',
  'PERM_ACCOUNT_USERS_EDIT',
  'PERM_CA_USERS_EDIT',
  'PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS',
  'PERM_ACCOUNT_NOTES_EDIT',
  'PERM_ACCOUNT_DETAILS_EDIT',
  'PERM_ACCOUNT_CLOSURE_SUBMIT',
  'PERM_RFI_SUBMIT',
  'PERM_RFI_RESPONSE_VIEW_TASK',
  'PERM_RFI_RESPONSE_EXECUTE_TASK',
  'PERM_PUBLISHED_DATA_EDIT',
] as const;
export type Permission = (typeof permissions)[number];

/** Operator role codes and their permissions (copied onto the authority when it is created). */
export const operatorRoles = {
  operator_admin: {
    name: 'Advanced user',
    permissions: [
      'PERM_ACCOUNT_DETAILS_EDIT',
      'PERM_ACCOUNT_NOTES_EDIT',
      'PERM_ACCOUNT_USERS_EDIT',
      'PERM_TASK_ASSIGNMENT',
      'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
      'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
      'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_VIEW_TASK',
      'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK',
      'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
      'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_VIEW_TASK',
      'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_EXECUTE_TASK',
      'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_VIEW_TASK',
      'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_EXECUTE_TASK',
      'PERM_RFI_RESPONSE_VIEW_TASK',
      'PERM_RFI_RESPONSE_EXECUTE_TASK',
    ] as Permission[],
  },
  operator: {
    name: 'Restricted user',
    permissions: [
      'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
      'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_VIEW_TASK',
      'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_EXECUTE_TASK',
    ] as Permission[],
  },
} as const;
export type OperatorRoleCode = keyof typeof operatorRoles;

export const regulatorPermissionLevels = ['NONE', 'VIEW_ONLY', 'EXECUTE'] as const;
export type RegulatorPermissionLevel = (typeof regulatorPermissionLevels)[number];

/** The regulator permission matrix: group → level → the permissions that level grants. */
export const regulatorPermissionGroups = {
  ASSIGN_REASSIGN_TASKS: { label: 'Assign/re-assign tasks', EXECUTE: ['PERM_TASK_ASSIGNMENT'] },
  MANAGE_USERS_AND_CONTACTS: { label: 'Manage users and contacts', EXECUTE: ['PERM_CA_USERS_EDIT'] },
  REVIEW_ORGANISATION_ACCOUNT: {
    label: 'Review organisation account',
    VIEW_ONLY: ['PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK'],
    EXECUTE: [
      'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
      'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_EXECUTE_TASK',
    ],
  },
  RETURN_NOC: {
    label: 'Return notification of compliance',
    EXECUTE: ['PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_RE_INITIATE_TASK'],
  },
  RETURN_ACTION_PLAN: { label: 'Return action plan', EXECUTE: ['PERM_ACTION_PLAN_APPLICATION_RE_INITIATE_TASK'] },
  RETURN_PROGRESS_UPDATE_1: {
    label: 'Return progress update 1',
    EXECUTE: ['PERM_PROGRESS_UPDATE_1_APPLICATION_RE_INITIATE_TASK'],
  },
  RETURN_PROGRESS_UPDATE_2: {
    label: 'Return progress update 2',
    EXECUTE: ['PERM_PROGRESS_UPDATE_2_APPLICATION_RE_INITIATE_TASK'],
  },
  MANAGE_VERIFIED_ORGANISATION_ACCOUNTS: {
    label: 'Upload verified organisation accounts',
    EXECUTE: ['PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS'],
  },
  MANAGE_PARTICIPANT_USERS: { label: 'Manage participant users', EXECUTE: ['PERM_ACCOUNT_USERS_EDIT'] },
  ACCOUNT_CLOSURE: { label: 'Close account', EXECUTE: ['PERM_ACCOUNT_CLOSURE_SUBMIT'] },
  REQUEST_FOR_INFORMATION: { label: 'Request for information', EXECUTE: ['PERM_RFI_SUBMIT'] },
  /** Publish and withdraw the public datasets of submitted reports (docs/published-data.md); nobody holds it until granted. */
  PUBLISH_DATA: { label: 'Publish data', EXECUTE: ['PERM_PUBLISHED_DATA_EDIT'] },
} satisfies Record<string, { label: string; VIEW_ONLY?: Permission[]; EXECUTE: Permission[] }>;
export type RegulatorPermissionGroup = keyof typeof regulatorPermissionGroups;

export const regulatorPermissionLevelLabels: Record<RegulatorPermissionLevel, string> = {
  NONE: 'None',
  VIEW_ONLY: 'View only',
  EXECUTE: 'Execute',
};

/** The levels a group offers: NONE and EXECUTE, and VIEW_ONLY where the group has one. */
export function levelsOfGroup(group: RegulatorPermissionGroup): RegulatorPermissionLevel[] {
  const def: { VIEW_ONLY?: Permission[]; EXECUTE: Permission[] } = regulatorPermissionGroups[group];
  return def.VIEW_ONLY ? ['NONE', 'VIEW_ONLY', 'EXECUTE'] : ['NONE', 'EXECUTE'];
}

/** Every permission a regulator can hold: all groups at EXECUTE. */
export const allRegulatorPermissions: Permission[] = [
  ...new Set(Object.values(regulatorPermissionGroups).flatMap((g) => g.EXECUTE)),
];

/** The permissions a matrix grants. */
export function permissionsForLevels(
  levels: Partial<Record<RegulatorPermissionGroup, RegulatorPermissionLevel>>,
): Permission[] {
  const out = new Set<Permission>();
  for (const [group, level] of Object.entries(levels) as [RegulatorPermissionGroup, RegulatorPermissionLevel][]) {
    const def: { VIEW_ONLY?: Permission[]; EXECUTE: Permission[] } = regulatorPermissionGroups[group];
    if (level === 'EXECUTE') def.EXECUTE.forEach((p) => out.add(p));
    if (level === 'VIEW_ONLY') def.VIEW_ONLY?.forEach((p) => out.add(p));
  }
  return [...out];
}

/** The matrix a set of permissions amounts to: per group, the highest level fully held. */
export function levelsForPermissions(
  held: readonly string[],
): Record<RegulatorPermissionGroup, RegulatorPermissionLevel> {
  const has = new Set(held);
  const result = {} as Record<RegulatorPermissionGroup, RegulatorPermissionLevel>;
  for (const [group, def] of Object.entries(regulatorPermissionGroups) as [
    RegulatorPermissionGroup,
    { VIEW_ONLY?: Permission[]; EXECUTE: Permission[] },
  ][]) {
    result[group] = def.EXECUTE.every((p) => has.has(p))
      ? 'EXECUTE'
      : def.VIEW_ONLY?.every((p) => has.has(p))
        ? 'VIEW_ONLY'
        : 'NONE';
  }
  return result;
}

/** The login status from a user's authorities (reference §1.3). */
export function loginStatus(authorities: { status: AuthorityStatus; permissions: readonly string[] }[]): LoginStatus {
  if (authorities.length === 0) return 'NO_AUTHORITY';
  const active = authorities.filter((a) => a.status === 'ACTIVE');
  if (active.length > 0) return active.some((a) => a.permissions.length > 0) ? 'ENABLED' : 'NO_AUTHORITY';
  return authorities.some((a) => a.status === 'ACCEPTED') ? 'ACCEPTED' : 'DISABLED';
}
