// Organisation accounts: statuses, registration numbers, the application payload, the
// verified-accounts CSV and account notes — rules and messages shared by the API and the SPA
// (reference: real-service-workflows.md §6, real-service-platform.md §3).
import * as v from 'valibot';
import { competentAuthorities, type CompetentAuthority } from './authorities';
import {
  EMAIL_INVALID,
  isEmail,
  maxLengthMessage,
  maxLengthText,
  requiredText,
  optionalText,
  trimmedOrNull,
} from './validation';
import { isBlankRecord, type CsvRecord } from './csv-record';
import { codesOf } from './labels';

export const accountStatusLabels = {
  AWAITING_APPROVAL: 'Awaiting approval',
  LIVE: 'Live',
  DENIED: 'Denied',
  CLOSED: 'Closed',
} satisfies Record<string, string>;
export type AccountStatus = keyof typeof accountStatusLabels;
export const accountStatuses = codesOf(accountStatusLabels);

/** A CLOSED account is read-only: its users, contacts and details stay as they were. */
export const isAccountReadOnly = (status: AccountStatus): boolean => status === 'CLOSED';

/** Only a LIVE account takes new users (an application or a denied one has none to invite). */
export const acceptsNewUsers = (status: AccountStatus): boolean => status === 'LIVE';

// ---------------------------------------------------------------------------------------------
// Registration numbers (Companies House CRN)

/**
 * The formats Companies House issues: 8 digits (England and Wales), or a 2-letter prefix (SC, NI,
 * OC, SO, NC, LP …) and 6 digits, or 2 letters, 5 digits and a final letter (e.g. R for some
 * Northern Ireland numbers), or one letter and 7 digits. Applied to the wizard too, which in the
 * real service only checked '8 alphanumerics' while its hint listed these formats (quirk §15.9).
 */
export const REGISTRATION_NUMBER_PATTERN = /^(?:\d{8}|[A-Z]\d{7}|[A-Z]{2}\d{5}[A-Z0-9])$/;

export const REGISTRATION_NUMBER_REQUIRED = 'Enter the registration number';
export const REGISTRATION_NUMBER_LENGTH = 'The registration number must be 8 characters';
export const REGISTRATION_NUMBER_ZEROES =
  'If your Company Registration Number has fewer than 8 numbers, add zeroes at the start';
// Ours: the real service has no message for 8 characters in the wrong shape.
export const REGISTRATION_NUMBER_FORMAT =
  'Enter the registration number in the correct format, like 01234567, SC123456 or NI12345A';
export const REGISTRATION_NUMBER_TAKEN = 'An organisation account already exists with the same registration number';
export const REGISTRATION_NUMBER_NOT_FOUND = 'The registration number was not found at the Companies House';
export const REGISTERED_AT_COMPANIES_HOUSE_REQUIRED = 'Select yes if the organisation is registered at Companies House';

/** Upper case, no spaces: how numbers are stored and compared. */
export function normaliseRegistrationNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The message for a registration number, or null when it is well-formed. */
export function registrationNumberError(raw: string | null | undefined): string | null {
  const value = normaliseRegistrationNumber(raw ?? '');
  if (value === '') return REGISTRATION_NUMBER_REQUIRED;
  if (value.length < 8 && /^\d+$/.test(value)) return REGISTRATION_NUMBER_ZEROES;
  if (value.length !== 8) return REGISTRATION_NUMBER_LENGTH;
  return REGISTRATION_NUMBER_PATTERN.test(value) ? null : REGISTRATION_NUMBER_FORMAT;
}

/** A required, well-formed registration number; output normalised. */
export const registrationNumberSchema = v.pipe(
  v.nullish(v.string(), ''),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = registrationNumberError(dataset.value);
    if (message) addIssue({ message });
  }),
  v.transform((value) => normaliseRegistrationNumber(value ?? '')),
);

// ---------------------------------------------------------------------------------------------
// Location → competent authority

export const locations = [
  'ENGLAND',
  'WALES',
  'SCOTLAND',
  'NORTHERN_IRELAND',
  'OPRED',
] as const satisfies readonly CompetentAuthority[];
export const locationLabels: Record<CompetentAuthority, string> = {
  ENGLAND: 'England',
  WALES: 'Wales',
  SCOTLAND: 'Scotland',
  NORTHERN_IRELAND: 'Northern Ireland',
  OPRED: 'Offshore (Regulated by the Offshore Petroleum Regulator for Environment and Decommissioning (OPRED))',
};
export const LOCATION_REQUIRED = 'Select the country that the organisation is located in';

// ---------------------------------------------------------------------------------------------
// Organisation details

export const classificationTypes = ['SIC', 'OTHER'] as const;
export type ClassificationType = (typeof classificationTypes)[number];
export const classificationTypeLabels: Record<ClassificationType, string> = { SIC: 'SIC codes', OTHER: 'Other' };
export const MAX_CLASSIFICATION_CODES = 4;

export const ORGANISATION_NAME_REQUIRED = 'Enter the registered name of the organisation';
export const CLASSIFICATION_TYPE_REQUIRED = 'Enter a classification type';
export const CLASSIFICATION_NAME_REQUIRED = 'Enter a classification name';
export const CODE_REQUIRED = 'Enter a code';
// Ours: the real service's limit of 1–4 codes has no message of its own.
export const CODES_COUNT = `Enter between 1 and ${MAX_CLASSIFICATION_CODES} codes`;
export const ADDRESS_LINE1_REQUIRED = 'Enter address line 1, typically the building and street';
export const CITY_REQUIRED = 'Enter your town or city name';
export const POSTCODE_REQUIRED = 'Enter your postcode';

export const addressSchema = v.object({
  line1: requiredText(ADDRESS_LINE1_REQUIRED, { maxLength: 255 }),
  line2: optionalText({ maxLength: 255 }),
  city: requiredText(CITY_REQUIRED, { maxLength: 255 }),
  county: optionalText({ maxLength: 255 }),
  postcode: requiredText(POSTCODE_REQUIRED, { maxLength: 20 }),
});
export type Address = v.InferOutput<typeof addressSchema>;

export const classificationCodesSchema = v.pipe(
  v.object({
    type: v.picklist(classificationTypes, CLASSIFICATION_TYPE_REQUIRED),
    otherTypeName: optionalText({ maxLength: 255 }),
    codes: v.pipe(
      v.array(requiredText(CODE_REQUIRED, { maxLength: 255 }), CODES_COUNT),
      v.minLength(1, CODES_COUNT),
      v.maxLength(MAX_CLASSIFICATION_CODES, CODES_COUNT),
    ),
  }),
  v.forward(
    v.check((c) => c.type !== 'OTHER' || !!c.otherTypeName, CLASSIFICATION_NAME_REQUIRED),
    ['otherTypeName'],
  ),
  v.transform((c) => ({ ...c, otherTypeName: c.type === 'OTHER' ? c.otherTypeName : null })),
);
export type ClassificationCodes = v.InferOutput<typeof classificationCodesSchema>;

/** Name, address and codes: what an administrator or regulator may change on an account. */
export const organisationDetailsSchema = v.object({
  name: requiredText(ORGANISATION_NAME_REQUIRED, { maxLength: 255 }),
  address: addressSchema,
  codes: classificationCodesSchema,
});
export type OrganisationDetails = v.InferOutput<typeof organisationDetailsSchema>;

/** The application (the account opening's create payload). */
export const organisationAccountApplicationSchema = v.pipe(
  v.object({
    registeredAtCompaniesHouse: v.boolean(REGISTERED_AT_COMPANIES_HOUSE_REQUIRED),
    registrationNumber: v.nullish(v.string()),
    name: requiredText(ORGANISATION_NAME_REQUIRED, { maxLength: 255 }),
    address: addressSchema,
    codes: classificationCodesSchema,
    competentAuthority: v.picklist(locations, LOCATION_REQUIRED),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value;
    if (!value.registeredAtCompaniesHouse) return { ...value, registrationNumber: null };
    const message = registrationNumberError(value.registrationNumber);
    if (message) {
      addIssue({
        message,
        path: [
          { type: 'object', origin: 'value', input: value, key: 'registrationNumber', value: value.registrationNumber },
        ],
      });
      return NEVER;
    }
    return { ...value, registrationNumber: normaliseRegistrationNumber(value.registrationNumber ?? '') };
  }),
);
export type OrganisationAccountApplication = v.InferOutput<typeof organisationAccountApplicationSchema>;

// The answers of the account calls (api/routes/organisation.ts, company-information.ts), from which
// the API description and the SPA's types are made: plain shapes, the fields as stored.
const addressAnswerSchema = v.object({
  line1: v.string(),
  line2: v.nullable(v.string()),
  city: v.string(),
  county: v.nullable(v.string()),
  postcode: v.string(),
});
const accountStatusSchema = v.picklist(accountStatuses);

/** An account as the API returns it. */
export const organisationAccountDtoSchema = v.object({
  id: v.number(),
  organisationId: v.string(),
  name: v.string(),
  registrationNumber: v.nullable(v.string()),
  status: accountStatusSchema,
  competentAuthority: v.picklist(competentAuthorities),
  address: addressAnswerSchema,
  codes: v.object({
    type: v.picklist(classificationTypes),
    otherTypeName: v.nullable(v.string()),
    codes: v.array(v.string()),
  }),
  acceptedAt: v.nullable(v.string()),
  /** May the caller change name, address and codes? */
  editable: v.boolean(),
});
export type OrganisationAccountDto = v.InferOutput<typeof organisationAccountDtoSchema>;

/** A page of the accounts the caller may see: GET /organisation/accounts. */
export const accountSearchResultSchema = v.object({
  accounts: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      organisationId: v.string(),
      registrationNumber: v.nullable(v.string()),
      status: accountStatusSchema,
    }),
  ),
  total: v.number(),
});
export type AccountSearchResult = v.InferOutput<typeof accountSearchResultSchema>;

/** Company register lookup result (prefill for the wizard). */
export const companyProfileSchema = v.object({
  registrationNumber: v.string(),
  name: v.string(),
  address: v.object({
    line1: v.string(),
    line2: v.nullable(v.string()),
    city: v.string(),
    county: v.nullable(v.string()),
    postcode: v.nullable(v.string()),
    country: v.nullable(v.string()),
  }),
  sicCodes: v.array(v.string()),
  /** Where Companies House says the registered office is, when known. */
  location: v.nullable(v.picklist(competentAuthorities)),
});
export type CompanyProfile = v.InferOutput<typeof companyProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Verified organisation accounts (CSV upload)

export const CSV_HEADERS = ['CRN', 'Email'] as const;
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
export const CSV_MAX_NAME_LENGTH = 100;
export const CSV_MAX_ROWS = 10000;

export const CSV_TYPE = 'The selected file must be a CSV';
// Ours (the reference names the rules, not their wording).
export const CSV_REQUIRED = 'Select a CSV file';
export const CSV_EMPTY = 'The selected file is empty';
export const CSV_TOO_LARGE = 'The selected file must be smaller than 20MB';
export const CSV_NAME_TOO_LONG = `The file name must be fewer than ${CSV_MAX_NAME_LENGTH} characters`;
export const CSV_HEADER = 'The file must have exactly two columns, headed CRN and Email';
export const CSV_NO_ROWS = 'The file must have at least one row below the headings';
export const CSV_TOO_MANY_ROWS = `The file must have no more than ${CSV_MAX_ROWS} rows`;
export const CSV_EMPTY_ROW = 'The row is empty';
export const CSV_COLUMN_COUNT = 'The row must have exactly two values, a CRN and an email';
export const CSV_EMAIL_REQUIRED = 'Enter an email';
// The reference's messages.
export const CSV_DUPLICATE_CRN_IN_FILE = 'There are duplicated registration numbers in the file';
export const CSV_DUPLICATE_EMAIL_IN_FILE = 'There are duplicated user emails in the file';
export const CSV_DUPLICATE_CRN_IN_SYSTEM = 'There are duplicated registration numbers in the system';
export const CSV_DUPLICATE_EMAIL_IN_SYSTEM = 'There are duplicated user emails in the system';

export const CSV_ACCEPTED_TYPES = ['text/csv', 'application/vnd.ms-excel'];

export interface VerifiedAccountRow {
  registrationNumber: string;
  email: string;
}

export interface CsvRowError {
  /** 1-based line of the file (the heading is row 1); 0 for errors about the whole file. */
  row: number;
  column?: 'CRN' | 'Email';
  message: string;
}

/** File-level checks (before reading it). */
export function csvFileErrors(file: { name: string; size: number; type: string }): string[] {
  const errors: string[] = [];
  const isCsv = /\.csv$/i.test(file.name) && (file.type === '' || CSV_ACCEPTED_TYPES.includes(file.type));
  if (!isCsv) errors.push(CSV_TYPE);
  if (file.size === 0) errors.push(CSV_EMPTY);
  if (file.size > CSV_MAX_BYTES) errors.push(CSV_TOO_LARGE);
  if (file.name.length >= CSV_MAX_NAME_LENGTH) errors.push(CSV_NAME_TOO_LONG);
  return errors;
}

/** The row for each value that appears more than once (every occurrence is reported). */
function duplicates<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, number>();
  for (const item of items) seen.set(key(item), (seen.get(key(item)) ?? 0) + 1);
  return items.filter((item) => (seen.get(key(item)) ?? 0) > 1);
}

/** Checks parsed CSV records: headings, every row, and duplicates within the file. */
export function validateVerifiedAccountsCsv(records: CsvRecord[]): {
  rows: (VerifiedAccountRow & { row: number })[];
  errors: CsvRowError[];
} {
  const errors: CsvRowError[] = [];
  const [header, ...body] = records;
  if (!header || records.every(isBlankRecord)) return { rows: [], errors: [{ row: 0, message: CSV_EMPTY }] };
  const headings = header.cells.map((c) => c.trim());
  if (headings.length !== 2 || headings[0] !== CSV_HEADERS[0] || headings[1] !== CSV_HEADERS[1]) {
    return { rows: [], errors: [{ row: header.line, message: CSV_HEADER }] };
  }
  // A trailing blank line is common in exports; any other blank line is an error.
  while (body.length > 0 && isBlankRecord(body[body.length - 1]!)) body.pop();
  if (body.length === 0) return { rows: [], errors: [{ row: 0, message: CSV_NO_ROWS }] };
  if (body.length > CSV_MAX_ROWS) return { rows: [], errors: [{ row: 0, message: CSV_TOO_MANY_ROWS }] };

  const rows: (VerifiedAccountRow & { row: number })[] = [];
  for (const record of body) {
    if (isBlankRecord(record)) {
      errors.push({ row: record.line, message: CSV_EMPTY_ROW });
      continue;
    }
    if (record.cells.length !== 2) {
      errors.push({ row: record.line, message: CSV_COLUMN_COUNT });
      continue;
    }
    const rowErrors = verifiedAccountRowErrors(
      { registrationNumber: record.cells[0]!, email: record.cells[1]! },
      record.line,
    );
    errors.push(...rowErrors);
    if (rowErrors.length === 0) {
      rows.push({
        row: record.line,
        registrationNumber: normaliseRegistrationNumber(record.cells[0]!),
        email: record.cells[1]!.trim().toLowerCase(),
      });
    }
  }
  errors.push(...duplicateErrors(rows));
  return { rows, errors: errors.sort((a, b) => a.row - b.row) };
}

/** Format errors of one row. */
export function verifiedAccountRowErrors(
  row: { registrationNumber: unknown; email: unknown },
  line: number,
): CsvRowError[] {
  const errors: CsvRowError[] = [];
  const crn = typeof row.registrationNumber === 'string' ? row.registrationNumber : '';
  const email = typeof row.email === 'string' ? row.email.trim() : '';
  const crnError = registrationNumberError(crn);
  if (crnError) errors.push({ row: line, column: 'CRN', message: crnError });
  if (email === '') errors.push({ row: line, column: 'Email', message: CSV_EMAIL_REQUIRED });
  else if (email.length > 255 || !isEmail(email)) errors.push({ row: line, column: 'Email', message: EMAIL_INVALID });
  return errors;
}

/** Rows whose registration number or e-mail appears more than once in the file. */
export function duplicateErrors(rows: (VerifiedAccountRow & { row: number })[]): CsvRowError[] {
  return [
    ...duplicates(rows, (r) => r.registrationNumber).map((r) => ({
      row: r.row,
      column: 'CRN' as const,
      message: CSV_DUPLICATE_CRN_IN_FILE,
    })),
    ...duplicates(rows, (r) => r.email.toLowerCase()).map((r) => ({
      row: r.row,
      column: 'Email' as const,
      message: CSV_DUPLICATE_EMAIL_IN_FILE,
    })),
  ];
}

/** 'Row 3: There are duplicated user emails in the file'. */
export function formatCsvError(error: CsvRowError): string {
  return error.row > 0 ? `Row ${error.row}: ${error.message}` : error.message;
}

/** Body of POST /organisation/account-onboarding: the rows of the file, in file order. */
export const onboardingRegistrySchema = v.object({
  verifiedAccounts: v.pipe(
    v.array(
      v.object({
        registrationNumber: v.string('Enter the registration number'),
        email: v.string(CSV_EMAIL_REQUIRED),
        row: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2))),
      }),
    ),
    v.minLength(1, CSV_NO_ROWS),
    v.maxLength(CSV_MAX_ROWS, CSV_TOO_MANY_ROWS),
  ),
});

export const onboardingEmailsSchema = v.object({
  emails: v.pipe(v.array(v.pipe(v.string(), v.maxLength(320, maxLengthMessage(320)))), v.maxLength(CSV_MAX_ROWS)),
});
export const onboardingRegistrationNumbersSchema = v.object({
  registrationNumbers: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(20, maxLengthMessage(20)))),
    v.maxLength(CSV_MAX_ROWS),
  ),
});

// ---------------------------------------------------------------------------------------------
// Account opening review: the regulator's decision (reference: workflows §6.3)

export const applicationDecisions = ['APPROVED', 'REJECTED'] as const;
export type ApplicationDecision = (typeof applicationDecisions)[number];

/** The FE's limit; the real BE allowed 255 (quirk §15.4): one limit for both here. */
export const DECISION_REASON_MAX_LENGTH = 10000;
export const DECISION_REQUIRED = 'You need to approve or reject the application';
export const APPROVAL_REASON_REQUIRED = 'Explain why you are approving this application';
export const REJECTION_REASON_REQUIRED = 'Enter the reason for rejection';
// Ours, for both reasons of this file (the real FE said 'Enter up to 10000 characters').
export const REASON_TOO_LONG = 'The reason must be 10000 characters or fewer';

/** The regulator's decision on an application (the account opening's decision): `{ decision, reason }`, the reason trimmed. */
export const applicationDecisionSchema = v.pipe(
  v.object({
    // Missing, null or anything else: the one message (a bare picklist says 'Invalid key' when missing).
    decision: v.pipe(v.optional(v.unknown(), null), v.picklist(applicationDecisions, DECISION_REQUIRED)),
    reason: v.pipe(
      v.nullish(v.string(), null),
      trimmedOrNull(),
      maxLengthText<string | null>(DECISION_REASON_MAX_LENGTH, REASON_TOO_LONG),
    ),
  }),
  v.forward(
    v.check((d) => d.decision !== 'APPROVED' || d.reason !== null, APPROVAL_REASON_REQUIRED),
    ['reason'],
  ),
  v.forward(
    v.check((d) => d.decision !== 'REJECTED' || d.reason !== null, REJECTION_REASON_REQUIRED),
    ['reason'],
  ),
  v.transform((d) => ({ decision: d.decision, reason: d.reason as string })),
);
export type ApplicationDecisionPayload = v.InferOutput<typeof applicationDecisionSchema>;
