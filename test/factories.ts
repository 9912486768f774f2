// Test data: users, accounts and authorities written straight to the database. Every value that
// must be unique is made unique per call, because all test files of a run share one database.
import { randomUUID } from 'node:crypto';
import type { Db } from '../infra/db';
import {
  allRegulatorPermissions,
  operatorRoles,
  type AuthorityStatus,
  type CompetentAuthority,
  type OperatorRoleCode,
  type Permission,
} from '../domain/authorities';

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface TestAccount {
  id: number;
  organisationId: string;
  name: string;
  competentAuthority: CompetentAuthority;
  status: string;
}

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export async function createUser(
  db: Db,
  fields: Partial<TestUser> & {
    jobTitle?: string;
    phoneNumber?: string;
    termsVersion?: number | null;
    registrationStatus?: 'PENDING' | 'REGISTERED';
  } = {},
): Promise<TestUser> {
  const id = fields.id ?? randomUUID();
  const user = {
    id,
    email: (fields.email ?? `user-${unique()}@example.test`).toLowerCase(),
    firstName: fields.firstName ?? 'Test',
    lastName: fields.lastName ?? `User ${unique()}`,
  };
  await db('users').insert({
    id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    job_title: fields.jobTitle ?? null,
    phone_number: fields.phoneNumber ?? null,
    // The latest terms accepted unless told otherwise: the API refuses actions until they are.
    terms_version: fields.termsVersion === undefined ? db.raw('(select max(version) from terms)') : fields.termsVersion,
    registration_status: fields.registrationStatus ?? 'REGISTERED',
  });
  return user;
}

export async function createAccount(
  db: Db,
  fields: {
    competentAuthority?: CompetentAuthority;
    status?: string;
    name?: string;
    registrationNumber?: string | null;
    verificationBodyId?: number | null;
  } = {},
): Promise<TestAccount> {
  // From ORG900000 up, clear of the ids the account-opening process derives from account ids.
  const organisationId = `ORG${900000 + Math.floor(Math.random() * 1e5)}`;
  const name = fields.name ?? `Organisation ${unique()}`;
  const [row] = await db('accounts')
    .insert({
      organisation_id: organisationId,
      name,
      registration_number: fields.registrationNumber ?? null,
      status: fields.status ?? 'LIVE',
      competent_authority: fields.competentAuthority ?? 'ENGLAND',
      address_line1: '1 High Street',
      city: 'Bristol',
      postcode: 'BS1 1AA',
      verification_body_id: fields.verificationBodyId ?? null,
    })
    .onConflict('organisation_id')
    .ignore()
    .returning(['id']);
  // A random organisation id can collide; try again rather than fail a test by chance.
  if (!row) return createAccount(db, fields);
  return {
    id: row.id,
    organisationId,
    name,
    competentAuthority: fields.competentAuthority ?? 'ENGLAND',
    status: fields.status ?? 'LIVE',
  };
}

export async function grantOperator(
  db: Db,
  user: TestUser,
  account: { id: number },
  code: OperatorRoleCode = 'operator_admin',
  status: AuthorityStatus = 'ACTIVE',
): Promise<number> {
  const [row] = await db('authorities')
    .insert({
      user_id: user.id,
      account_id: account.id,
      code,
      status,
      permissions: [...operatorRoles[code].permissions],
    })
    .returning(['id']);
  return Number(row.id);
}

export async function grantRegulator(
  db: Db,
  user: TestUser,
  competentAuthority: CompetentAuthority = 'ENGLAND',
  permissions: readonly Permission[] = allRegulatorPermissions,
  status: AuthorityStatus = 'ACTIVE',
): Promise<number> {
  const [row] = await db('authorities')
    .insert({ user_id: user.id, competent_authority: competentAuthority, status, permissions: [...permissions] })
    .returning(['id']);
  return Number(row.id);
}

export async function createVerificationBody(db: Db, name = `Verifier body ${unique()}`): Promise<number> {
  const [row] = await db('verification_bodies').insert({ name }).returning(['id']);
  return row.id;
}

export async function grantVerifier(
  db: Db,
  user: TestUser,
  verificationBodyId?: number,
  code = 'verifier_admin',
  status: AuthorityStatus = 'ACTIVE',
): Promise<number> {
  const vb = verificationBodyId ?? (await createVerificationBody(db));
  const [row] = await db('authorities')
    .insert({ user_id: user.id, verification_body_id: vb, code, status, permissions: [] })
    .returning(['id']);
  return Number(row.id);
}

/**
 * An open task on a request of its own, as a workflow's activity would have written it. The lists
 * order by start date, newest first: `startMinutes` is relative to now (negative: in the past).
 * Days remaining are counted from the database's calendar day, as the lists count them.
 */
export async function createTask(
  db: Db,
  fields: {
    requestId: string;
    requestType: string;
    type: string;
    account: TestAccount;
    assignee: TestUser | null;
    startMinutes: number;
    dueInDays?: number | null;
  },
): Promise<number> {
  await db('requests').insert({
    id: fields.requestId,
    type: fields.requestType,
    status: 'IN_PROGRESS',
    account_id: fields.account.id,
    competent_authority: fields.account.competentAuthority,
  });
  const [row] = await db('request_tasks')
    .insert({
      request_id: fields.requestId,
      type: fields.type,
      assignee: fields.assignee?.id ?? null,
      account_id: fields.account.id,
      competent_authority: fields.account.competentAuthority,
      start_date: db.raw('now() + make_interval(mins => ?)', [fields.startMinutes]),
      due_date:
        fields.dueInDays === undefined || fields.dueInDays === null
          ? null
          : db.raw('current_date + ?::int', [fields.dueInDays]),
    })
    .returning('id');
  return Number(row.id);
}

/** A report submitted on its own completed request, as storeSubmittedReport keeps it (MI reports read these). */
export async function createSubmittedReport(
  db: Db,
  fields: {
    account: TestAccount;
    requestType: string;
    requestId: string;
    data: Record<string, unknown>;
    submittedBy?: string;
    submittedAt?: Date;
  },
): Promise<void> {
  const submittedAt = fields.submittedAt ?? new Date();
  await db('requests').insert({
    id: fields.requestId,
    type: fields.requestType,
    status: 'COMPLETED',
    account_id: fields.account.id,
    competent_authority: fields.account.competentAuthority,
    payload: JSON.stringify({ report: fields.data }),
    submitted_at: submittedAt,
    ended_at: submittedAt,
  });
  await db('reports').insert({
    request_id: fields.requestId,
    account_id: fields.account.id,
    type: fields.requestType,
    data: JSON.stringify(fields.data),
    submitted_by: fields.submittedBy ?? 'test-user',
    submitted_at: submittedAt,
  });
}
