// The account's contacts: one active user (or nobody) per contact type, sent as `contactTypes` of
// POST /operator-authorities/account/{accountId}. The API refuses a Restricted user as primary or
// secondary contact, and anyone not active.
import * as v from 'valibot';
import { ActionLink, Button, ButtonGroup, Select } from '../../../components';
import { FormErrorSummary, useGovForm } from '../../../forms';
import { HttpError, apiPost } from '../../../lib/api';
import { useAnyRequestPending } from '../../../lib/pending';
import { contactTypes, type ContactType } from '../../../../domain/users';
import { contactLabels, userName, usersPath, type OperatorAuthorities } from './users-data';

const schema = v.object({
  contactTypes: v.object(
    Object.fromEntries(contactTypes.map((t) => [t, v.string()])) as Record<ContactType, v.StringSchema<undefined>>,
  ),
});
type Contacts = v.InferOutput<typeof schema>;

export function EditContacts({
  accountId,
  data,
  onSaved,
  onCancel,
}: {
  accountId: number;
  data: OperatorAuthorities;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const current = Object.fromEntries(contactTypes.map((t) => [t, data.contactTypes[t] ?? ''])) as Record<
    ContactType,
    string
  >;
  const form = useGovForm({ schema, defaultValues: { contactTypes: current } });
  const pending = useAnyRequestPending();
  const choices = (type: ContactType) => [
    { value: '', text: 'No one' },
    ...data.authorities
      .filter(
        (a): a is typeof a & { userId: string } =>
          a.userId !== null && (a.authorityStatus === 'ACTIVE' || a.userId === current[type]),
      )
      .map((a) => ({ value: a.userId, text: userName(a) })),
  ];
  const save = async ({ contactTypes: chosen }: Contacts) => {
    const body = {
      accountOperatorAuthorityUpdateList: [],
      contactTypes: Object.fromEntries(contactTypes.map((t) => [t, chosen[t] || null])),
    };
    try {
      await apiPost(usersPath(accountId), body);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      const field =
        contactTypes.map((t) => `contactTypes.${t}` as const).find((f) => f === err.body?.field) ??
        'contactTypes.PRIMARY';
      form.setError(field, { message: err.message });
      return;
    }
    onSaved();
  };
  return (
    <>
      <FormErrorSummary form={form} />
      <h2 className="govuk-heading-m">Change contacts</h2>
      <p className="govuk-body">
        Only active users can be contacts. A Restricted user cannot be the primary or the secondary contact.
      </p>
      <form noValidate onSubmit={form.handleSubmit(save)}>
        {contactTypes.map((type) => (
          <Select
            key={type}
            {...form.register(`contactTypes.${type}`)}
            label={contactLabels[type]}
            options={choices(type)}
            errorMessage={form.errorFor(`contactTypes.${type}`)}
          />
        ))}
        <ButtonGroup>
          <Button pending={pending}>Save contacts</Button>
          <ActionLink onClick={onCancel}>Cancel</ActionLink>
        </ButtonGroup>
      </form>
    </>
  );
}
