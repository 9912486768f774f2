import { Button, NotificationBanner } from '../../components/index';
import { usePageTitle } from '../../lib/page-title';
import { startSignIn } from '../../lib/auth/tokens';
import { getUiConfiguration } from '../../lib/ui-configuration';
import { signInProvider } from '../../../domain/sign-in-provider';

/** What the page says about how people sign in: the provider actually configured (OIDC_ISSUER). */
function HowYouSignIn({ banner }: { banner: boolean }) {
  const provider = signInProvider(getUiConfiguration()?.oidc?.issuer, location.origin);
  // One Login's notice is a banner above the heading; the others are a line below it.
  if ((provider.kind === 'ONE_LOGIN') !== banner) return null;
  if (provider.kind === 'ONE_LOGIN')
    return (
      <NotificationBanner title="Important" heading="How your sign in has changed">
        <p className="govuk-body">You now sign in to this service with a GOV.UK One Login account.</p>
        <p className="govuk-body">
          Use the same email address as you used to sign in before, so that you keep access to your organisation
          accounts.
        </p>
      </NotificationBanner>
    );
  if (provider.kind === 'EXTERNAL')
    return (
      <p className="govuk-body" data-sign-in-provider="external">
        You sign in to this service with your account at {provider.host}. Use the email address your organisation
        accounts know you by.
      </p>
    );
  return (
    <p className="govuk-body" data-sign-in-provider="embedded">
      Sign in with your email address and password. Regulators also enter a code from their authenticator app.
    </p>
  );
}

export default function StartLoginPage() {
  usePageTitle('Sign in');
  const query = new URLSearchParams(location.search);
  const redirectUrl = query.get('redirectUrl') ?? undefined;
  const email = query.get('email') ?? undefined;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <HowYouSignIn banner />
        <h1 className="govuk-heading-l">Sign in to Manage your ESOS reporting</h1>
        <HowYouSignIn banner={false} />
        <Button type="button" onClick={() => startSignIn({ redirectUrl, email })}>
          Continue
        </Button>
      </div>
    </div>
  );
}
