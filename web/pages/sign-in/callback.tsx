// Where the identity provider sends the browser back after sign-in: trade the code, load the user,
// then the terms screen when newer terms wait, else the page sign-in started from.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { finishSignIn, hasTokens } from '../../lib/auth/tokens';
import { loadSignedInUser, needsTermsAcceptance, startApp } from '../../app/startup';
import { useSession } from '../../stores/session';

export default function CallbackPage() {
  usePageTitle('Signing in');
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      await startApp();
      const returnTo = await finishSignIn(location.href);
      if (hasTokens()) await loadSignedInUser();
      else useSession.setState({ signedIn: false });
      if (cancelled) return;
      navigate(needsTermsAcceptance(useSession.getState()) ? '/terms' : returnTo, { replace: true });
    })().catch((err) => {
      console.error('Sign-in failed', err);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  if (!failed) {
    return (
      <p className="govuk-body" role="status">
        Signing you in…
      </p>
    );
  }
  return (
    <>
      <h1 className="govuk-heading-l">Sorry, we could not sign you in</h1>
      <p className="govuk-body">
        <Link className="govuk-link" href="/start-login">
          Try signing in again
        </Link>
      </p>
    </>
  );
}
