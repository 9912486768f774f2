// The callers and the data the route-by-role test (api/route-access.test.ts) uses, and the shape of
// an access expectation. Each route group keeps its expectations in test/access/<group>.ts exporting
// `accessExpectations`, so groups never edit one shared table.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../infra/db';
import type { TokenUser } from './tokens';
import {
  createAccount,
  createUser,
  createVerificationBody,
  grantOperator,
  grantRegulator,
  grantVerifier,
} from './factories';

export const roles = [
  'anonymous',
  'adminOfA',
  'restrictedOfA',
  'operatorOfB',
  'regulatorEngland',
  'regulatorWales',
  'regulatorNoPermissions',
  'verifier',
] as const;
export type Role = (typeof roles)[number];

/**
 * Accounts A and B are both in England. adminOfA is A's only operator_admin; restrictedOfA and
 * operatorTarget are restricted users of A; regulatorEngland and regulatorWales hold every
 * permission in their CA; regulatorNoPermissions holds an ACTIVE England authority without any.
 */
export interface World {
  users: Record<Exclude<Role, 'anonymous'>, TokenUser>;
  accountA: number;
  accountB: number;
  operatorTarget: string;
  regulatorTarget: string;
  verificationBodyId: number;
}

export interface AccessExpectation {
  /** The URL to call, from the world and what `prepare` made. */
  url: (w: World, prepared: Record<string, string | number>) => string;
  /** Extra data the call needs (a request, a task …), made before each call. */
  prepare?: (db: Db, w: World) => Promise<Record<string, string | number>>;
  body?: unknown;
  multipart?: boolean;
  /** Allowed calls change data: each caller gets a world of their own. */
  mutates?: boolean;
  /**
   * Statuses in the order of `roles`. Calls that would change data send a body that fails
   * validation, so an allowed caller gets 400 after the access check, and nothing changes.
   */
  expect: [number, number, number, number, number, number, number, number];
}

export async function makeWorld(db: Db): Promise<World> {
  const accountA = await createAccount(db, { competentAuthority: 'ENGLAND' });
  const accountB = await createAccount(db, { competentAuthority: 'ENGLAND' });
  const [
    adminOfA,
    restrictedOfA,
    operatorOfB,
    regulatorEngland,
    regulatorWales,
    regulatorNoPermissions,
    verifier,
    operatorTarget,
    regulatorTarget,
  ] = await Promise.all(Array.from({ length: 9 }, () => createUser(db)));
  await grantOperator(db, adminOfA, accountA, 'operator_admin');
  await grantOperator(db, restrictedOfA, accountA, 'operator');
  await grantOperator(db, operatorTarget, accountA, 'operator');
  await grantOperator(db, operatorOfB, accountB, 'operator_admin');
  await grantRegulator(db, regulatorEngland, 'ENGLAND');
  await grantRegulator(db, regulatorTarget, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
  await grantRegulator(db, regulatorWales, 'WALES');
  await grantRegulator(db, regulatorNoPermissions, 'ENGLAND', []);
  const verificationBodyId = await createVerificationBody(db);
  await grantVerifier(db, verifier, verificationBodyId);
  return {
    users: { adminOfA, restrictedOfA, operatorOfB, regulatorEngland, regulatorWales, regulatorNoPermissions, verifier },
    accountA: accountA.id,
    accountB: accountB.id,
    operatorTarget: operatorTarget.id,
    regulatorTarget: regulatorTarget.id,
    verificationBodyId,
  };
}

/** Every test/access/*.ts file's `accessExpectations`, merged. */
export function loadAccessExpectations(): Record<string, AccessExpectation> {
  const dir = path.resolve(__dirname, 'access');
  const merged: Record<string, AccessExpectation> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = require(path.join(dir, file)) as { accessExpectations?: Record<string, AccessExpectation> };
    Object.assign(merged, mod.accessExpectations ?? {});
  }
  return merged;
}
