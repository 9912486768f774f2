// Contact persons (reference workflows §7.5): the primary contact and, if wanted, a secondary one.
// Starts from the account's primary and secondary contacts (reference §7.2).
import { contactPersonFields, valuesOf, yesNo } from '../../../domain/reports/common-fields';
import type { Values } from '../../../domain/reports/fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { sectionPresence, type NotificationContext } from '../category';

export const SECONDARY_CONTACT_REQUIRED = 'Select yes if you want to add a secondary contact';

/** A contact from the account as the answers of a contact person (empty parts left out). */
function contactFromAccount(value: unknown): Values | undefined {
  const contact = valuesOf(value);
  if (!contact) return undefined;
  return JSON.parse(JSON.stringify(contact, (_key, v) => (v === null || v === '' ? undefined : v))) as Values;
}

export const contactPersons: SectionDefinition<NotificationContext> = {
  id: 'contactPersons',
  title: 'Contact persons',
  applies: sectionPresence.contactPersons,
  steps: [
    {
      id: 'primary-contact',
      title: 'Primary contact details',
      description: ['The primary contact is the person the regulator will contact about this notification.'],
      fields: [
        {
          kind: 'group',
          name: 'primaryContact',
          label: 'Primary contact',
          summary: 'rows',
          fields: contactPersonFields(),
        },
      ],
    },
    {
      id: 'secondary-contact-exists',
      title: 'Do you want to add a secondary contact?',
      fields: [
        yesNo('hasSecondaryContact', 'Do you want to add a secondary contact?', SECONDARY_CONTACT_REQUIRED, {
          summaryLabel: 'Secondary contact',
        }),
      ],
    },
    {
      id: 'secondary-contact',
      title: 'Secondary contact details',
      when: (section) => section.hasSecondaryContact === true,
      fields: [
        {
          kind: 'group',
          name: 'secondaryContact',
          label: 'Secondary contact',
          summary: 'rows',
          fields: contactPersonFields(),
        },
      ],
    },
  ],
  /** The account's primary contact, and its secondary contact when it has one (reference §7.2). */
  initial: (prefill) => {
    const primary = contactFromAccount(prefill?.primaryContact);
    const secondary = contactFromAccount(prefill?.secondaryContact);
    if (!primary && !secondary) return undefined;
    return {
      ...(primary ? { primaryContact: primary } : {}),
      ...(secondary ? { hasSecondaryContact: true, secondaryContact: secondary } : {}),
    };
  },
};
