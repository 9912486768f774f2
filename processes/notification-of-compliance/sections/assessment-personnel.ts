// Assessment personnel (reference workflows §7.5): the people who carried out the assessment,
// internal or external; the list may be empty.
import { text } from '../../../domain/reports/common-fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import type { NotificationContext } from '../category';
import { sectionPresence } from '../category';

export const MAX_PERSONNEL = 100;

export const assessmentPersonnel: SectionDefinition<NotificationContext> = {
  id: 'assessmentPersonnel',
  title: 'Assessment personnel',
  applies: sectionPresence.assessmentPersonnel,
  steps: [
    {
      id: 'personnel',
      title: 'Add the assessment personnel (optional)',
      description: ['List the people, other than the lead assessor, who carried out the energy assessment.'],
      fields: [
        {
          kind: 'list',
          name: 'personnel',
          label: 'Assessment personnel',
          layout: 'pages',
          itemLabel: 'Person',
          titleField: 'firstName',
          columns: [
            { heading: 'First name', field: 'firstName' },
            { heading: 'Last name', field: 'lastName' },
            { heading: 'Internal or external', field: 'type' },
          ],
          order: 'title',
          addLabel: 'Add another person',
          max: MAX_PERSONNEL,
          maxMessage: `Add no more than ${MAX_PERSONNEL} people`,
          item: [
            text('firstName', 'First name', 'Enter first name', { aboutPerson: true }),
            text('lastName', 'Last name', 'Enter last name', { aboutPerson: true }),
            {
              kind: 'radios',
              name: 'type',
              label: 'Internal or external to the corporate group',
              required: 'Select whether the person is internal or external',
              inline: true,
              options: [
                { value: 'INTERNAL', text: 'Internal' },
                { value: 'EXTERNAL', text: 'External' },
              ],
            },
          ],
        },
      ],
    },
  ],
};
