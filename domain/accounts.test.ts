import * as v from 'valibot';
import {
  CSV_DUPLICATE_CRN_IN_FILE,
  CSV_DUPLICATE_EMAIL_IN_FILE,
  CSV_EMPTY_ROW,
  CSV_HEADER,
  CSV_TYPE,
  CLASSIFICATION_NAME_REQUIRED,
  CODES_COUNT,
  LOCATION_REQUIRED,
  REGISTRATION_NUMBER_FORMAT,
  REGISTRATION_NUMBER_LENGTH,
  REGISTRATION_NUMBER_REQUIRED,
  REGISTRATION_NUMBER_ZEROES,
  csvFileErrors,
  formatCsvError,
  organisationAccountApplicationSchema,
  organisationDetailsSchema,
  registrationNumberError,
  validateVerifiedAccountsCsv,
} from './accounts';
import { parseCsv } from './csv';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`);
};

describe('registration numbers', () => {
  it.each(['01234567', 'SC123456', 'NI123456', 'OC123456', 'NI12345A', 'R0012345', ' sc123456 '])('accepts %s', (n) => {
    expect(registrationNumberError(n)).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(registrationNumberError('')).toBe(REGISTRATION_NUMBER_REQUIRED);
    expect(registrationNumberError('12345')).toBe(REGISTRATION_NUMBER_ZEROES);
    expect(registrationNumberError('SC12345')).toBe(REGISTRATION_NUMBER_LENGTH);
    expect(registrationNumberError('012345678')).toBe(REGISTRATION_NUMBER_LENGTH);
    expect(registrationNumberError('ABCDEFGH')).toBe(REGISTRATION_NUMBER_FORMAT);
    expect(registrationNumberError('1234567A')).toBe(REGISTRATION_NUMBER_FORMAT);
  });
});

const details = {
  name: ' Acme Steel Ltd ',
  address: { line1: '1 Mill Lane', line2: '', city: 'Leeds', county: null, postcode: 'LS1 1AA' },
  codes: { type: 'SIC', codes: ['24100'] },
};

describe('organisation details and the application', () => {
  it('trims text, blanks become null', () => {
    const out = v.parse(organisationDetailsSchema, details);
    expect(out.name).toBe('Acme Steel Ltd');
    expect(out.address.line2).toBeNull();
    expect(out.codes).toEqual({ type: 'SIC', otherTypeName: null, codes: ['24100'] });
  });

  it('needs 1 to 4 codes, each given, and a name for OTHER', () => {
    expect(messages(organisationDetailsSchema, { ...details, codes: { type: 'SIC', codes: [] } })).toEqual([
      `codes.codes: ${CODES_COUNT}`,
    ]);
    expect(
      messages(organisationDetailsSchema, { ...details, codes: { type: 'SIC', codes: ['1', '2', '3', '4', '5'] } }),
    ).toEqual([`codes.codes: ${CODES_COUNT}`]);
    expect(messages(organisationDetailsSchema, { ...details, codes: { type: 'SIC', codes: [' '] } })).toEqual([
      'codes.codes.0: Enter a code',
    ]);
    expect(messages(organisationDetailsSchema, { ...details, codes: { type: 'OTHER', codes: ['X1'] } })).toEqual([
      `codes.otherTypeName: ${CLASSIFICATION_NAME_REQUIRED}`,
    ]);
  });

  it('gives the reference messages for a missing name and address', () => {
    expect(
      messages(organisationDetailsSchema, { ...details, name: '', address: { line1: '', city: '', postcode: '' } }),
    ).toEqual([
      'name: Enter the registered name of the organisation',
      'address.line1: Enter address line 1, typically the building and street',
      'address.city: Enter your town or city name',
      'address.postcode: Enter your postcode',
    ]);
  });

  it('checks the registration number only when registered at Companies House, and normalises it', () => {
    const base = { ...details, competentAuthority: 'SCOTLAND' };
    expect(
      v.parse(organisationAccountApplicationSchema, {
        ...base,
        registeredAtCompaniesHouse: true,
        registrationNumber: 'sc123456',
      }).registrationNumber,
    ).toBe('SC123456');
    expect(
      v.parse(organisationAccountApplicationSchema, {
        ...base,
        registeredAtCompaniesHouse: false,
        registrationNumber: 'junk',
      }).registrationNumber,
    ).toBeNull();
    expect(
      messages(organisationAccountApplicationSchema, {
        ...base,
        registeredAtCompaniesHouse: true,
        registrationNumber: '123',
      }),
    ).toEqual([`registrationNumber: ${REGISTRATION_NUMBER_ZEROES}`]);
    expect(
      messages(organisationAccountApplicationSchema, {
        ...base,
        registeredAtCompaniesHouse: true,
        registrationNumber: '01234567',
        competentAuthority: 'MARS',
      }),
    ).toEqual([`competentAuthority: ${LOCATION_REQUIRED}`]);
  });
});

describe('verified accounts CSV', () => {
  const check = (text: string) => validateVerifiedAccountsCsv(parseCsv(text));

  it('accepts a good file, normalising numbers and lower-casing e-mails', () => {
    const { rows, errors } = check('CRN,Email\r\nsc123456,Ann@Example.TEST\r\n01234567,bob@example.test\r\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, registrationNumber: 'SC123456', email: 'ann@example.test' },
      { row: 3, registrationNumber: '01234567', email: 'bob@example.test' },
    ]);
  });

  it('needs exactly the CRN and Email headings', () => {
    expect(check('CRN,Mail\n01234567,a@b.test').errors).toEqual([{ row: 1, message: CSV_HEADER }]);
    expect(check('CRN,Email,Name\n01234567,a@b.test,x').errors).toEqual([{ row: 1, message: CSV_HEADER }]);
  });

  it('reports every wrong row with its row number', () => {
    const { errors } = check(
      'CRN,Email\n123,a@b.test\n\n01234567,not-an-email\nSC123456,\n01234567,a@b.test\nNI123456,a@b.test',
    );
    expect(errors.map(formatCsvError)).toEqual([
      `Row 2: ${REGISTRATION_NUMBER_ZEROES}`,
      `Row 3: ${CSV_EMPTY_ROW}`,
      'Row 4: Enter a valid email',
      'Row 5: Enter an email',
      `Row 6: ${CSV_DUPLICATE_EMAIL_IN_FILE}`,
      `Row 7: ${CSV_DUPLICATE_EMAIL_IN_FILE}`,
    ]);
  });

  it('reports duplicated registration numbers in the file on each row', () => {
    const { errors } = check('CRN,Email\n01234567,a@b.test\n01234567,c@d.test');
    expect(errors).toEqual([
      { row: 2, column: 'CRN', message: CSV_DUPLICATE_CRN_IN_FILE },
      { row: 3, column: 'CRN', message: CSV_DUPLICATE_CRN_IN_FILE },
    ]);
  });

  it('checks the file itself', () => {
    expect(
      csvFileErrors({
        name: 'list.xlsx',
        size: 10,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toEqual([CSV_TYPE]);
    expect(csvFileErrors({ name: 'list.csv', size: 10, type: 'application/vnd.ms-excel' })).toEqual([]);
    expect(csvFileErrors({ name: 'list.csv', size: 0, type: 'text/csv' })).toEqual(['The selected file is empty']);
  });
});
