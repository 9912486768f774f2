// Demo data for development and browser tests: one user per role, each with a known password
// (README.md, "Demo users"). Never run in production (config.seedDemoData). Idempotent:
// a user that exists is left alone.
import type { Knex } from 'knex';
import { allRegulatorPermissions, operatorRoles } from '../domain/authorities';
import { hashPassword } from '../identity/passwords';
import type { Logger } from './logger';

export const demoUsers = {
  operator: {
    subject: '00000000-0000-4000-8000-000000000001',
    email: 'operator@esos.localhost',
    password: 'Operator-Demo-Pass-1',
    firstName: 'Olivia',
    lastName: 'Operator',
  },
  regulator: {
    subject: '00000000-0000-4000-8000-000000000002',
    email: 'regulator@esos.localhost',
    password: 'Regulator-Demo-Pass-2',
    firstName: 'Reggie',
    lastName: 'Regulator',
  },
  verifier: {
    subject: '00000000-0000-4000-8000-000000000003',
    email: 'verifier@esos.localhost',
    password: 'Verifier-Demo-Pass-3',
    firstName: 'Vera',
    lastName: 'Verifier',
  },
} as const;

type Demo = (typeof demoUsers)[keyof typeof demoUsers];

async function createPerson(trx: Knex.Transaction, user: Demo, opts: { offerTotp: boolean }): Promise<boolean> {
  const exists = await trx('identity_credentials').whereRaw('lower(email) = ?', [user.email]).first();
  if (exists) return false;
  const latestTerms = (await trx('terms').max('version as v').first())?.v ?? null;
  await trx('users')
    .insert({
      id: user.subject,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      terms_version: latestTerms,
      registration_status: 'REGISTERED',
    })
    .onConflict('id')
    .ignore();
  await trx('identity_credentials').insert({
    subject: user.subject,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    password_hash: await hashPassword(user.password),
    email_verified_at: new Date(),
    // Regulators must set up a one-time code on first sign-in; the others are not asked.
    totp_offered_at: opts.offerTotp ? null : new Date(),
  });
  return true;
}

/** The demo organisation on the embedded register (a number past the fictional companies' own). */
const demoCompany = {
  registration_number: '09000001',
  name: 'DEMO ENERGY LTD',
  company_status: 'active',
  address_line1: '1 Demo Street',
  locality: 'London',
  postcode: 'SW1A 1AA',
  country: 'England',
  sic_codes: ['35110'],
  date_of_creation: '2001-04-01',
};

export async function seedDemoData(db: Knex, logger?: Logger): Promise<void> {
  await db.transaction(async (trx) => {
    // One seeder at a time when several replicas start together.
    await trx.raw('select pg_advisory_xact_lock(727001)');
    const created: string[] = [];

    const { operator, regulator, verifier } = demoUsers;
    // The demo organisation is on the embedded company register, so its number passes the checks
    // (the notification's responsible undertaking) as a real company's would.
    await trx('company_register').insert(demoCompany).onConflict('registration_number').ignore();
    // Demo data seeded before had a number no register knows.
    await trx('accounts')
      .where({ organisation_id: 'ORG000001', registration_number: '00000001' })
      .update({ registration_number: demoCompany.registration_number });
    if (await createPerson(trx, operator, { offerTotp: false })) {
      const [account] = await trx('accounts')
        .insert({
          organisation_id: 'ORG000001',
          name: 'Demo Energy Ltd',
          registration_number: demoCompany.registration_number,
          status: 'LIVE',
          competent_authority: 'ENGLAND',
          address_line1: '1 Demo Street',
          city: 'London',
          postcode: 'SW1A 1AA',
          classification_codes: JSON.stringify({ type: 'SIC', otherTypeName: null, codes: demoCompany.sic_codes }),
          accepted_at: new Date(),
        })
        .onConflict('organisation_id')
        .ignore()
        .returning('id');
      const accountId = account?.id ?? (await trx('accounts').where({ organisation_id: 'ORG000001' }).first()).id;
      await trx('authorities').insert({
        user_id: operator.subject,
        code: 'operator_admin',
        status: 'ACTIVE',
        account_id: accountId,
        permissions: operatorRoles.operator_admin.permissions,
      });
      await trx('account_contacts')
        .insert({ account_id: accountId, contact_type: 'PRIMARY', user_id: operator.subject })
        .onConflict(['account_id', 'contact_type'])
        .ignore();
      created.push(operator.email);
    }
    if (await createPerson(trx, regulator, { offerTotp: true })) {
      await trx('authorities').insert({
        user_id: regulator.subject,
        status: 'ACTIVE',
        competent_authority: 'ENGLAND',
        permissions: allRegulatorPermissions,
      });
      created.push(regulator.email);
    }
    if (await createPerson(trx, verifier, { offerTotp: false })) {
      const [body] = await trx('verification_bodies').insert({ name: 'Demo Verification Body' }).returning('id');
      await trx('authorities').insert({
        user_id: verifier.subject,
        code: 'verifier_admin',
        status: 'ACTIVE',
        verification_body_id: body.id ?? body,
        permissions: [],
      });
      created.push(verifier.email);
    }
    if (created.length) logger?.info({ users: created }, 'demo users created');
  });
}
