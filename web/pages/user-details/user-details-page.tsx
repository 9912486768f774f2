// An operator's contact details (reference real-service-details §E "User details"): one's own at
// /user/details (PATCH /operator-users/operator), or, for an account's administrator (or a regulator
// who manages its users), one of its users' at /accounts/{accountId}/users/{userId}
// (PATCH /operator-users/account/{accountId}/{userId}). The e-mail address is the sign-in's and is
// shown, not changed. The notification's contact persons start from these details.
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Button, ButtonGroup } from '../../components';
import { FormErrorSummary, useGovForm } from '../../forms';
import { HttpError, apiGet, apiPatch } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { useSession } from '../../stores/session';
import { loadSignedInUser } from '../../app/startup';
import { operatorUserSchema, type OperatorUserDto } from '../../../domain/users';
import { contactDetailsFieldOrder, contactDetailsInput, ContactDetailsFields } from './contact-details-fields';

interface UserDetails {
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  /** The pair from the operator user calls; the stored text from /users. */
  phoneNumber: unknown;
  mobileNumber: unknown;
  address: Record<string, string | null> | null;
}

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
  const form = useGovForm({ schema: operatorUserSchema, fieldOrder: contactDetailsFieldOrder });
  const { reset } = form;

  useEffect(() => {
    let live = true;
    apiGet(own ? '/v1.0/users' : accountUserPath)
      .then((u) => {
        if (!live) return;
        setUser(u);
        reset(contactDetailsInput(u));
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
    // One's own name shows in the banner.
    if (own) await loadSignedInUser().catch(() => undefined);
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
      <form noValidate onSubmit={form.handleSubmit(save)}>
        <ContactDetailsFields form={form} email={user.email} own={own} />
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
