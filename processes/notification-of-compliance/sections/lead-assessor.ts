// Lead assessor details (reference workflows §7.5): who reviewed the ESOS assessment. An internal
// lead assessor means a second responsible officer must confirm the notification.
import { LEAD_ASSESSOR_HELP } from '../help';
import { text, yesNo } from '../../../domain/reports/common-fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import type { NotificationContext } from '../category';
import { sectionPresence } from '../category';

export const professionalBodies = [
  { value: 'ASSOCIATION_OF_ENERGY_ENGINEERS', text: 'Association of Energy Engineers' },
  {
    value: 'CIBSE_THE_CHARTERED_INSTITUTION_OF_BUILDING_SERVICES_ENGINEERS',
    text: 'CIBSE - The Chartered Institution of Building Services Engineers',
  },
  { value: 'ELMHURST_ENERGY_SYSTEMS', text: 'Elmhurst Energy Systems' },
  { value: 'ENERGY_INSTITUTE', text: 'Energy Institute' },
  { value: 'ENERGY_MANAGERS_ASSOCIATION', text: 'Energy Managers Association' },
  { value: 'INSTITUTION_OF_CHEMICAL_ENGINEERS', text: 'Institution of Chemical Engineers' },
  {
    value: 'INSTITUTE_OF_ENVIRONMENTAL_MANAGEMENT_AND_ASSESSMENT',
    text: 'Institute of Environmental Management and Assessment',
  },
  { value: 'QUIDOS', text: 'Quidos' },
  { value: 'STROMA_CERTIFICATION_LTD', text: 'Stroma Certification Ltd' },
];

export const leadAssessor: SectionDefinition<NotificationContext> = {
  id: 'leadAssessor',
  title: 'Lead assessor details',
  applies: sectionPresence.leadAssessor,
  steps: [
    {
      id: 'type',
      title: 'Is the lead assessor who reviewed your ESOS assessment internal or external to your corporate group?',
      fields: [
        {
          kind: 'radios',
          name: 'leadAssessorType',
          label: 'Is the lead assessor who reviewed your ESOS assessment internal or external to your corporate group?',
          summaryLabel: 'Internal or external lead assessor',
          required: 'Select whether the lead assessor is internal or external',
          options: [
            {
              value: 'INTERNAL',
              text: 'Internal',
              hint: 'A second responsible officer will need to confirm the notification.',
            },
            { value: 'EXTERNAL', text: 'External' },
          ],
        },
      ],
    },
    {
      id: 'confirmation',
      title: 'Has the lead assessor reviewed and confirmed that the assessment meets the ESOS requirements?',
      help: LEAD_ASSESSOR_HELP,
      fields: [
        yesNo(
          'hasLeadAssessorConfirmation',
          'Has the lead assessor reviewed and confirmed that the assessment meets the ESOS requirements?',
          'Select whether the lead assessor has confirmed the assessment',
          {
            summaryLabel: 'Lead assessor confirmed the assessment',
          },
        ),
      ],
    },
    {
      id: 'details',
      title: 'Enter the lead assessor’s details',
      fields: [
        {
          kind: 'group',
          name: 'leadAssessorDetails',
          label: 'Lead assessor',
          summary: 'rows',
          fields: [
            text('firstName', 'First name', 'Enter first name', { aboutPerson: true }),
            text('lastName', 'Last name', 'Enter last name', { aboutPerson: true }),
            text('email', 'Email address', 'Enter email address', {
              format: 'email',
              inputType: 'email',
              aboutPerson: true,
            }),
            {
              kind: 'select',
              name: 'professionalBody',
              label: 'Professional body',
              required: 'Select the professional body',
              options: professionalBodies,
              // With the membership number it names the assessor (the body's public register).
              aboutPerson: true,
            },
            text('membershipNumber', 'Membership number', 'Enter the membership number', {
              width: 'one-half',
              aboutPerson: true,
            }),
          ],
        },
      ],
    },
  ],
};
