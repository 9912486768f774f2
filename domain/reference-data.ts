// Reference data the forms need (spec §7 "Company and reference data": GET /data with repeated
// `types`), served from the database tables the migrations seed.
import * as v from 'valibot';

export const referenceDataTypes = ['COUNTRIES', 'COUNTIES', 'COMPETENT_AUTHORITIES', 'SIC_CODES'] as const;
export type ReferenceDataType = (typeof referenceDataTypes)[number];

const countrySchema = v.object({
  /** ISO 3166-1 alpha-2. */
  code: v.string(),
  name: v.string(),
});
export type Country = v.InferOutput<typeof countrySchema>;

const countySchema = v.object({
  name: v.string(),
  /** England, Wales, Scotland or Northern Ireland. */
  nation: v.string(),
});
export type County = v.InferOutput<typeof countySchema>;

const competentAuthorityEntrySchema = v.object({ code: v.string(), name: v.string(), email: v.string() });
export type CompetentAuthorityEntry = v.InferOutput<typeof competentAuthorityEntrySchema>;

/** A UK SIC 2007 code (domain/sic-codes.ts): five digits, its description, its section's letter. */
const sicCodeSchema = v.object({ code: v.string(), description: v.string(), section: v.string() });
export type SicCode = v.InferOutput<typeof sicCodeSchema>;

/** GET /data's answer: the lists asked for. */
export const referenceDataSchema = v.object({
  COUNTRIES: v.optional(v.array(countrySchema)),
  COUNTIES: v.optional(v.array(countySchema)),
  COMPETENT_AUTHORITIES: v.optional(v.array(competentAuthorityEntrySchema)),
  SIC_CODES: v.optional(v.array(sicCodeSchema)),
});
export type ReferenceData = v.InferOutput<typeof referenceDataSchema>;

export const REFERENCE_DATA_TYPES_REQUIRED = `Enter at least one of the types ${referenceDataTypes.join(', ')}`;
export const referenceDataTypeUnknown = (type: string) =>
  `${type} is not a type of reference data (known: ${referenceDataTypes.join(', ')})`;
