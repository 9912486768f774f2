// A client for the Companies House public data API: GET /company/{number}, HTTP basic auth with
// the API key as the user name and no password. Only the fields the wizard prefills are read.
import type { CompanyProfile } from '../../domain/accounts';
import type { CompanyRegister } from './types';
import { companiesHouseKeyRefused, companiesHouseRateLimited, companiesHouseUnavailable } from './errors';
import { locationFromCountry } from './location';

export interface CompaniesHouseOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

interface ChAddress {
  premises?: string;
  address_line_1?: string;
  address_line_2?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  country?: string;
}

interface ChProfile {
  company_number?: string;
  company_name?: string;
  jurisdiction?: string;
  registered_office_address?: ChAddress;
  sic_codes?: string[];
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function toCompanyProfile(registrationNumber: string, body: ChProfile): CompanyProfile {
  const a = body.registered_office_address ?? {};
  const premises = text(a.premises);
  const line1 = text(a.address_line_1);
  return {
    registrationNumber: text(body.company_number) ?? registrationNumber,
    name: text(body.company_name) ?? '',
    address: {
      // Companies House keeps the building number apart; the service's address has no such field.
      line1: [premises, line1].filter(Boolean).join(' ') || '',
      line2: text(a.address_line_2),
      city: text(a.locality) ?? '',
      county: text(a.region),
      postcode: text(a.postal_code),
      country: text(a.country),
    },
    sicCodes: Array.isArray(body.sic_codes) ? body.sic_codes.filter((c): c is string => typeof c === 'string') : [],
    location: locationFromCountry(a.country) ?? locationFromCountry(body.jurisdiction),
  };
}

export function companiesHouseRegister(options: CompaniesHouseOptions): CompanyRegister {
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  return {
    async lookup(registrationNumber) {
      let res: Response;
      try {
        res = await fetch(`${options.baseUrl.replace(/\/$/, '')}/company/${encodeURIComponent(registrationNumber)}`, {
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        throw companiesHouseUnavailable(); // refused connection, DNS, timeout
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status === 401 || res.status === 403) throw companiesHouseKeyRefused();
      if (res.status === 429) throw companiesHouseRateLimited();
      if (!res.ok) throw companiesHouseUnavailable();
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw companiesHouseUnavailable();
      }
      if (!body || typeof body !== 'object') throw companiesHouseUnavailable();
      return toCompanyProfile(registrationNumber, body as ChProfile);
    },
  };
}
