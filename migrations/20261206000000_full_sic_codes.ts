// The full UK SIC 2007 list (domain/data/uk-sic-2007.json) in ref_sic_codes, which held only the
// embedded register's 30 codes, each with its section's letter. Forward-only.
import type { Knex } from 'knex';
import { sicCodes } from '../domain/sic-codes';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ref_sic_codes', (t) => {
    t.string('section', 1);
  });
  for (let i = 0; i < sicCodes.length; i += 200) {
    await knex('ref_sic_codes')
      .insert(sicCodes.slice(i, i + 200).map(({ code, description, section }) => ({ code, description, section })))
      .onConflict('code')
      .merge(['description', 'section']);
  }
  await knex.raw('alter table ref_sic_codes alter column section set not null');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
