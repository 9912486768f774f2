// The organisations associated with the responsible undertaking, read from a CSV file (reference
// workflows §7.5 organisationStructure: "Add an organisation, or upload a CSV"). The SPA reads the
// uploaded file with this function and saves the items it returns as the list (replacing it); the
// server parses those items again with the same field rules, so a file cannot bring in anything a
// user could not type.
//
// The file: one heading row, then one organisation a row, with these 13 columns in this order (the
// headings of the real service's template, so its filled-in templates still load):
//
//   Organisation Name | Registration Number (if exists, otherwise leave the cell blank) |
//   Is this organisation part of an arrangement where 2 or more highest UK parent groups are complying as one participant? |
//   Has this organisation ceased to be part of the highest parent group or participant since the qualification date but agreed to comply as if it were still a member? |
//   Is this organisation a franchisee? | Is this organisation a parent of the responsible undertaking? |
//   Is this organisation a subsidiary of the responsible undertaking? | Is the Code same as RU? |
//   Select classification type if the organisation covered in this NOC | Classification name (if other than SIC) |
//   Code 1 | Code 2 (Optional) | Code 3 (Optional) | Code 4 (Optional)
//
// Yes/no columns take Yes or No (any case). The classification type is SIC or Other. The codes are
// read only when 'Is the Code same as RU?' is No. Blank rows are skipped. Headings are compared
// without regard to case or repeated spaces.
import { CSV_EMPTY, CSV_NO_ROWS } from '../../../domain/accounts';
import { TEXT_MAX } from '../../../domain/reports/common-fields';
import { CsvSyntaxError, isBlankRecord, parseCsv } from '../../../domain/csv';
import { parseFields, type FieldEnv, type Values } from '../../../domain/reports/fields';
import type { NotificationContext } from '../category';
import {
  associatedOrganisationFields,
  associatedOrganisationsIssues,
  MAX_ASSOCIATED_ORGANISATIONS,
} from './organisation-structure';

const YES_OR_NO = 'Yes or No';

/** The file's columns, in order: each one's heading and what it accepts (the templates' instructions say so). */
export const associatedOrganisationsCsvColumns = [
  { key: 'organisationName', heading: 'Organisation Name', accepts: `Required. Text, up to ${TEXT_MAX} characters` },
  {
    key: 'registrationNumber',
    heading: 'Registration Number (if exists, otherwise leave the cell blank)',
    accepts:
      'Blank if the organisation is not registered at Companies House; else its number, like 01234567, SC123456 or NI12345A. No two organisations, nor the responsible undertaking, may have the same number',
  },
  {
    key: 'isPartOfArrangement',
    heading:
      'Is this organisation part of an arrangement where 2 or more highest UK parent groups are complying as one participant?',
    accepts: YES_OR_NO,
  },
  {
    key: 'hasCeasedToBePartOfGroup',
    heading:
      'Has this organisation ceased to be part of the highest parent group or participant since the qualification date but agreed to comply as if it were still a member?',
    accepts: YES_OR_NO,
  },
  { key: 'isPartOfFranchise', heading: 'Is this organisation a franchisee?', accepts: YES_OR_NO },
  {
    key: 'isParentOfResponsibleUndertaking',
    heading: 'Is this organisation a parent of the responsible undertaking?',
    accepts: YES_OR_NO,
  },
  {
    key: 'isSubsidiaryOfResponsibleUndertaking',
    heading: 'Is this organisation a subsidiary of the responsible undertaking?',
    accepts: `${YES_OR_NO} (not Yes when it is a parent of the responsible undertaking)`,
  },
  {
    key: 'areSameAsRU',
    heading: 'Is the Code same as RU?',
    accepts: `${YES_OR_NO}: are its activity codes the responsible undertaking’s? If No, fill in the next columns`,
  },
  {
    key: 'type',
    heading: 'Select classification type if the organisation covered in this NOC',
    accepts: 'SIC or Other, when the codes are not the responsible undertaking’s; else blank',
  },
  {
    key: 'otherTypeName',
    heading: 'Classification name (if other than SIC)',
    accepts: `The classification’s name when the type is Other; else blank. Up to ${TEXT_MAX} characters`,
  },
  {
    key: 'code1',
    heading: 'Code 1',
    accepts: 'Required when the codes are not the responsible undertaking’s (a SIC code such as 49410); else blank',
  },
  { key: 'code2', heading: 'Code 2 (Optional)', accepts: 'A second code, or blank' },
  { key: 'code3', heading: 'Code 3 (Optional)', accepts: 'A third code, or blank' },
  { key: 'code4', heading: 'Code 4 (Optional)', accepts: 'A fourth code, or blank' },
] as const;

type ColumnKey = (typeof associatedOrganisationsCsvColumns)[number]['key'];
const COLUMN_COUNT = associatedOrganisationsCsvColumns.length;
const headingOf = (key: ColumnKey): string => associatedOrganisationsCsvColumns.find((c) => c.key === key)!.heading;
const yesNoColumns: ColumnKey[] = [
  'isPartOfArrangement',
  'hasCeasedToBePartOfGroup',
  'isPartOfFranchise',
  'isParentOfResponsibleUndertaking',
  'isSubsidiaryOfResponsibleUndertaking',
  'areSameAsRU',
];

/** The heading row of the template, as a CSV line (for a template the SPA offers to download). */
export const ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE = `${associatedOrganisationsCsvColumns.map((c) => (/[",\n]/.test(c.heading) ? `"${c.heading.replace(/"/g, '""')}"` : c.heading)).join(',')}\r\n`;

export const CSV_COLUMNS = `The file must have the ${COLUMN_COUNT} columns of the template, in the template’s order`;
export const csvHeadingMessage = (index: number, heading: string) => `Column ${index + 1} must be headed '${heading}'`;
export const CSV_TOO_MANY_ORGANISATIONS = `The file must have no more than ${MAX_ASSOCIATED_ORGANISATIONS} organisations`;
export const CSV_TOO_MANY_VALUES = `The row must have no more than ${COLUMN_COUNT} values`;
export const CSV_YES_OR_NO = 'Enter Yes or No';
export const CSV_CLASSIFICATION_TYPE = 'Enter SIC or Other';

export interface CsvRowError {
  /** 1-based line of the file (the heading row is row 1); 0 for the file as a whole. */
  row: number;
  /** The heading of the column the problem is in, when it is in one. */
  column?: string;
  message: string;
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** A yes/no cell: true, false, null when blank, or undefined when it is neither. */
function yesNoOf(cell: string): boolean | null | undefined {
  const value = cell.trim().toLowerCase();
  if (value === '') return null;
  if (value === 'yes') return true;
  if (value === 'no') return false;
  return undefined;
}

/** The column an issue of an organisation's answers is about (its path in the item). */
function columnOfPath(path: string): string | undefined {
  const [first, second, third] = path.split('.');
  if (first === 'classificationCodesDetails') {
    if (second === 'areSameAsRU' || !third) return headingOf('areSameAsRU');
    if (third === 'type') return headingOf('type');
    if (third === 'otherTypeName') return headingOf('otherTypeName');
    return headingOf('code1');
  }
  if (first === 'registrationNumberExist' || first === 'registrationNumber') return headingOf('registrationNumber');
  return associatedOrganisationsCsvColumns.find((c) => c.key === first)?.heading;
}

/**
 * Reads a CSV file of organisations associated with the responsible undertaking: the parsed items
 * (exactly what a save of the list accepts), or every problem found, by row and column. `ctx` gives
 * the responsible undertaking's registration number, which no organisation may repeat.
 */
export function parseAssociatedOrganisationsCsv(
  text: string,
  ctx?: NotificationContext,
): { items: Values[] } | { rowErrors: CsvRowError[] } {
  let records;
  try {
    records = parseCsv(text).filter((r) => !isBlankRecord(r));
  } catch (e) {
    if (e instanceof CsvSyntaxError) return { rowErrors: [{ row: e.line, message: e.message }] };
    throw e;
  }
  const [header, ...rows] = records;
  if (!header) return { rowErrors: [{ row: 0, message: CSV_EMPTY }] };
  const headings = header.cells.map(normalise);
  while (headings.length > COLUMN_COUNT && headings[headings.length - 1] === '') headings.pop();
  if (headings.length !== COLUMN_COUNT) return { rowErrors: [{ row: header.line, message: CSV_COLUMNS }] };
  const headingErrors = associatedOrganisationsCsvColumns.flatMap((c, i) =>
    headings[i] === normalise(c.heading)
      ? []
      : [{ row: header.line, column: c.heading, message: csvHeadingMessage(i, c.heading) }],
  );
  if (headingErrors.length) return { rowErrors: headingErrors };
  if (rows.length === 0) return { rowErrors: [{ row: 0, message: CSV_NO_ROWS }] };
  if (rows.length > MAX_ASSOCIATED_ORGANISATIONS)
    return { rowErrors: [{ row: 0, message: CSV_TOO_MANY_ORGANISATIONS }] };

  const env: FieldEnv<NotificationContext | undefined> = { ctx, section: {} };
  const errors: CsvRowError[] = [];
  const items: Values[] = [];
  for (const record of rows) {
    const rowErrors: CsvRowError[] = [];
    if (record.cells.slice(COLUMN_COUNT).some((c) => c.trim() !== ''))
      rowErrors.push({ row: record.line, message: CSV_TOO_MANY_VALUES });
    // Spreadsheets may leave out empty cells at the end of a row.
    const cell = (key: ColumnKey) =>
      record.cells[associatedOrganisationsCsvColumns.findIndex((c) => c.key === key)] ?? '';
    const raw: Values = { organisationName: cell('organisationName') };
    const number = cell('registrationNumber').trim();
    raw.registrationNumberExist = number !== '';
    if (number) raw.registrationNumber = number;
    for (const key of yesNoColumns) {
      const value = yesNoOf(cell(key));
      if (value === undefined) rowErrors.push({ row: record.line, column: headingOf(key), message: CSV_YES_OR_NO });
      else if (value !== null && key !== 'areSameAsRU') raw[key] = value;
    }
    const same = yesNoOf(cell('areSameAsRU'));
    if (same === true) raw.classificationCodesDetails = { areSameAsRU: true };
    if (same === false) {
      const typeCell = cell('type').trim().toUpperCase();
      const type = typeCell === 'SIC' || typeCell === 'OTHER' ? typeCell : null;
      if (typeCell !== '' && !type)
        rowErrors.push({ row: record.line, column: headingOf('type'), message: CSV_CLASSIFICATION_TYPE });
      const codes = (['code1', 'code2', 'code3', 'code4'] as const).map((k) => cell(k).trim()).filter((c) => c !== '');
      raw.classificationCodesDetails = {
        areSameAsRU: false,
        codes: { type, otherTypeName: cell('otherTypeName'), codes: codes.map((code) => ({ code })) },
      };
    }
    const parsed = parseFields(associatedOrganisationFields, raw, env);
    // A cell already reported (not Yes or No) is not reported again as missing.
    const reported = new Set(rowErrors.map((e) => e.column));
    for (const issue of parsed.issues) {
      const column = columnOfPath(issue.path);
      if (!column || !reported.has(column))
        rowErrors.push({ row: record.line, ...(column ? { column } : {}), message: issue.message });
    }
    errors.push(...rowErrors);
    items.push(parsed.values);
  }
  // Rules across the rows, over every row's answers (so every problem shows at once).
  for (const issue of associatedOrganisationsIssues(items, env as FieldEnv<NotificationContext>)) {
    const [index, ...rest] = issue.path.split('.');
    const row = rows[Number(index)]!.line;
    const column = columnOfPath(rest.join('.'));
    errors.push({ row, ...(column ? { column } : {}), message: issue.message });
  }
  if (errors.length) return { rowErrors: errors.sort((a, b) => a.row - b.row) };
  return { items };
}

/** 'Row 3, Organisation Name: Enter the organisation name'. */
export function formatCsvRowError(error: CsvRowError): string {
  const where = [error.row > 0 ? `Row ${error.row}` : '', error.column ?? ''].filter(Boolean).join(', ');
  return where ? `${where}: ${error.message}` : error.message;
}
