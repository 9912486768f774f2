// 'Add a new user': an invitation by e-mail to the account with a role (POST /operator-users/invite/…).
import { ActionLink, Button, ButtonGroup, Radios, TextInput } from '../../../components';
import { field, FormErrorSummary, useGovForm } from '../../../forms';
import { HttpError, apiPost } from '../../../lib/api';
import { useAnyRequestPending } from '../../../lib/pending';
import { operatorUserInvitationSchema, type OperatorUserInvitationDto } from '../../../../domain/users';
import { roleItems } from './users-data';

const fields = ['firstName', 'lastName', 'email', 'roleCode'] as const;

export function InviteUser({
  accountId,
  onInvited,
  onCancel,
}: {
  accountId: number;
  onInvited: (email: string) => void;
  onCancel: () => void;
}) {
  const form = useGovForm({
    schema: operatorUserInvitationSchema,
    fieldOrder: fields,
    defaultValues: { firstName: '', lastName: '', email: '' },
  });
  const pending = useAnyRequestPending();
  const invite = async (dto: OperatorUserInvitationDto) => {
    try {
      await apiPost(`/v1.0/operator-users/invite/account/${accountId}`, dto);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      // 'User is already registered' and the like concern the e-mail address.
      const field = fields.find((f) => f === err.body?.field) ?? 'email';
      form.setError(field, { message: err.message });
      return;
    }
    onInvited(dto.email);
  };
  return (
    <>
      <FormErrorSummary form={form} />
      <h2 className="govuk-heading-m">Add a new user</h2>
      <p className="govuk-body">
        We will email them an invitation to this account. Once they accept it, their status is Accepted until an
        administrator of the account activates them.
      </p>
      <form noValidate onSubmit={form.handleSubmit(invite)}>
        <TextInput {...field(form, 'firstName')} label="First name" autoComplete="off" />
        <TextInput {...field(form, 'lastName')} label="Last name" autoComplete="off" />
        <TextInput {...field(form, 'email')} type="email" label="Email address" autoComplete="off" spellCheck={false} />
        <Radios
          {...field(form, 'roleCode')}
          legend="User type"
          legendClassName="govuk-fieldset__legend--s"
          items={roleItems}
        />
        <ButtonGroup>
          <Button pending={pending}>Send invitation</Button>
          <ActionLink onClick={onCancel}>Cancel</ActionLink>
        </ButtonGroup>
      </form>
    </>
  );
}
