// Responsible undertaking (reference workflows §7.5): the organisation that notifies, its trading
// name, contact details, any trust asset and any overseas parent. Starts from the account's
// details (reference §7.2); the registration number must be on the company register (reference §7.5).
import {
  ORGANISATION_NAME_REQUIRED,
  REGISTERED_AT_COMPANIES_HOUSE_REQUIRED,
  REGISTRATION_NUMBER_REQUIRED,
} from '../../../domain/accounts';
import {
  address,
  classificationCodes,
  codesFromAccount,
  phone,
  registrationNumber,
  text,
  valuesOf,
  yesNo,
} from '../../../domain/reports/common-fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { sectionPresence, type NotificationContext } from '../category';

export const REGISTRATION_NUMBER_NOT_VALID = 'Responsible undertaking organisation registration number is not valid';
export const TRADING_NAME_REQUIRED = 'Enter the trading name';
export const TRADING_EXISTS_REQUIRED = 'Select yes if the organisation operates under a different trading name';
export const TRUST_REQUIRED = 'Select yes if this notification includes energy consumption of a trust asset';
export const OVERSEAS_PARENT_REQUIRED =
  'Select yes if your organisation has a parent company to which the ESOS regulations do not extend';
export const OVERSEAS_PARENT_NAME_REQUIRED = 'Enter the name of the overseas parent company';

export const responsibleUndertaking: SectionDefinition<NotificationContext> = {
  id: 'responsibleUndertaking',
  title: 'Responsible undertaking',
  applies: sectionPresence.responsibleUndertaking,
  steps: [
    {
      id: 'organisation-details',
      title: 'Enter the organisation details',
      description: [
        'These details come from your organisation account. Check them and change any that are not correct.',
      ],
      fields: [
        {
          kind: 'group',
          name: 'organisationDetails',
          label: 'Organisation details',
          summary: 'rows',
          fields: [
            text('name', 'Registered name of the organisation', ORGANISATION_NAME_REQUIRED, {
              summaryLabel: 'Organisation name',
            }),
            yesNo(
              'registrationNumberExist',
              'Is the organisation registered at Companies House?',
              REGISTERED_AT_COMPANIES_HOUSE_REQUIRED,
              {
                summaryLabel: 'Registered at Companies House',
                yes: {
                  reveal: [
                    registrationNumber(
                      'registrationNumber',
                      'Company registration number',
                      REGISTRATION_NUMBER_REQUIRED,
                      { register: { message: REGISTRATION_NUMBER_NOT_VALID, nameField: 'name' } },
                    ),
                  ],
                },
              },
            ),
            // The registered office: the organisation's, published.
            { ...address('address', 'Registered office address'), aboutPerson: false },
            classificationCodes('codes', 'Activity codes'),
          ],
        },
      ],
    },
    {
      id: 'trading-details',
      title: 'Does the organisation operate under a trading name that is different to the registered name?',
      fields: [
        {
          kind: 'group',
          name: 'tradingDetails',
          label: 'Trading name',
          summary: 'rows',
          fields: [
            yesNo(
              'exist',
              'Does the organisation operate under a trading name that is different to the registered name?',
              TRADING_EXISTS_REQUIRED,
              {
                summaryLabel: 'Different trading name',
                yes: {
                  reveal: [
                    text('tradingName', 'Enter the trading or other name', TRADING_NAME_REQUIRED, {
                      summaryLabel: 'Trading name',
                    }),
                  ],
                },
              },
            ),
          ],
        },
      ],
    },
    {
      id: 'contact-details',
      title: 'Enter the organisation’s contact details',
      fields: [
        {
          kind: 'group',
          name: 'organisationContactDetails',
          label: 'Organisation contact details',
          summary: 'rows',
          fields: [
            text('email', 'Email address', 'Enter email address', {
              format: 'email',
              inputType: 'email',
              autocomplete: 'email',
              aboutPerson: true,
            }),
            phone('phoneNumber', 'Phone number', 'Enter a phone number'),
          ],
        },
      ],
    },
    {
      id: 'trust',
      title: 'Does this ESOS notification include information in relation to energy consumption of a trust asset?',
      fields: [
        yesNo(
          'isBehalfOfTrust',
          'Does this ESOS notification include information in relation to energy consumption of a trust asset?',
          TRUST_REQUIRED,
          {
            summaryLabel: 'Includes a trust asset',
            yes: {
              reveal: [
                text('trustName', 'Enter a description or name of relevant trust assets (optional)', undefined, {
                  summaryLabel: 'Trust assets',
                }),
              ],
            },
          },
        ),
      ],
    },
    {
      id: 'overseas-parent',
      title: 'Does your organisation have a parent company to which the ESOS regulations do not extend?',
      fields: [
        yesNo(
          'hasOverseasParentDetails',
          'Does your organisation have a parent company to which the ESOS regulations do not extend?',
          OVERSEAS_PARENT_REQUIRED,
          {
            summaryLabel: 'Overseas parent company',
            yes: {
              reveal: [
                {
                  kind: 'group',
                  name: 'overseasParentDetails',
                  label: 'Overseas parent company',
                  summary: 'rows',
                  fields: [
                    text('name', 'Enter the name of the overseas parent company', OVERSEAS_PARENT_NAME_REQUIRED, {
                      summaryLabel: 'Overseas parent company name',
                    }),
                    text(
                      'tradingName',
                      'Enter the trading or other name of the group of undertakings to which the above company is the overseas parent (optional)',
                      undefined,
                      {
                        summaryLabel: 'Trading name of the group',
                      },
                    ),
                  ],
                },
              ],
            },
          },
        ),
      ],
    },
  ],
  /** The organisation's name, registration number, address and codes as on the account (reference §7.2). */
  initial: (prefill) => {
    const details = valuesOf(prefill?.organisationDetails);
    if (!details) return undefined;
    const number =
      typeof details.registrationNumber === 'string' && details.registrationNumber !== ''
        ? details.registrationNumber
        : null;
    const address = valuesOf(details.address);
    const codes = codesFromAccount(details.codes);
    return {
      organisationDetails: {
        ...(typeof details.name === 'string' ? { name: details.name } : {}),
        registrationNumberExist: number !== null,
        ...(number ? { registrationNumber: number } : {}),
        ...(address
          ? {
              address: Object.fromEntries(
                Object.entries(address).filter(([, v]) => v !== null && v !== undefined && v !== ''),
              ),
            }
          : {}),
        ...(codes ? { codes } : {}),
      },
    };
  },
};
