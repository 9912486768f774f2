// The landing views for a signed-in user (spec section 4, "User status and landing view").
import { Link } from 'wouter';
import { getUiConfiguration } from '../../lib/ui-configuration';
import { useSession } from '../../stores/session';
import type { RoleType } from '../../../domain/authorities';
import { ACCOUNT_DISABLED } from '../../../domain/users';

function Welcome() {
  const { user, userState } = useSession();
  const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  const addInstallation = getUiConfiguration()?.features?.addInstallation ?? true;
  if (userState?.roleType !== 'OPERATOR') {
    return (
      <>
        <h1 className="govuk-heading-l">Welcome {name}</h1>
        <p className="govuk-body">You do not have any work in this service yet.</p>
        <p className="govuk-body">
          If you think you should,{' '}
          <Link className="govuk-link" href="/contact-us">
            contact us
          </Link>
          .
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="govuk-heading-l">Welcome {name}</h1>
      {!addInstallation && (
        <p className="govuk-body">To access the service you'll need to create a new organisation account</p>
      )}
      <p className="govuk-body">
        <Link className="govuk-link" href="/accounts/new">
          Apply for a new organisation account
        </Link>
      </p>
      <p className="govuk-body">
        If you need to be added to an existing organisation account, contact the organisation administrator (an Advanced
        User of the account) and ask them to add you.
      </p>
    </>
  );
}

function Disabled() {
  return (
    <>
      <h1 className="govuk-heading-l">You cannot use your user account</h1>
      <p className="govuk-body">{ACCOUNT_DISABLED}</p>
      <p className="govuk-body">
        <Link className="govuk-link" href="/contact-us">
          Contact us
        </Link>
      </p>
    </>
  );
}

/** Who activates an invited user, by the role they were invited to. */
const activatedBy: Record<RoleType, string> = {
  OPERATOR:
    'Another Advanced User of the organisation account you were invited to must activate it. If there is nobody who can, contact your regulator.',
  REGULATOR:
    'A regulator user of your organisation who manages its regulator users must activate it. If there is nobody who can, contact the service desk.',
  VERIFIER:
    'An administrator of the verification body you were invited to must activate it. If there is nobody who can, contact the service desk.',
};

function AwaitingActivation({ disabled }: { disabled?: boolean }) {
  const roleType = useSession((s) => s.userState?.roleType ?? 'OPERATOR');
  return (
    <>
      <h1 className="govuk-heading-l">
        {disabled ? 'Your user account is not available' : 'Your user account needs to be activated'}
      </h1>
      {disabled ? (
        <p className="govuk-body">{ACCOUNT_DISABLED}</p>
      ) : (
        <>
          <p className="govuk-body">{activatedBy[roleType]}</p>
          <p className="govuk-body">You will receive an email when your account has been activated.</p>
        </>
      )}
      <p className="govuk-body">
        <Link className="govuk-link" href="/contact-us">
          Contact us
        </Link>
      </p>
    </>
  );
}

export function SignedInLanding() {
  const userState = useSession((s) => s.userState);
  if (!userState) {
    return (
      <>
        <h1 className="govuk-heading-l">Sorry, there is a problem with the service</h1>
        <p className="govuk-body">We could not load your user account. Try again later.</p>
        <p className="govuk-body">
          <Link className="govuk-link" href="/start-login">
            Sign in again
          </Link>
        </p>
      </>
    );
  }
  switch (userState.status) {
    case 'DISABLED':
      return <Disabled />;
    case 'ACCEPTED':
      return <AwaitingActivation />;
    case 'TEMP_DISABLED':
      return <AwaitingActivation disabled />;
    default:
      return <Welcome />;
  }
}
