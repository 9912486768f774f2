// The database roles that run regulators' custom SQL reports: one login role per competent
// authority and per database, which may read only the views of schema `mi_report` (its competent
// authority's rows) and nothing else. Roles are cluster-wide, so each database gets its own
// (named after it): test runs on databases of their own never share or race for a role.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { competentAuthorities, type CompetentAuthority } from '../domain/authorities';

export const MI_REPORT_SCHEMA = 'mi_report';

export function databaseNameOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
}

/** e.g. esos_mi_1a2b3c4d5e6f_england: at most 40 characters, well under PostgreSQL's 63. */
export function miReaderRole(databaseName: string, ca: CompetentAuthority): string {
  return `esos_mi_${createHash('sha256').update(databaseName).digest('hex').slice(0, 12)}_${ca.toLowerCase()}`;
}

export function miReaderRoles(databaseName: string): { ca: CompetentAuthority; role: string }[] {
  return competentAuthorities.map((ca) => ({ ca, role: miReaderRole(databaseName, ca) }));
}

/**
 * Gives the readers of this database the configured password, for servers that ask for one (run at
 * start, after the migrations; needs the right to alter roles). Without one, nothing changes.
 */
export async function setMiReaderPasswords(db: Knex, databaseUrl: string, password: string | null): Promise<void> {
  if (!password) return;
  // ALTER ROLE takes no bind parameters: the password goes in as a quoted literal.
  const literal = `'${password.replace(/'/g, "''")}'`;
  for (const { role } of miReaderRoles(databaseNameOf(databaseUrl)))
    await db.raw(`alter role "${role}" password ${literal}`);
}

/** The connection of a competent authority's reader: the service's database as that role. */
export function miReaderConnection(databaseUrl: string, ca: CompetentAuthority, password: string | null): string {
  const url = new URL(databaseUrl);
  url.username = miReaderRole(databaseNameOf(databaseUrl), ca);
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}
