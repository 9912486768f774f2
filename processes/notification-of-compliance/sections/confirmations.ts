// Responsible officer confirmation (reference workflows §7.5, spec §3): the statements the
// responsible officer confirms, their details and when they reviewed the assessment; a second
// officer when the energy use is under 40,000 kWh or the lead assessor is internal.
import { CONFIRM_ALL, contactPersonFields } from '../../../domain/reports/common-fields';
import type { ChoiceOption } from '../../../domain/reports/fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { is, sectionPresence, type NotificationContext } from '../category';

export const CONFIRM_INTRO =
  'I confirm that the responsible officer has reviewed the recommendations of the ESOS assessment and is satisfied that, to the best of their knowledge, the following statements are true';
export const CONFIRM_INTRO_SECOND =
  'I confirm that a second responsible officer has reviewed the recommendations of the ESOS assessment and is satisfied that, to the best of their knowledge, the following statements are true';
export const SECOND_OFFICER_SAME_EMAIL =
  'The second responsible officer must have a different email address from the first';
export const REVIEW_DATE_MIN = 'The date must be after 5 December 2019';
/** A review that has not happened yet cannot be confirmed (the checks run on the UK day of the check). */
export const REVIEW_DATE_FUTURE = 'The date of the review must be today or in the past';

const statements = (noEnergy: boolean): ChoiceOption[] => [
  {
    value: 'SATISFIED_WITH_ORGANISATION_WITHIN_SCOPE_OF_THE_SCHEME',
    text: noEnergy
      ? 'the organisation is within scope of the scheme but does not have any energy responsibility'
      : 'the organisation is within scope of the scheme',
  },
  {
    value: 'SATISFIED_WITH_ORGANISATION_COMPLIANT_WITH_SCOPE_OF_THE_SCHEME',
    text: 'the organisation is compliant with the scheme',
  },
  {
    value: 'SATISFIED_WITH_INFORMATION_PROVIDED_UNLESS_THERE_IS_A_DECLARED_REASON',
    text: 'the relevant sections of the ESOS report have been shared with all undertakings in the corporate group, unless there is a declared reason why this is prohibited by law',
  },
  {
    value: 'SATISFIED_WITH_INFORMATION_PROVIDED',
    text: 'the information provided in this notification of compliance is correct',
  },
];

const zero = (ctx: NotificationContext) => is(ctx, 'ZERO_ENERGY');

/** A second officer confirms when energy use is under 40,000 kWh, or the lead assessor is internal. */
export function needsSecondOfficer(ctx: NotificationContext): boolean {
  return (
    is(ctx, 'LESS_THAN_40000_KWH_PER_YEAR') ||
    (is(
      ctx,
      'ESOS_ENERGY_ASSESSMENTS_95_TO_100',
      'PARTIAL_ENERGY_ASSESSMENTS',
      'ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100',
    ) &&
      ctx.leadAssessorType === 'INTERNAL')
  );
}

export const confirmations: SectionDefinition<NotificationContext> = {
  id: 'confirmations',
  title: 'Responsible officer confirmation',
  applies: sectionPresence.confirmations,
  steps: [
    {
      id: 'review',
      title: 'Responsible officer review',
      description: [
        'A responsible officer is a director nominated for ESOS compliance or, where there is no director, an individual with management control.',
      ],
      fields: [
        {
          kind: 'checkboxes',
          name: 'responsibilityAssessmentTypes',
          label: CONFIRM_INTRO,
          summaryLabel: 'Responsible officer confirmed',
          options: statements(false),
          required: CONFIRM_ALL,
          all: CONFIRM_ALL,
          when: (_, env) => !zero(env.ctx),
        },
        {
          kind: 'checkboxes',
          name: 'noEnergyResponsibilityAssessmentTypes',
          label: CONFIRM_INTRO,
          summaryLabel: 'Responsible officer confirmed',
          options: statements(true),
          required: CONFIRM_ALL,
          all: CONFIRM_ALL,
          when: (_, env) => zero(env.ctx),
        },
      ],
    },
    {
      id: 'officer-details',
      title: 'Details of the responsible officer',
      fields: [
        {
          kind: 'group',
          name: 'responsibleOfficerDetails',
          label: 'Responsible officer',
          summary: 'rows',
          fields: contactPersonFields({ jobTitleRequired: 'Enter job title' }),
        },
      ],
    },
    {
      id: 'review-date',
      title: 'When did the responsible officer review the ESOS assessment recommendations?',
      when: (_, ctx) => !zero(ctx),
      fields: [
        {
          kind: 'date',
          name: 'reviewAssessmentDate',
          label: 'When did the responsible officer review the ESOS assessment recommendations?',
          summaryLabel: 'Date of the review',
          hint: 'For example, 27 3 2024',
          required: 'Enter the date of the review',
          min: '2019-12-06',
          max: 'today',
          messages: { min: REVIEW_DATE_MIN, max: REVIEW_DATE_FUTURE },
        },
      ],
    },
    {
      id: 'second-officer-review',
      title: 'Second responsible officer review',
      when: (_, ctx) => needsSecondOfficer(ctx),
      fields: [
        {
          kind: 'checkboxes',
          name: 'secondResponsibleOfficerEnergyTypes',
          label: CONFIRM_INTRO_SECOND,
          summaryLabel: 'Second responsible officer confirmed',
          options: statements(false),
          required: CONFIRM_ALL,
          all: CONFIRM_ALL,
        },
      ],
    },
    {
      id: 'second-officer-details',
      title: 'Details of the second responsible officer',
      when: (_, ctx) => needsSecondOfficer(ctx),
      fields: [
        {
          kind: 'group',
          name: 'secondResponsibleOfficerDetails',
          label: 'Second responsible officer',
          summary: 'rows',
          fields: contactPersonFields({ jobTitleRequired: 'Enter job title' }),
        },
      ],
      checks: (values, env) => {
        const first = (env.section.responsibleOfficerDetails as { email?: string } | undefined)?.email;
        const second = (values.secondResponsibleOfficerDetails as { email?: string } | undefined)?.email;
        return first && second && first.toLowerCase() === second.toLowerCase()
          ? [{ path: 'secondResponsibleOfficerDetails.email', message: SECOND_OFFICER_SAME_EMAIL }]
          : [];
      },
    },
  ],
};
