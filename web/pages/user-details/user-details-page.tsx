// An operator's contact details (reference real-service-details §E "User details"): one's own at
// /user/details (PATCH /operator-users/operator), or, for an account's administrator (or a regulator
// who manages its users), one of its users' at /accounts/{accountId}/users/{userId}
// (PATCH /operator-users/account/{accountId}/{userId}). The e-mail address is the sign-in's and is
// shown, not changed. The notification's contact persons start from these details.
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Button, ButtonGroup, Fieldset, SummaryList, TextInput } from '../../components';
import { field, FormErrorSummary, useGovForm } from '../../forms';
import { HttpError, apiGet, apiPatch } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { useSession } from '../../stores/session';
import { operatorUserSchema, type OperatorUserDto } from '../../../domain/users';

interface UserDetails {
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phoneNumber: string | null;
  mobileNumber: string | null;
  address: Record<string, string | null> | null;
}

const fields = [
  'firstName',
  'lastName',
  'jobTitle',
  'address.line1',
  'address.line2',
  'address.city',
  'address.county',
  'address.postcode',
  'phoneNumber',
  'mobileNumber',
] as const;

export default function UserDetailsPage() {
  const params = useParams<{ accountId?: string; userId?: string }>();
  const me = useSession((s) => s.userState?.userId);
  // One's own row of an account's users is one's own details (no user-management right needed).
  const own = !params.userId || params.userId === me;
  const accountUserPath =
    `/v1.0/operator-users/account/${encodeURIComponent(params.accountId ?? '')}/${encodeURIComponent(params.userId ?? '')}` as const;
  // One's own details are read from the profile and changed through the operator's own route.
  const path = own ? '/v1.0/operator-users/operator' : accountUserPath;
  const back = params.accountId ? `/accounts/${encodeURIComponent(params.accountId)}` : '/dashboard';
  const [user, setUser] = useState<UserDetails | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const pending = useAnyRequestPending();
  usePageTitle(own ? 'Your details' : 'User details');
  const form = useGovForm({ schema: operatorUserSchema, fieldOrder: fields });
  const { reset } = form;

  useEffect(() => {
    let live = true;
    apiGet(own ? '/v1.0/users' : accountUserPath)
      .then((u) => {
        if (!live) return;
        setUser(u);
        const a = u.address ?? {};
        reset({
          firstName: u.firstName ?? '',
          lastName: u.lastName ?? '',
          jobTitle: u.jobTitle ?? '',
          phoneNumber: u.phoneNumber ?? '',
          mobileNumber: u.mobileNumber ?? '',
          address: {
            line1: a.line1 ?? '',
            line2: a.line2 ?? '',
            city: a.city ?? '',
            county: a.county ?? '',
            postcode: a.postcode ?? '',
          },
        });
      })
      .catch(
        (err) =>
          live &&
          setFailed(
            err instanceof HttpError && err.status === 404
              ? 'This user is not one of the account’s users.'
              : 'The details could not be loaded. Try again later.',
          ),
      );
    return () => {
      live = false;
    };
  }, [own, accountUserPath, reset]);

  const save = async (dto: OperatorUserDto) => {
    try {
      await apiPatch(path, dto);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      form.setError((err.body?.field ?? 'firstName') as never, { message: err.message.replace(/^[\w.]+: /, '') });
      return;
    }
    navigate(back);
  };

  if (failed)
    return (
      <>
        <h1 className="govuk-heading-l">{own ? 'Your details' : 'User details'}</h1>
        <p className="govuk-body">{failed}</p>
      </>
    );
  if (!user)
    return (
      <p className="govuk-body" role="status">
        Loading…
      </p>
    );
  return (
    <>
      <FormErrorSummary form={form} />
      <h1 className="govuk-heading-l">{own ? 'Your details' : 'User details'}</h1>
      <SummaryList rows={[{ key: 'Email address', value: user.email }]} />
      <form noValidate onSubmit={form.handleSubmit(save)}>
        <Fieldset legend={own ? 'Your name' : 'Name'} legendClassName="govuk-fieldset__legend--m">
          <TextInput {...field(form, 'firstName')} label="First name" autoComplete={own ? 'given-name' : 'off'} />
          <TextInput {...field(form, 'lastName')} label="Last name" autoComplete={own ? 'family-name' : 'off'} />
          <TextInput
            {...field(form, 'jobTitle')}
            label="Job title (optional)"
            autoComplete={own ? 'organization-title' : 'off'}
          />
        </Fieldset>
        <Fieldset legend={own ? 'Your address' : 'Address'} legendClassName="govuk-fieldset__legend--m">
          <TextInput
            {...field(form, 'address.line1')}
            label="Address line 1"
            autoComplete={own ? 'address-line1' : 'off'}
          />
          <TextInput
            {...field(form, 'address.line2')}
            label="Address line 2 (optional)"
            autoComplete={own ? 'address-line2' : 'off'}
          />
          <TextInput
            {...field(form, 'address.city')}
            label="Town or city"
            autoComplete={own ? 'address-level2' : 'off'}
            className="govuk-!-width-two-thirds"
          />
          <TextInput
            {...field(form, 'address.county')}
            label="County (optional)"
            className="govuk-!-width-two-thirds"
          />
          <TextInput
            {...field(form, 'address.postcode')}
            label="Postcode"
            autoComplete={own ? 'postal-code' : 'off'}
            className="govuk-input--width-10"
          />
        </Fieldset>
        <Fieldset legend={own ? 'Your phone number' : 'Phone number'} legendClassName="govuk-fieldset__legend--m">
          <TextInput
            {...field(form, 'phoneNumber')}
            type="tel"
            label="Phone number 1"
            autoComplete={own ? 'tel' : 'off'}
            className="govuk-input--width-20"
          />
          <TextInput
            {...field(form, 'mobileNumber')}
            type="tel"
            label="Phone number 2 (optional)"
            autoComplete="off"
            className="govuk-input--width-20"
          />
        </Fieldset>
        <ButtonGroup>
          <Button pending={pending}>Save</Button>
          <Link className="govuk-link" href={back}>
            Cancel
          </Link>
        </ButtonGroup>
      </form>
    </>
  );
}
