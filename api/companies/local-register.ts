// The embedded default: the company_register table, seeded with fictional companies by the
// accounts migration, so the wizard's prefill works with no outside service.
import type { Db } from '../../infra/db';
import type { CompanyProfile } from '../../domain/accounts';
import type { CompanyRegister } from './types';
import { locationFromCountry } from './location';

export function localCompanyRegister(db: Db): CompanyRegister {
  return {
    async lookup(registrationNumber) {
      const row = await db('company_register').where({ registration_number: registrationNumber }).first();
      if (!row) return null;
      const profile: CompanyProfile = {
        registrationNumber: row.registration_number,
        name: row.name,
        address: {
          line1: row.address_line1,
          line2: row.address_line2,
          city: row.locality,
          county: row.region,
          postcode: row.postcode,
          country: row.country,
        },
        sicCodes: row.sic_codes ?? [],
        location: locationFromCountry(row.country),
      };
      return profile;
    },
  };
}
