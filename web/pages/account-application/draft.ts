// The application as the wizard builds it, and its checks per step (the rules and messages are
// domain/accounts.ts's, shared with the API).
import * as v from 'valibot';
import type { CompetentAuthority } from '../../../domain/authorities';
import {
  LOCATION_REQUIRED,
  REGISTERED_AT_COMPANIES_HOUSE_REQUIRED,
  organisationDetailsSchema,
  registrationNumberError,
  type ClassificationType,
  type CompanyProfile,
} from '../../../domain/accounts';

export interface ApplicationDraft {
  registered: 'yes' | 'no' | null;
  registrationNumber: string;
  name: string;
  address: { line1: string; line2: string; city: string; county: string; postcode: string };
  codes: { type: ClassificationType | null; otherTypeName: string; codes: string[] };
  competentAuthority: CompetentAuthority | null;
}

export interface FieldError {
  path: string;
  message: string;
}

export const emptyDraft: ApplicationDraft = {
  registered: null,
  registrationNumber: '',
  name: '',
  address: { line1: '', line2: '', city: '', county: '', postcode: '' },
  codes: { type: null, otherTypeName: '', codes: [''] },
  competentAuthority: null,
};

export function registeredErrors(d: ApplicationDraft): FieldError[] {
  if (!d.registered) return [{ path: 'registered', message: REGISTERED_AT_COMPANIES_HOUSE_REQUIRED }];
  if (d.registered === 'no') return [];
  const message = registrationNumberError(d.registrationNumber);
  return message ? [{ path: 'registrationNumber', message }] : [];
}

function detailsInput(d: ApplicationDraft) {
  return { name: d.name, address: d.address, codes: { ...d.codes, type: d.codes.type ?? undefined } };
}

export function detailsErrors(d: ApplicationDraft): FieldError[] {
  const result = v.safeParse(organisationDetailsSchema, detailsInput(d));
  return result.success ? [] : result.issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message }));
}

export function locationErrors(d: ApplicationDraft): FieldError[] {
  return d.competentAuthority ? [] : [{ path: 'competentAuthority', message: LOCATION_REQUIRED }];
}

/** The account opening's create payload (domain `organisationAccountApplicationSchema`). */
export function applicationPayload(d: ApplicationDraft) {
  const details = v.parse(organisationDetailsSchema, detailsInput(d));
  return {
    registeredAtCompaniesHouse: d.registered === 'yes',
    registrationNumber: d.registered === 'yes' ? d.registrationNumber.replace(/\s+/g, '').toUpperCase() : null,
    ...details,
    competentAuthority: d.competentAuthority,
  };
}

/** Fills the details from the company register; what the applicant typed for another number is replaced. */
export function prefill(d: ApplicationDraft, company: CompanyProfile): ApplicationDraft {
  return {
    ...d,
    name: company.name,
    address: {
      line1: company.address.line1,
      line2: company.address.line2 ?? '',
      city: company.address.city,
      county: company.address.county ?? '',
      postcode: company.address.postcode ?? '',
    },
    codes:
      company.sicCodes.length > 0 ? { type: 'SIC', otherTypeName: '', codes: company.sicCodes.slice(0, 4) } : d.codes,
    competentAuthority: company.location ?? d.competentAuthority,
  };
}
