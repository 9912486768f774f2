// Regulator users as the regulator-authorities API returns them, their labels, and the shared
// parts of the invite and change forms (the permission matrix, the signature file).
import {
  levelsOfGroup,
  regulatorPermissionGroups,
  regulatorPermissionLevelLabels,
  type RegulatorPermissionGroup,
} from '../../../domain/authorities';
import {
  SIGNATURE_MAX_BYTES,
  type PermissionMatrix,
  type RegulatorUser,
  type RegulatorUsers,
} from '../../../domain/users';

export type { RegulatorUser, RegulatorUsers };

export type PermissionLevels = PermissionMatrix;

export { statusColours, statusLabels } from '../accounts/users/users-data';

export const permissionGroups = Object.keys(regulatorPermissionGroups) as RegulatorPermissionGroup[];

export const noPermissions = Object.fromEntries(permissionGroups.map((g) => [g, 'NONE'])) as PermissionLevels;

/** The radios of one permission group. */
export const levelItems = (group: RegulatorPermissionGroup) =>
  levelsOfGroup(group).map((level) => ({ value: level, text: regulatorPermissionLevelLabels[level] }));

export function regulatorName(u: { firstName: string | null; lastName: string | null; email?: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || '';
}

export const lastSignInText = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : 'Never';

export const SIGNATURE_HINT =
  'A BMP image of at most 240 by 140 pixels, smaller than 200KB. It appears on official documents.';

/** What the browser can check of a signature before it is sent (the server checks the image itself). */
export function signatureProblem(file: File | undefined): string | undefined {
  if (!file) return undefined;
  if (!/\.bmp$/i.test(file.name)) return 'The selected file must be a BMP image';
  if (file.size > SIGNATURE_MAX_BYTES) return 'The selected file must be smaller than 200KB';
  return undefined;
}
