import { Button, NotificationBanner } from '../../components/index';
import { usePageTitle } from '../../lib/page-title';
import { startSignIn } from '../../lib/auth/tokens';

export default function StartLoginPage() {
  usePageTitle('Sign in');
  const query = new URLSearchParams(location.search);
  const redirectUrl = query.get('redirectUrl') ?? undefined;
  const email = query.get('email') ?? undefined;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <NotificationBanner title="Important" heading="How your sign in has changed">
          <p className="govuk-body">You now sign in to this service with a GOV.UK One Login account.</p>
          <p className="govuk-body">
            Use the same email address as you used to sign in before, so that you keep access to your organisation
            accounts.
          </p>
        </NotificationBanner>
        <h1 className="govuk-heading-l">Sign in to Manage your ESOS reporting</h1>
        <Button type="button" onClick={() => startSignIn({ redirectUrl, email })}>
          Continue
        </Button>
      </div>
    </div>
  );
}
