// Organisation structure (reference workflows §7.5): whether the responsible undertaking aggregates
// with other highest parents, the undertakings that left the group and are not complying, the
// organisations associated with the responsible undertaking (added one by one, or read from a CSV
// file by `parseAssociatedOrganisationsCsv`, with the same rules), and the group structure chart.
import { GROUP_CHART_HELP } from '../help';
import { REGISTERED_AT_COMPANIES_HOUSE_REQUIRED, REGISTRATION_NUMBER_REQUIRED } from '../../../domain/accounts';
import { classificationCodes, issue, registrationNumber, text, yesNo } from '../../../domain/reports/common-fields';
import type { Field, FieldEnv, Issue, Values } from '../../../domain/reports/fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { sectionPresence, type NotificationContext } from '../category';

export const MAX_ASSOCIATED_ORGANISATIONS = 1000;
export const MAX_NON_COMPLYING_UNDERTAKINGS = 100;

export const HIGHEST_PARENT_REQUIRED =
  'Select yes if the responsible undertaking is a highest parent which has agreed to aggregate with other highest parents';
export const NON_COMPLYING_REQUIRED =
  'Select yes if the group included undertakings which are not complying as if they were still a member of the participant';
export const NON_COMPLYING_LIST_REQUIRED =
  'Add at least one undertaking that is not complying as part of the participant';
export const NON_COMPLYING_LIST_MAX = `Add no more than ${MAX_NON_COMPLYING_UNDERTAKINGS} undertakings`;
export const ORGANISATION_NAME_REQUIRED = 'Enter the organisation name';
export const ASSOCIATED_MAX = `Add no more than ${MAX_ASSOCIATED_ORGANISATIONS} organisations`;
export const PARENT_AND_SUBSIDIARY =
  'An organisation cannot be both a parent and a subsidiary of the responsible undertaking';
export const DUPLICATE_REGISTRATION_NUMBER = 'Another organisation in the list has the same registration number';
export const SAME_AS_UNDERTAKING = 'This is the registration number of the responsible undertaking';
export const CODES_SAME_REQUIRED = 'Select whether the activity codes are the same as the responsible undertaking’s';
export const GROUP_CHART_REQUIRED =
  'Select yes if you wish to provide a corporate group structure chart or other information setting out the relationship between the RU and relevant undertakings that comprise the participant';

const selectYesIf = (what: string) => `Select yes if ${what}`;

/** The questions about one organisation associated with the responsible undertaking. */
export const associatedOrganisationFields: Field[] = [
  yesNo(
    'registrationNumberExist',
    'Is the organisation registered at Companies House?',
    REGISTERED_AT_COMPANIES_HOUSE_REQUIRED,
    {
      summaryLabel: 'Registered at Companies House',
      yes: {
        reveal: [registrationNumber('registrationNumber', 'Company registration number', REGISTRATION_NUMBER_REQUIRED)],
      },
    },
  ),
  text('organisationName', 'Organisation name', ORGANISATION_NAME_REQUIRED),
  yesNo(
    'isPartOfArrangement',
    'Is this organisation part of an arrangement where 2 or more highest UK parent groups are complying as one participant?',
    selectYesIf(
      'the organisation is part of an arrangement where 2 or more highest UK parent groups are complying as one participant',
    ),
    { summaryLabel: 'Part of an arrangement of highest parent groups' },
  ),
  yesNo(
    'isParentOfResponsibleUndertaking',
    'Is this organisation a parent of the responsible undertaking?',
    selectYesIf('the organisation is a parent of the responsible undertaking'),
    {
      summaryLabel: 'Parent of the responsible undertaking',
    },
  ),
  yesNo(
    'isSubsidiaryOfResponsibleUndertaking',
    'Is this organisation a subsidiary of the responsible undertaking?',
    selectYesIf('the organisation is a subsidiary of the responsible undertaking'),
    {
      summaryLabel: 'Subsidiary of the responsible undertaking',
    },
  ),
  yesNo('isPartOfFranchise', 'Is this organisation a franchisee?', selectYesIf('the organisation is a franchisee'), {
    summaryLabel: 'Franchisee',
  }),
  yesNo(
    'hasCeasedToBePartOfGroup',
    'Has this organisation ceased to be part of the highest parent group or participant since the qualification date but agreed to comply as if it were still a member?',
    selectYesIf(
      'the organisation has ceased to be part of the group but agreed to comply as if it were still a member',
    ),
    { summaryLabel: 'Ceased to be part of the group but complying' },
  ),
  {
    kind: 'group',
    name: 'classificationCodesDetails',
    label: 'Activity codes',
    summary: 'rows',
    fields: [
      {
        kind: 'radios',
        name: 'areSameAsRU',
        label: 'Are the organisation’s activity codes the same as the responsible undertaking’s?',
        summaryLabel: 'Activity codes',
        required: CODES_SAME_REQUIRED,
        options: [
          { value: true, text: 'They are the same as the RU’s' },
          {
            value: false,
            text: 'They are different',
            reveal: [classificationCodes('codes', 'Activity codes of the organisation')],
          },
        ],
      },
    ],
  },
];

/**
 * Rules across the organisations (and with the responsible undertaking): no organisation both parent
 * and subsidiary, no registration number twice, none the responsible undertaking's own.
 */
export function associatedOrganisationsIssues(items: Values[], env: FieldEnv<NotificationContext>): Issue[] {
  const issues: Issue[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    if (item.isParentOfResponsibleUndertaking === true && item.isSubsidiaryOfResponsibleUndertaking === true)
      issues.push(issue(`${i}.isSubsidiaryOfResponsibleUndertaking`, PARENT_AND_SUBSIDIARY));
    const number = typeof item.registrationNumber === 'string' ? item.registrationNumber : null;
    if (!number) return;
    if (number === env.ctx?.undertakingRegistrationNumber)
      issues.push(issue(`${i}.registrationNumber`, SAME_AS_UNDERTAKING));
    if (seen.has(number)) issues.push(issue(`${i}.registrationNumber`, DUPLICATE_REGISTRATION_NUMBER));
    else seen.set(number, i);
  });
  return issues;
}

export const organisationStructure: SectionDefinition<NotificationContext> = {
  id: 'organisationStructure',
  title: 'Organisation structure',
  applies: sectionPresence.organisationStructure,
  steps: [
    {
      id: 'highest-parent',
      title:
        'Is the responsible undertaking a highest parent which has agreed to aggregate with one or more other highest parents to comply as one participant?',
      fields: [
        yesNo(
          'isHighestParent',
          'Is the responsible undertaking a highest parent which has agreed to aggregate with one or more other highest parents to comply as one participant?',
          HIGHEST_PARENT_REQUIRED,
          { summaryLabel: 'Highest parent aggregating with other highest parents' },
        ),
      ],
    },
    {
      id: 'non-complying-undertakings',
      title:
        'Did the responsible undertaking’s group include any undertakings on 31 December 2022 which either disaggregated from, or ceased to be part of the participant before 5 June 2024 and which are not complying as if they were still a member of the participant?',
      fields: [
        yesNo(
          'isNonComplyingUndertakingsIncluded',
          'Did the responsible undertaking’s group include any undertakings on 31 December 2022 which either disaggregated from, or ceased to be part of the participant before 5 June 2024 and which are not complying as if they were still a member of the participant?',
          NON_COMPLYING_REQUIRED,
          { summaryLabel: 'Undertakings that left the participant and are not complying' },
        ),
      ],
    },
    {
      id: 'non-complying-undertakings-list',
      title:
        'Enter the undertakings which disaggregated from or ceased to be part of the participant and which are not included in this notification',
      when: (section) => section.isNonComplyingUndertakingsIncluded === true,
      fields: [
        {
          kind: 'list',
          name: 'organisationUndertakingDetails',
          label: 'Undertakings not included in this notification',
          itemLabel: 'Undertaking',
          titleField: 'organisationName',
          layout: 'inline',
          addLabel: 'Add another undertaking',
          min: 1,
          required: NON_COMPLYING_LIST_REQUIRED,
          max: MAX_NON_COMPLYING_UNDERTAKINGS,
          maxMessage: NON_COMPLYING_LIST_MAX,
          item: [
            text('organisationName', 'Organisation name', ORGANISATION_NAME_REQUIRED),
            text('registrationNumber', 'Company registration number (optional)', undefined, { width: 'one-third' }),
          ],
        },
      ],
    },
    {
      id: 'associated-organisations',
      title:
        "Add information on the organisations complying as one participant in the responsible undertaking's notification for its corporate group",
      description: [
        'Add the organisations one by one, or upload a CSV file with one organisation a row. An upload replaces the organisations in the list.',
        'Leave the list empty if the responsible undertaking is the only organisation in the participant.',
      ],
      fields: [
        {
          kind: 'list',
          name: 'organisationsAssociatedWithRU',
          label: 'Organisations associated with the responsible undertaking',
          itemLabel: 'Organisation',
          titleField: 'organisationName',
          layout: 'pages',
          columns: [
            { heading: 'Organisation', field: 'organisationName' },
            { heading: 'Registration number', field: 'registrationNumber' },
          ],
          order: 'title',
          // As the real service's table (reference details §D): the responsible undertaking is row 1.
          leadingRow: {
            item: (env: FieldEnv<NotificationContext | undefined>) =>
              env.ctx?.undertaking.organisationName ? { ...env.ctx.undertaking } : null,
            caption: 'Responsible undertaking',
            change: { section: 'responsibleUndertaking', step: 'organisation-details' },
          },
          addLabel: 'Add an organisation',
          max: MAX_ASSOCIATED_ORGANISATIONS,
          maxMessage: ASSOCIATED_MAX,
          item: associatedOrganisationFields,
          checks: associatedOrganisationsIssues,
        },
      ],
    },
    {
      id: 'group-structure-chart',
      title:
        'Do you also wish to provide a corporate group structure chart or other information setting out the relationship between the RU and relevant undertakings complying with the scheme as one participant?',
      notesLink: 'Go to Notes (opens in new tab)',
      help: GROUP_CHART_HELP,
      fields: [
        yesNo(
          'isGroupStructureChartProvided',
          'Do you also wish to provide a corporate group structure chart or other information setting out the relationship between the RU and relevant undertakings complying with the scheme as one participant?',
          GROUP_CHART_REQUIRED,
          {
            summaryLabel: 'Group structure chart provided',
            hint: 'If you do, add the chart as a note on this notification’s request, with the file attached to the note.',
          },
        ),
      ],
    },
  ],
};
