// 'Add a new user' (/user/regulators/add): invites a regulator into the caller's competent
// authority with their details, an optional signature and a level for every permission group
// (POST /regulator-users/invite, multipart). They accept from the e-mailed link; an administrator
// then activates them on the list.
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, ButtonGroup, TextInput } from '../../components';
import { field, FormErrorSummary, useGovForm, type GovForm } from '../../forms';
import { HttpError, apiPost } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { hasRegulatorPermission, useSession } from '../../stores/session';
import { regulatorInvitedUserSchema, type RegulatorInvitedUser } from '../../../domain/users';
import { PermissionsFieldset } from './permissions-fieldset';
import { SignatureInput } from './signature-input';
import { noPermissions, signatureProblem } from './regulators-data';

const fields = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'phoneNumber',
  'mobileNumber',
  'signature',
  'permissions',
] as const;

export default function InviteRegulatorPage() {
  usePageTitle('Add a new user');
  const allowed = useSession((s) => hasRegulatorPermission(s, 'MANAGE_USERS_AND_CONTACTS', 'EXECUTE'));
  const form = useGovForm({
    schema: regulatorInvitedUserSchema,
    fieldOrder: fields,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      jobTitle: '',
      phoneNumber: '',
      mobileNumber: '',
      permissions: noPermissions,
    },
  });
  const signature = useRef<HTMLInputElement | null>(null);
  const pending = useAnyRequestPending();
  const [, navigate] = useLocation();

  if (!allowed) {
    return (
      <>
        <h1 className="govuk-heading-l">Add a new user</h1>
        <p className="govuk-body">You do not have permission to add regulator users.</p>
      </>
    );
  }

  const invite = async (dto: RegulatorInvitedUser) => {
    const file = signature.current?.files?.[0];
    const problem = signatureProblem(file);
    if (problem) return form.setError('signature' as never, { message: problem });
    const body = new FormData();
    body.append('regulatorInvitedUser', new Blob([JSON.stringify(dto)], { type: 'application/json' }));
    if (file) body.append('signature', file, file.name);
    try {
      await apiPost('/v1.0/regulator-users/invite', body);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      const field = fields.find((f) => err.body?.field?.startsWith(f)) ?? 'email';
      form.setError((err.body?.field ?? field) as never, { message: err.message.replace(/^[\w.]+: /, '') });
      return;
    }
    navigate('/user/regulators', { state: { flash: `An invitation has been sent to ${dto.email}` } });
  };

  return (
    <>
      <FormErrorSummary form={form} />
      <h1 className="govuk-heading-l">Add a new user</h1>
      <p className="govuk-body">
        We will email them an invitation. Once they accept it, their status is Accepted until you activate them on the
        list of regulator users.
      </p>
      <form noValidate onSubmit={form.handleSubmit(invite)}>
        <TextInput {...field(form, 'firstName')} label="First name" autoComplete="off" />
        <TextInput {...field(form, 'lastName')} label="Last name" autoComplete="off" />
        <TextInput {...field(form, 'email')} type="email" label="Email address" autoComplete="off" spellCheck={false} />
        <TextInput {...field(form, 'jobTitle')} label="Job title" autoComplete="off" />
        <TextInput
          {...field(form, 'phoneNumber')}
          type="tel"
          label="Phone number"
          autoComplete="off"
          className="govuk-input--width-20"
        />
        <TextInput
          {...field(form, 'mobileNumber')}
          type="tel"
          label="Mobile number (optional)"
          autoComplete="off"
          className="govuk-input--width-20"
        />
        <SignatureInput label="Upload a signature (optional)" error={form.errorFor('signature')} inputRef={signature} />
        <PermissionsFieldset form={form as unknown as GovForm} />
        <ButtonGroup>
          <Button pending={pending}>Send invitation</Button>
          <Link className="govuk-link" href="/user/regulators">
            Cancel
          </Link>
        </ButtonGroup>
      </form>
    </>
  );
}
