// The bench's database (esos_bench): 10,000 accounts with an operator admin each, 25 regulators, and
// 100,000 requests with one open task each, plus each account's four reports in a mix of states for the
// compliance overview. Kept when it is already seeded and --keep-db is given.
import type { Knex } from 'knex';
import type { CompetentAuthority } from '../../domain/authorities';
import { CAS, benchDatabaseUrl, options } from './options';

const CA_ARRAY = `array['${CAS.join("','")}']`;

export async function seed(): Promise<void> {
  const { createDb, dropDatabase, ensureDatabase, migrate } = await import('../../infra/db');
  if (!options.keepDb) await dropDatabase(benchDatabaseUrl);
  await ensureDatabase(benchDatabaseUrl);
  const db = createDb(benchDatabaseUrl, { min: 0, max: 2 });
  try {
    await migrate(db);
    if (await alreadySeeded(db)) return;
    const started = Date.now();
    await seedAccountsAndUsers(db);
    await seedRequestsAndTasks(db);
    await seedReportStates(db);
    // vacuum sets the visibility map, so the list counts are index-only scans as on a settled database.
    await db.raw('vacuum analyze');
    // The seed's writes reach the disk now, not in a checkpoint during the first measured call.
    await db.raw('checkpoint');
    console.log(
      `seeded 10,000 accounts, 100,000 tasks and the accounts' report states in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.destroy();
  }
}

async function alreadySeeded(db: Knex): Promise<boolean> {
  const existing = await db('request_tasks').count<{ n: string }[]>({ n: '*' });
  return Number(existing[0].n) >= 100_000;
}

async function seedAccountsAndUsers(db: Knex): Promise<void> {
  const { allRegulatorPermissions, operatorRoles } = await import('../../domain/authorities');
  await db.raw(`insert into accounts (id, organisation_id, name, registration_number, status, competent_authority, address_line1, city)
    select i, 'ORG' || lpad(i::text, 6, '0'), 'Organisation ' || i, 'RN' || lpad(i::text, 8, '0'), 'LIVE', (${CA_ARRAY})[1 + i % 5], '1 High Street', 'Bristol'
    from generate_series(1, 10000) i`);
  await db.raw(`select setval('accounts_id_seq', 10000)`);
  await db.raw(
    `insert into users (id, email, first_name, last_name, terms_version) select 'op-' || i, 'op' || i || '@bench.test', 'Olive', 'Operator ' || i, (select max(version) from terms) from generate_series(1, 10000) i`,
  );
  await db.raw(
    `insert into users (id, email, first_name, last_name, terms_version) select 'reg-' || i, 'reg' || i || '@bench.test', 'Rita', 'Regulator ' || i, (select max(version) from terms) from generate_series(1, 25) i`,
  );
  await db.raw(
    `insert into authorities (user_id, code, status, account_id, permissions) select 'op-' || i, 'operator_admin', 'ACTIVE', i, ? from generate_series(1, 10000) i`,
    [[...operatorRoles.operator_admin.permissions]],
  );
  await db.raw(
    `insert into authorities (user_id, status, competent_authority, permissions) select 'reg-' || i, 'ACTIVE', (${CA_ARRAY})[1 + i % 5], ? from generate_series(1, 25) i`,
    [allRegulatorPermissions],
  );
  await db.raw(
    `insert into account_contacts (account_id, contact_type, user_id) select i, 'PRIMARY', 'op-' || i from generate_series(1, 10000) i`,
  );
}

/** One open task per request; every fifth a regulator review, a third of those unassigned. */
async function seedRequestsAndTasks(db: Knex): Promise<void> {
  await db.raw(`insert into requests (id, type, status, account_id, competent_authority)
    select 'BN' || lpad(i::text, 7, '0'), case when i % 5 = 0 then 'ORGANISATION_ACCOUNT_OPENING' else (array['NOTIFICATION_OF_COMPLIANCE_P3','ACTION_PLAN_P3','PROGRESS_UPDATE_1_P3'])[1 + i % 3] end,
      'IN_PROGRESS', 1 + (i / 10) % 10000, (${CA_ARRAY})[1 + (1 + (i / 10) % 10000) % 5]
    from generate_series(1, 100000) i`);
  await db.raw(`insert into request_tasks (request_id, type, assignee, account_id, competent_authority, start_date, due_date)
    select r.id,
      case when i % 5 = 0 then 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW' else (array['NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT','ACTION_PLAN_P3_APPLICATION_SUBMIT','PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT'])[1 + i % 3] end,
      case when i % 5 = 0 then (case when i % 3 = 0 then null else 'reg-' || ((r.account_id % 5) + 5 * (1 + (i / 7) % 4)) end)
           else (case when i % 11 = 0 then null else 'op-' || r.account_id end) end,
      r.account_id, r.competent_authority, now() - (i || ' seconds')::interval,
      case when i % 4 = 0 then current_date + (i % 30 - 5) else null end
    from generate_series(1, 100000) i join requests r on r.id = 'BN' || lpad(i::text, 7, '0')`);
}

/** Each account's four reports submitted, in progress, overdue, cancelled or not started, as the compliance overview's tests mix them. */
async function seedReportStates(db: Knex): Promise<void> {
  await import('../../processes');
  const { seedReportMix } = await import('../../test/compliance-mix');
  const accounts: { id: number; competent_authority: CompetentAuthority }[] = await db('accounts')
    .orderBy('id')
    .select('id', 'competent_authority');
  await seedReportMix(
    db,
    accounts.map((a, index) => ({ id: a.id, competentAuthority: a.competent_authority, index })),
    new Date(),
  );
}
