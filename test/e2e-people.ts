// People of the browser tests beyond the demo users: each test makes its own (a sign-in with a known
// password, and for regulators a one-time-code secret), written straight to the e2e service's
// database, so tests never depend on one another's state.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { hashPassword } from '../identity/passwords';
import { allRegulatorPermissions, operatorRoles, type CompetentAuthority } from '../domain/authorities';
import { enterPassword, openSignIn } from './e2e-session';

let db: Knex | null = null;

/** The e2e service's database (set up by test/setup/e2e-setup.ts). */
export function e2eDb(): Knex {
  if (!db) {
    const url = process.env.E2E_DATABASE_URL;
    if (!url) throw new Error('E2E_DATABASE_URL is not set: browser tests run through the e2e project of jest');
    db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 4 } });
  }
  return db;
}

/**
 * Holds one competent authority for a browser test that counts its live accounts (the compliance
 * overview) or adds one there for a moment: the e2e files run in parallel against one database, so
 * each such place takes this PostgreSQL advisory lock. Its connection is its own (not the pool's,
 * which the file's last hook closes), and letting go first closes the accounts the holder made live
 * there, so the next holder does not count them.
 */
export async function holdAuthority(
  ca: CompetentAuthority,
): Promise<{ letGo: (accountsToClose?: number[]) => Promise<void> }> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: browser tests run through the e2e project of jest');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('select pg_advisory_lock(hashtext($1))', [`e2e:${ca}`]);
  return {
    letGo: async (accountsToClose = []) => {
      if (accountsToClose.length)
        await client.query(`update accounts set status = 'CLOSED' where id = any($1)`, [accountsToClose]);
      await client.end(); // ends the session, and with it the lock
    },
  };
}

export async function closeE2eDb(): Promise<void> {
  await db?.destroy();
  db = null;
}

export interface Person {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Base32 one-time-code secret (regulators). */
  totpSecret: string | null;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238 (SHA-1, 30 s, 6 digits), written independently of identity/totp.ts. */
export function totp(base32: string, at = Date.now()): string {
  let bits = '';
  for (const ch of base32) bits += BASE32.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A person with a confirmed sign-in who has accepted the latest terms. A regulator gets an ACTIVE
 * authority in their competent authority with every permission, and a one-time-code secret.
 */
export async function newPerson(options: {
  firstName: string;
  lastName: string;
  regulatorOf?: CompetentAuthority;
}): Promise<Person> {
  const d = e2eDb();
  const id = randomUUID();
  const tag = id.slice(0, 8);
  const person: Person = {
    id,
    email: `${options.firstName}.${options.lastName}.${tag}@example.org`.toLowerCase().replace(/\s+/g, '-'),
    password: `Test-Password-${tag}-9`,
    firstName: options.firstName,
    lastName: options.lastName,
    totpSecret: options.regulatorOf ? Array.from(randomBytes(32), (b) => BASE32[b & 31]).join('') : null,
  };
  const terms = (await d('terms').max('version as v').first())?.v ?? null;
  await d('users').insert({
    id,
    email: person.email,
    first_name: person.firstName,
    last_name: person.lastName,
    terms_version: terms,
    registration_status: 'REGISTERED',
  });
  await d('identity_credentials').insert({
    subject: id,
    email: person.email,
    first_name: person.firstName,
    last_name: person.lastName,
    password_hash: await hashPassword(person.password),
    email_verified_at: new Date(),
    totp_secret: person.totpSecret,
    totp_offered_at: new Date(),
  });
  if (options.regulatorOf)
    await d('authorities').insert({
      user_id: id,
      competent_authority: options.regulatorOf,
      status: 'ACTIVE',
      permissions: allRegulatorPermissions,
    });
  return person;
}

/** Signs the person in through the provider's pages (with their one-time code) and waits for the app. */
export async function signIn(page: Page, person: Person): Promise<void> {
  await openSignIn(page);
  await enterPassword(page, person);
  if (person.totpSecret) {
    await page.getByLabel('Code from your authenticator app').fill(totp(person.totpSecret));
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL(
    (url) =>
      !url.pathname.startsWith('/auth/') &&
      !url.pathname.startsWith('/start-login') &&
      !url.pathname.startsWith('/callback'),
    { timeout: 20_000 },
  );
}

/** The newest e-mail to `to` with this subject, waiting for the outbox to have it. */
export async function latestEmail(to: string, subject: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const row = await e2eDb()('email_outbox').where({ to_address: to, subject }).orderBy('id', 'desc').first();
    if (row) return row.body_text as string;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail "${subject}" to ${to}`);
}

/** The first link in an e-mail's text. */
export const linkIn = (text: string) => /(https?:\/\/\S+)/.exec(text)![1];

/** A LIVE English account named `name` whose administrator is its primary contact. */
export async function accountWithAdmin(name: string): Promise<{ id: number; admin: Person }> {
  const admin = await newPerson({ firstName: 'Amir', lastName: 'Answerer' });
  const d = e2eDb();
  const [account] = await d('accounts')
    .insert({
      organisation_id: `ORG${700000 + Math.floor(Math.random() * 99999)}`,
      name,
      status: 'LIVE',
      competent_authority: 'ENGLAND',
      address_line1: '2 Mill Lane',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      accepted_at: new Date(),
    })
    .returning(['id']);
  await d('authorities').insert({
    user_id: admin.id,
    account_id: account.id,
    code: 'operator_admin',
    status: 'ACTIVE',
    permissions: operatorRoles.operator_admin.permissions,
  });
  await d('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: admin.id });
  return { id: account.id, admin };
}

/**
 * Sign-up's second half for a new operator on 'Enter your details' (/registration/register): the
 * address and a phone number, Continue, then Submit on 'Check your answers'; ends on the panel.
 */
export async function giveContactDetails(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Enter your details' }).waitFor();
  await page.getByLabel('Address line 1').fill('1 Mill Lane');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 1AA');
  await page.getByRole('group', { name: 'Phone number 1' }).getByLabel('Number').fill('0113 496 0000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your answers' }).waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { name: "You've successfully created a user account" }).waitFor();
}
