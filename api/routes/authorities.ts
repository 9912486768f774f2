// What the caller is (login status) and which roles they may hand out.
import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { AUTHENTICATED, role } from '../routing';
import { currentUser } from '../auth/current-user';
import { assertAccountAccess, assertCaAccess } from '../auth/scope';
import { required } from '../validate';
import {
  levelsForPermissions,
  loginStatuses,
  loginStatus,
  operatorRoles,
  roleTypes,
  type OperatorRoleCode,
} from '../../domain/authorities';

const roleCodes = v.array(v.object({ code: v.string(), name: v.string() }));
import { regulatorPermissionsSchema, regulatorRoleTemplates, verifierRoles } from '../../domain/users';

export const authorityRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/authorities/current-user-state',
    access: AUTHENTICATED,
    response: v.object({ userId: v.string(), roleType: v.picklist(roleTypes), status: v.picklist(loginStatuses) }),
    handler: (ctx) => {
      const user = currentUser(ctx);
      // Operators' active authorities without permissions grant nothing (reference §1.2).
      ctx.body = { userId: user.userId, roleType: user.roleType, status: loginStatus(user.authorities) };
    },
  },
  {
    method: 'get',
    path: '/authorities/account/:accountId/operator-role-codes',
    access: role(['OPERATOR', 'REGULATOR']),
    response: roleCodes,
    handler: async (ctx, { db }) => {
      await assertAccountAccess(
        db,
        currentUser(ctx),
        required(ctx.params.accountId, 'accountId'),
        'PERM_ACCOUNT_USERS_EDIT',
      );
      ctx.body = (Object.keys(operatorRoles) as OperatorRoleCode[]).map((code) => ({
        code,
        name: operatorRoles[code].name,
      }));
    },
  },
  {
    method: 'get',
    path: '/authorities/regulator-roles',
    access: role(['REGULATOR']),
    response: v.array(v.object({ code: v.string(), name: v.string(), rolePermissions: regulatorPermissionsSchema })),
    handler: (ctx) => {
      assertCaAccess(currentUser(ctx), 'PERM_CA_USERS_EDIT');
      ctx.body = regulatorRoleTemplates.map((r) => ({
        code: r.code,
        name: r.name,
        rolePermissions: levelsForPermissions(r.permissions),
      }));
    },
  },
  {
    method: 'get',
    path: '/authorities/verifier-role-codes',
    access: role(['VERIFIER']),
    response: roleCodes,
    handler: (ctx) => {
      ctx.body = verifierRoles.map((r) => ({ code: r.code, name: r.name }));
    },
  },
];
