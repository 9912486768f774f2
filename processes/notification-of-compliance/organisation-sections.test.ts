// The notification's organisation details (reference workflows §7.5): responsible undertaking,
// contact persons and organisation structure, and how the account prefills them (§7.2).
import { CODES_COUNT, REGISTRATION_NUMBER_FORMAT } from '../../domain/accounts';
import { organisationNamesDiffer, registerAnswers, sectionOf } from '../../domain/reports/report';
import { notificationReport } from './report';
import {
  DUPLICATE_REGISTRATION_NUMBER,
  NON_COMPLYING_LIST_REQUIRED,
  PARENT_AND_SUBSIDIARY,
  SAME_AS_UNDERTAKING,
} from './sections/organisation-structure';
import { OVERSEAS_PARENT_NAME_REQUIRED, TRADING_NAME_REQUIRED } from './sections/responsible-undertaking';
import { completeReport, completeReports, withUndertaking } from '../../test/fixtures/notification-reports';
import { changed, completing, issuesOf } from '../../test/section-check';

const prefill = {
  organisationDetails: {
    name: 'KESTREL LOGISTICS GROUP LIMITED',
    registrationNumber: '08004927',
    address: { line1: '155 Market Place', line2: null, city: 'Carlisle', county: null, postcode: 'CA12 4ZE' },
    codes: { type: 'SIC', otherTypeName: null, codes: ['17120', '49410'] },
  },
  primaryContact: {
    firstName: 'Priya',
    lastName: 'Shah',
    jobTitle: 'Energy manager',
    email: 'priya.shah@kestrel-logistics.example',
    phoneNumber: { countryCode: '44', number: '01228 960124' },
    address: null,
  },
  secondaryContact: undefined,
};

const organisationDetails = completeReports.esos95To100.report.responsibleUndertaking!.organisationDetails as Record<
  string,
  unknown
>;

describe('responsible undertaking', () => {
  const section = sectionOf(notificationReport, 'responsibleUndertaking')!;

  it('starts from the account: its name, registration number, address and codes', () => {
    expect(section.initial!(prefill)).toEqual({
      organisationDetails: {
        name: 'KESTREL LOGISTICS GROUP LIMITED',
        registrationNumberExist: true,
        registrationNumber: '08004927',
        address: { line1: '155 Market Place', city: 'Carlisle', postcode: 'CA12 4ZE' },
        codes: { type: 'SIC', codes: [{ code: '17120' }, { code: '49410' }] },
      },
    });
    expect(
      section.initial!({
        organisationDetails: {
          name: 'HALCYON FOODS LTD',
          registrationNumber: null,
          codes: { type: 'OTHER', otherTypeName: 'NACE', codes: ['10.89'] },
        },
      }),
    ).toEqual({
      organisationDetails: {
        name: 'HALCYON FOODS LTD',
        registrationNumberExist: false,
        codes: { type: 'OTHER', otherTypeName: 'NACE', codes: [{ code: '10.89' }] },
      },
    });
    expect(section.initial!(undefined)).toBeUndefined();
  });

  it('needs a registration number in a Companies House format when registered there, stored upper case without spaces', () => {
    const withNumber = (registrationNumber: string) =>
      changed('esos95To100', 'responsibleUndertaking', {
        organisationDetails: { ...organisationDetails, registrationNumber },
      });
    expect(completing(withNumber('ab12345'), 'responsibleUndertaking').issues).toEqual([
      ['organisationDetails.registrationNumber', REGISTRATION_NUMBER_FORMAT],
    ]);
    const spaced = completing(withNumber(' sc 097 571 '), 'responsibleUndertaking');
    expect(spaced.issues).toEqual([]);
    expect(spaced.values.organisationDetails).toMatchObject({ registrationNumber: 'SC097571' });
    const unregistered = completing(
      changed('esos95To100', 'responsibleUndertaking', {
        organisationDetails: { ...organisationDetails, registrationNumberExist: false },
      }),
      'responsibleUndertaking',
    );
    expect(unregistered.values.organisationDetails).not.toHaveProperty('registrationNumber');
  });

  it('needs the name, the address and 1 to 4 activity codes', () => {
    expect(
      issuesOf('esos95To100', 'responsibleUndertaking', {
        organisationDetails: {
          ...organisationDetails,
          name: ' ',
          address: { line1: '1 High Street' },
          codes: { type: 'SIC', codes: [] },
        },
      }),
    ).toEqual([
      ['organisationDetails.name', 'Enter the registered name of the organisation'],
      ['organisationDetails.address.city', 'Enter your town or city name'],
      ['organisationDetails.address.postcode', 'Enter your postcode'],
      ['organisationDetails.codes.codes', CODES_COUNT],
    ]);
    const five = ['1', '2', '3', '4', '5'].map((code) => ({ code }));
    expect(
      issuesOf('esos95To100', 'responsibleUndertaking', {
        organisationDetails: { ...organisationDetails, codes: { type: 'SIC', codes: five } },
      }),
    ).toEqual([['organisationDetails.codes.codes', CODES_COUNT]]);
    expect(
      issuesOf('esos95To100', 'responsibleUndertaking', {
        organisationDetails: { ...organisationDetails, codes: { type: 'OTHER', codes: [{ code: 'A1' }] } },
      }),
    ).toEqual([['organisationDetails.codes.otherTypeName', 'Enter a classification name']]);
  });

  it('asks for the trading name, the trust assets and the overseas parent only after yes', () => {
    expect(issuesOf('esos95To100', 'responsibleUndertaking', { tradingDetails: { exist: true } })).toEqual([
      ['tradingDetails.tradingName', TRADING_NAME_REQUIRED],
    ]);
    expect(
      issuesOf('esos95To100', 'responsibleUndertaking', { overseasParentDetails: { tradingName: 'Group' } }),
    ).toEqual([['overseasParentDetails.name', OVERSEAS_PARENT_NAME_REQUIRED]]);
    const no = completing(
      changed('esos95To100', 'responsibleUndertaking', {
        tradingDetails: { exist: false, tradingName: 'Old' },
        hasOverseasParentDetails: false,
        isBehalfOfTrust: true,
      }),
      'responsibleUndertaking',
    );
    expect(no.issues).toEqual([]);
    expect(no.values.tradingDetails).toEqual({ exist: false });
    expect(no.values).not.toHaveProperty('overseasParentDetails');
    expect(no.values).toMatchObject({ isBehalfOfTrust: true });
  });

  it('needs the organisation’s e-mail address and phone number', () => {
    expect(
      issuesOf('esos95To100', 'responsibleUndertaking', {
        organisationContactDetails: { email: 'not an email', phoneNumber: { countryCode: '44' } },
      }),
    ).toEqual([
      ['organisationContactDetails.email', 'Enter a valid email'],
      ['organisationContactDetails.phoneNumber.number', 'Enter a phone number'],
    ]);
  });
});

describe('contact persons', () => {
  const section = sectionOf(notificationReport, 'contactPersons')!;

  it('starts from the account’s primary contact, and its secondary contact when there is one', () => {
    expect(section.initial!(prefill)).toEqual({
      primaryContact: {
        firstName: 'Priya',
        lastName: 'Shah',
        jobTitle: 'Energy manager',
        email: 'priya.shah@kestrel-logistics.example',
        phoneNumber: { countryCode: '44', number: '01228 960124' },
      },
    });
    expect(
      section.initial!({
        ...prefill,
        secondaryContact: { firstName: 'Tom', lastName: 'Byrne', email: 'tom@example.org' },
      }),
    ).toMatchObject({
      hasSecondaryContact: true,
      secondaryContact: { firstName: 'Tom', lastName: 'Byrne', email: 'tom@example.org' },
    });
  });

  it('needs each contact’s names, phone, e-mail and address; the secondary contact only after yes', () => {
    expect(
      issuesOf('esos95To100', 'contactPersons', {
        primaryContact: {
          firstName: 'Priya',
          email: 'priya@example.org',
          phoneNumber: { countryCode: '44', number: '01228 960124' },
        },
      }),
    ).toEqual([
      ['primaryContact.lastName', 'Enter last name'],
      ['primaryContact.address.line1', 'Enter address line 1, typically the building and street'],
      ['primaryContact.address.city', 'Enter your town or city name'],
      ['primaryContact.address.postcode', 'Enter your postcode'],
    ]);
    expect(issuesOf('esos95To100', 'contactPersons', { secondaryContact: undefined })[0]).toEqual([
      'secondaryContact.firstName',
      'Enter first name',
    ]);
    const none = completing(changed('esos95To100', 'contactPersons', { hasSecondaryContact: false }), 'contactPersons');
    expect(none.issues).toEqual([]);
    expect(none.values).not.toHaveProperty('secondaryContact');
  });

  it('limits names to 255 characters', () => {
    const primary = completeReports.esos95To100.report.contactPersons!.primaryContact as object;
    expect(
      issuesOf('esos95To100', 'contactPersons', { primaryContact: { ...primary, firstName: 'x'.repeat(256) } }),
    ).toEqual([['primaryContact.firstName', 'Enter up to 255 characters']]);
  });
});

describe('organisation structure', () => {
  const organisations = completeReports.esos95To100.report.organisationStructure!
    .organisationsAssociatedWithRU as Record<string, unknown>[];
  const [parent, subsidiary] = organisations as [Record<string, unknown>, Record<string, unknown>];

  it('needs the undertakings not complying, at least one, only when there were some', () => {
    expect(issuesOf('esos95To100', 'organisationStructure', { organisationUndertakingDetails: [] })).toEqual([
      ['organisationUndertakingDetails', NON_COMPLYING_LIST_REQUIRED],
    ]);
    expect(
      issuesOf('esos95To100', 'organisationStructure', {
        organisationUndertakingDetails: [{ registrationNumber: '01234567' }],
      }),
    ).toEqual([['organisationUndertakingDetails.0.organisationName', 'Enter the organisation name']]);
    const none = completing(
      changed('esos95To100', 'organisationStructure', { isNonComplyingUndertakingsIncluded: false }),
      'organisationStructure',
    );
    expect(none.issues).toEqual([]);
    expect(none.values).not.toHaveProperty('organisationUndertakingDetails');
  });

  it('may have no associated organisations', () => {
    const parsed = completing(
      changed('esos95To100', 'organisationStructure', { organisationsAssociatedWithRU: [] }),
      'organisationStructure',
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.values.organisationsAssociatedWithRU).toEqual([]);
  });

  it('refuses an organisation both parent and subsidiary of the responsible undertaking', () => {
    expect(
      issuesOf('esos95To100', 'organisationStructure', {
        organisationsAssociatedWithRU: [{ ...parent, isSubsidiaryOfResponsibleUndertaking: true }],
      }),
    ).toEqual([['organisationsAssociatedWithRU.0.isSubsidiaryOfResponsibleUndertaking', PARENT_AND_SUBSIDIARY]]);
  });

  it('refuses a registration number twice, or the responsible undertaking’s own', () => {
    expect(
      issuesOf('esos95To100', 'organisationStructure', {
        organisationsAssociatedWithRU: [parent, { ...subsidiary, registrationNumber: '03795142' }],
      }),
    ).toEqual([['organisationsAssociatedWithRU.1.registrationNumber', DUPLICATE_REGISTRATION_NUMBER]]);
    expect(
      issuesOf('esos95To100', 'organisationStructure', {
        organisationsAssociatedWithRU: [{ ...parent, registrationNumber: '08004927' }],
      }),
    ).toEqual([['organisationsAssociatedWithRU.0.registrationNumber', SAME_AS_UNDERTAKING]]);
  });

  it('needs every question about an organisation, and its own codes when they differ from the responsible undertaking’s', () => {
    expect(
      issuesOf('esos95To100', 'organisationStructure', {
        organisationsAssociatedWithRU: [{ registrationNumberExist: true, registrationNumber: '1234' }],
      }),
    ).toEqual([
      ['organisationsAssociatedWithRU.0.registrationNumber', REGISTRATION_NUMBER_FORMAT],
      ['organisationsAssociatedWithRU.0.organisationName', 'Enter the organisation name'],
      [
        'organisationsAssociatedWithRU.0.isPartOfArrangement',
        'Select yes if the organisation is part of an arrangement where 2 or more highest UK parent groups are complying as one participant',
      ],
      [
        'organisationsAssociatedWithRU.0.isParentOfResponsibleUndertaking',
        'Select yes if the organisation is a parent of the responsible undertaking',
      ],
      [
        'organisationsAssociatedWithRU.0.isSubsidiaryOfResponsibleUndertaking',
        'Select yes if the organisation is a subsidiary of the responsible undertaking',
      ],
      ['organisationsAssociatedWithRU.0.isPartOfFranchise', 'Select yes if the organisation is a franchisee'],
      [
        'organisationsAssociatedWithRU.0.hasCeasedToBePartOfGroup',
        'Select yes if the organisation has ceased to be part of the group but agreed to comply as if it were still a member',
      ],
      [
        'organisationsAssociatedWithRU.0.classificationCodesDetails.areSameAsRU',
        'Select whether the activity codes are the same as the responsible undertaking’s',
      ],
    ]);
    expect(
      issuesOf('esos95To100', 'organisationStructure', {
        organisationsAssociatedWithRU: [{ ...parent, classificationCodesDetails: { areSameAsRU: false } }],
      }),
    ).toEqual([
      ['organisationsAssociatedWithRU.0.classificationCodesDetails.codes.type', 'Enter a classification type'],
      ['organisationsAssociatedWithRU.0.classificationCodesDetails.codes.codes', CODES_COUNT],
    ]);
    const same = completing(
      changed('esos95To100', 'organisationStructure', {
        organisationsAssociatedWithRU: [
          {
            ...parent,
            classificationCodesDetails: { areSameAsRU: true, codes: { type: 'SIC', codes: [{ code: '1' }] } },
          },
        ],
      }),
      'organisationStructure',
    );
    expect(
      (same.values.organisationsAssociatedWithRU as Record<string, unknown>[])[0]!.classificationCodesDetails,
    ).toEqual({ areSameAsRU: true });
  });
});

describe('the registration numbers that must be on the company register', () => {
  it('is the responsible undertaking’s, with the name answered beside it; not an associated organisation’s', () => {
    const { report } = completeReport('esos95To100');
    expect(registerAnswers(notificationReport, report)).toEqual([
      {
        section: 'responsibleUndertaking',
        step: 'organisation-details',
        path: 'organisationDetails.registrationNumber',
        number: '08004927',
        name: 'KESTREL LOGISTICS GROUP LIMITED',
        message: 'Responsible undertaking organisation registration number is not valid',
      },
    ]);
    const without = withUndertaking(completeReport('esos95To100'), {
      name: 'HALCYON FOODS LTD',
      registrationNumber: null,
    });
    expect(registerAnswers(notificationReport, without.report)).toEqual([]);
  });

  it('tells another company’s name from the same name written differently', () => {
    expect(organisationNamesDiffer('Kestrel Logistics Group Limited', 'KESTREL LOGISTICS GROUP LTD')).toBe(false);
    expect(organisationNamesDiffer('Kestrel Logistics Group Ltd.', 'KESTREL  LOGISTICS GROUP LTD')).toBe(false);
    expect(organisationNamesDiffer('Demo Energy Ltd', 'HALCYON FOODS LTD')).toBe(true);
  });
});
