// Organisations associated with the responsible undertaking from a CSV file: the template's
// headings, row-level messages, and items a save of the list accepts as they are.
import { CODES_COUNT, CSV_EMPTY, CSV_NO_ROWS, REGISTRATION_NUMBER_FORMAT } from '../../domain/accounts';
import { parseSection, sectionOf } from '../../domain/reports/report';
import { notificationReport } from './report';
import {
  ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE,
  CSV_CLASSIFICATION_TYPE,
  CSV_COLUMNS,
  CSV_TOO_MANY_ORGANISATIONS,
  CSV_YES_OR_NO,
  associatedOrganisationsCsvColumns,
  csvHeadingMessage,
  formatCsvRowError,
  parseAssociatedOrganisationsCsv,
} from './sections/associated-organisations-csv';
import {
  DUPLICATE_REGISTRATION_NUMBER,
  MAX_ASSOCIATED_ORGANISATIONS,
  PARENT_AND_SUBSIDIARY,
  SAME_AS_UNDERTAKING,
} from './sections/organisation-structure';
import { completeReports, subsidiary } from '../../test/fixtures/notification-reports';

const header = ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE;
const heading = (key: string) => associatedOrganisationsCsvColumns.find((c) => c.key === key)!.heading;
const ctx = notificationReport.context(completeReports.esos95To100.report, {});

// name, number, arrangement, ceased, franchise, parent, subsidiary, same codes, type, other name, codes 1–4
const rows = [
  'YARROW HOLDINGS LTD,03795142,No,No,No,Yes,No,No,SIC,,64209,,,',
  'Meridian Cold Storage PLC,sc097571,no,NO,No,No,Yes,Yes,,,,,,',
  'Kestrel Depot Services (Jersey),,No,Yes,No,No,Yes,No,Other,NACE Rev. 2,52.10,52.29,,',
];

describe('parseAssociatedOrganisationsCsv', () => {
  it('reads the template’s rows into the items the list holds', () => {
    const result = parseAssociatedOrganisationsCsv(header + rows.join('\r\n') + '\r\n', ctx);
    expect(result).toEqual({
      items: [
        {
          registrationNumberExist: true,
          registrationNumber: '03795142',
          organisationName: 'YARROW HOLDINGS LTD',
          isPartOfArrangement: false,
          isParentOfResponsibleUndertaking: true,
          isSubsidiaryOfResponsibleUndertaking: false,
          isPartOfFranchise: false,
          hasCeasedToBePartOfGroup: false,
          classificationCodesDetails: { areSameAsRU: false, codes: { type: 'SIC', codes: [{ code: '64209' }] } },
        },
        subsidiary({
          registrationNumberExist: true,
          registrationNumber: 'SC097571',
          organisationName: 'Meridian Cold Storage PLC',
        }),
        subsidiary({
          organisationName: 'Kestrel Depot Services (Jersey)',
          hasCeasedToBePartOfGroup: true,
          classificationCodesDetails: {
            areSameAsRU: false,
            codes: { type: 'OTHER', otherTypeName: 'NACE Rev. 2', codes: [{ code: '52.10' }, { code: '52.29' }] },
          },
        }),
      ],
    });
  });

  it('gives items a save of the section accepts unchanged', () => {
    const result = parseAssociatedOrganisationsCsv(header + rows.join('\n'), ctx) as { items: object[] };
    const section = sectionOf(notificationReport, 'organisationStructure')!;
    const data = {
      ...completeReports.esos95To100.report.organisationStructure,
      organisationsAssociatedWithRU: result.items,
    };
    const parsed = parseSection(section, data, ctx, 'complete');
    expect(parsed.issues).toEqual([]);
    expect(parsed.values.organisationsAssociatedWithRU).toEqual(result.items);
  });

  it('takes headings in any case and spacing, skips blank rows and reads short rows', () => {
    const shouting = header.toUpperCase().replace(/ /g, '  ');
    const result = parseAssociatedOrganisationsCsv(`${shouting}\n\n${rows[1]!.replace(/,+$/, '')}\n,,,\n`, ctx);
    expect(result).toMatchObject({ items: [{ organisationName: 'Meridian Cold Storage PLC' }] });
  });

  it('reports each problem by row and column, all at once', () => {
    const bad = [
      ',12345,Maybe,No,No,Yes,Yes,No,SIC,,,,,', // row 2
      'Ok Ltd,03795142,No,No,No,No,No,No,ISIC,,1,,,', // row 3
      'Other Ltd,03795142,No,No,No,No,No,No,Other,,1,2,3,', // row 4
      'Own Ltd,08004927,No,No,No,No,No,Yes,,,,,,', // row 5
    ];
    const result = parseAssociatedOrganisationsCsv(header + bad.join('\n'), ctx);
    expect(result).toEqual({
      rowErrors: [
        { row: 2, column: heading('isPartOfArrangement'), message: CSV_YES_OR_NO },
        { row: 2, column: heading('registrationNumber'), message: REGISTRATION_NUMBER_FORMAT },
        { row: 2, column: heading('organisationName'), message: 'Enter the organisation name' },
        { row: 2, column: heading('code1'), message: CODES_COUNT },
        { row: 2, column: heading('isSubsidiaryOfResponsibleUndertaking'), message: PARENT_AND_SUBSIDIARY },
        { row: 3, column: heading('type'), message: CSV_CLASSIFICATION_TYPE },
        { row: 4, column: heading('otherTypeName'), message: 'Enter a classification name' },
        { row: 4, column: heading('registrationNumber'), message: DUPLICATE_REGISTRATION_NUMBER },
        { row: 5, column: heading('registrationNumber'), message: SAME_AS_UNDERTAKING },
      ],
    });
    expect(formatCsvRowError({ row: 2, column: 'Organisation Name', message: 'Enter the organisation name' })).toBe(
      'Row 2, Organisation Name: Enter the organisation name',
    );
    expect(formatCsvRowError({ row: 0, message: CSV_NO_ROWS })).toBe(CSV_NO_ROWS);
  });

  it('refuses a file that is empty, has other columns, no rows, too many rows, or broken quoting', () => {
    expect(parseAssociatedOrganisationsCsv('\n\n')).toEqual({ rowErrors: [{ row: 0, message: CSV_EMPTY }] });
    expect(parseAssociatedOrganisationsCsv('Name,Number\nA,01234567')).toEqual({
      rowErrors: [{ row: 1, message: CSV_COLUMNS }],
    });
    const swapped = header.replace('Code 1,', 'Code One,');
    expect(parseAssociatedOrganisationsCsv(`${swapped}${rows[0]}`)).toEqual({
      rowErrors: [{ row: 1, column: 'Code 1', message: csvHeadingMessage(10, 'Code 1') }],
    });
    expect(csvHeadingMessage(10, 'Code 1')).toBe("Column 11 must be headed 'Code 1'");
    expect(parseAssociatedOrganisationsCsv(header)).toEqual({ rowErrors: [{ row: 0, message: CSV_NO_ROWS }] });
    const many = Array.from(
      { length: MAX_ASSOCIATED_ORGANISATIONS + 1 },
      (_, i) => `Org ${i},,No,No,No,No,No,Yes,,,,,,`,
    ).join('\n');
    expect(parseAssociatedOrganisationsCsv(header + many)).toEqual({
      rowErrors: [{ row: 0, message: CSV_TOO_MANY_ORGANISATIONS }],
    });
    expect(parseAssociatedOrganisationsCsv(`${header}"Open quote,,No`)).toEqual({
      rowErrors: [{ row: 2, message: 'A quoted value is not closed' }],
    });
  });

  it('reads a file of the most organisations allowed', () => {
    const most = Array.from(
      { length: MAX_ASSOCIATED_ORGANISATIONS },
      (_, i) => `Org ${i},${String(i).padStart(8, '0')},No,No,No,No,Yes,Yes,,,,,,`,
    ).join('\n');
    const result = parseAssociatedOrganisationsCsv(header + most, ctx);
    expect('items' in result && result.items.length).toBe(MAX_ASSOCIATED_ORGANISATIONS);
  });
});
