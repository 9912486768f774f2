// Reference data the forms need (spec §7 "Company and reference data": GET /data with repeated
// `types`), served from the database tables the migrations seed.

export const referenceDataTypes = ['COUNTRIES', 'COUNTIES', 'COMPETENT_AUTHORITIES', 'SIC_CODES'] as const;
export type ReferenceDataType = (typeof referenceDataTypes)[number];

export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
}

export interface County {
  name: string;
  /** England, Wales, Scotland or Northern Ireland. */
  nation: string;
}

export interface CompetentAuthorityEntry {
  code: string;
  name: string;
  email: string;
}

/** A UK SIC 2007 code (domain/sic-codes.ts): five digits, its description, its section's letter. */
export interface SicCode {
  code: string;
  description: string;
  section: string;
}

export interface ReferenceData {
  COUNTRIES?: Country[];
  COUNTIES?: County[];
  COMPETENT_AUTHORITIES?: CompetentAuthorityEntry[];
  SIC_CODES?: SicCode[];
}

export const REFERENCE_DATA_TYPES_REQUIRED = `Enter at least one of the types ${referenceDataTypes.join(', ')}`;
export const referenceDataTypeUnknown = (type: string) =>
  `${type} is not a type of reference data (known: ${referenceDataTypes.join(', ')})`;
