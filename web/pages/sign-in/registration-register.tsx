// Target of the landing guard for an operator whose sign-in profile is not registered yet: with the
// embedded provider that means the e-mail address is not confirmed.
import { usePageTitle } from '../../lib/page-title';
import { Guard, loggedInGuard } from '../../app/guards';

export default function RegistrationRegisterPage() {
  usePageTitle('Complete your registration');
  return (
    <Guard guards={[loggedInGuard]}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <h1 className="govuk-heading-l">Complete your registration</h1>
          <p className="govuk-body">
            Before you can use the service, confirm your email address with the link we sent you.
          </p>
          <p className="govuk-body">
            If you cannot find the email,{' '}
            <a className="govuk-link" href="/auth/register">
              create your sign-in again
            </a>{' '}
            and we will send a new link.
          </p>
        </div>
      </div>
    </Guard>
  );
}
