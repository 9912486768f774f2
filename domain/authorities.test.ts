import { levelsForPermissions, loginStatus, permissionsForLevels, allRegulatorPermissions } from './authorities';

describe('login status from authorities', () => {
  it.each([
    ['no authority at all', [], 'NO_AUTHORITY'],
    ['an active authority with permissions', [{ status: 'ACTIVE', permissions: ['PERM_TASK_ASSIGNMENT'] }], 'ENABLED'],
    ['only an active authority without permissions', [{ status: 'ACTIVE', permissions: [] }], 'NO_AUTHORITY'],
    [
      'an accepted invitation not yet activated',
      [{ status: 'ACCEPTED', permissions: ['PERM_TASK_ASSIGNMENT'] }],
      'ACCEPTED',
    ],
    ['only disabled authorities', [{ status: 'DISABLED', permissions: ['PERM_TASK_ASSIGNMENT'] }], 'DISABLED'],
    [
      'one disabled and one active',
      [
        { status: 'DISABLED', permissions: ['X'] },
        { status: 'ACTIVE', permissions: ['X'] },
      ],
      'ENABLED',
    ],
  ] as const)('%s gives %s', (_name, authorities, expected) => {
    expect(loginStatus(authorities.map((a) => ({ ...a })))).toBe(expected);
  });
});

describe('regulator permission matrix', () => {
  it('maps levels to permissions and back', () => {
    const perms = permissionsForLevels({
      REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY',
      MANAGE_VERIFIED_ORGANISATION_ACCOUNTS: 'EXECUTE',
    });
    expect(perms.sort()).toEqual([
      'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
      'PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS',
    ]);
    const levels = levelsForPermissions(perms);
    expect(levels.REVIEW_ORGANISATION_ACCOUNT).toBe('VIEW_ONLY');
    expect(levels.MANAGE_VERIFIED_ORGANISATION_ACCOUNTS).toBe('EXECUTE');
    expect(levels.ACCOUNT_CLOSURE).toBe('NONE');
  });

  it('gives EXECUTE in every group for all regulator permissions', () => {
    expect(Object.values(levelsForPermissions(allRegulatorPermissions)).every((l) => l === 'EXECUTE')).toBe(true);
  });
});
