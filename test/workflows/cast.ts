// The people of a report process's tests: an account whose administrator is its primary contact, a
// restricted operator of it, a regulator of England (the account's) and one of Wales.
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../factories';
import type { EngineHarness } from './harness';

export interface ReportCast {
  account: TestAccount;
  admin: TestUser;
  restricted: TestUser;
  regulator: TestUser;
  welsh: TestUser;
}

export async function reportCast(
  db: EngineHarness['db'],
  fields: { account?: Parameters<typeof createAccount>[1]; admin?: Parameters<typeof createUser>[1] } = {},
): Promise<ReportCast> {
  const account = await createAccount(db, fields.account);
  const [admin, restricted, regulator, welsh] = await Promise.all([
    createUser(db, fields.admin),
    createUser(db, { firstName: 'Rob', lastName: 'Restricted' }),
    createUser(db, { firstName: 'Rhys', lastName: 'Regulator' }),
    createUser(db),
  ]);
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, restricted, account, 'operator');
  await grantRegulator(db, regulator, 'ENGLAND');
  await grantRegulator(db, welsh, 'WALES');
  await db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: admin.id });
  return { account, admin, restricted, regulator, welsh };
}
