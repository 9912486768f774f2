// The base-permission presets (domain/users.ts): whatever a regulator user's permissions page offers
// can be reached from at least one preset, so no permission exists that no role ever starts with.
import {
  levelsForPermissions,
  levelsOfGroup,
  regulatorPermissionGroups,
  type RegulatorPermissionGroup,
} from './authorities';
import { regulatorRoleTemplates } from './users';

const groups = Object.keys(regulatorPermissionGroups) as RegulatorPermissionGroup[];
const matrices = regulatorRoleTemplates.map((t) => ({ code: t.code, levels: levelsForPermissions(t.permissions) }));

describe('regulator role templates', () => {
  it.each(
    groups.flatMap((g) =>
      levelsOfGroup(g)
        .filter((level) => level !== 'NONE')
        .map((level) => [g, level] as const),
    ),
  )('some template gives %s at %s', (group, level) => {
    expect(matrices.filter((m) => m.levels[group] === level).map((m) => m.code)).not.toEqual([]);
  });

  it('grants only whole levels: each template is exactly the matrix it fills', () => {
    for (const t of regulatorRoleTemplates) {
      const levels = levelsForPermissions(t.permissions);
      const granted = new Set(
        groups.flatMap((g) => {
          const def: { VIEW_ONLY?: readonly string[]; EXECUTE: readonly string[] } = regulatorPermissionGroups[g];
          return levels[g] === 'EXECUTE' ? def.EXECUTE : levels[g] === 'VIEW_ONLY' ? (def.VIEW_ONLY ?? []) : [];
        }),
      );
      expect([...new Set(t.permissions)].sort()).toEqual([...granted].sort());
    }
  });

  it('lets the technical officer, the team leader and both super users send a request for information', () => {
    expect(matrices.filter((m) => m.levels.REQUEST_FOR_INFORMATION === 'EXECUTE').map((m) => m.code)).toEqual([
      'regulator_technical_officer',
      'regulator_team_leader',
      'ca_super_user',
      'service_super_user',
    ]);
  });
});
