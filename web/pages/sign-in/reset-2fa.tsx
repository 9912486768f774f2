// The e-mailed link of a one-time-code reset: removes the authenticator app from the sign-in
// (PATCH /users/security-setup/2fa/delete, no sign-in needed); a new one is set up at next sign-in.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Panel } from '../../components/index';
import { usePageTitle } from '../../lib/page-title';

type State = 'working' | 'done' | 'invalid';

export default function Reset2faPage() {
  usePageTitle('Reset your one-time code');
  const [state, setState] = useState<State>('working');
  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    fetch('/api/v1.0/users/security-setup/2fa/delete', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    })
      .then((res) => setState(res.ok ? 'done' : 'invalid'))
      .catch(() => setState('invalid'));
  }, []);
  if (state === 'working') {
    return (
      <p className="govuk-body" role="status">
        Resetting your one-time code…
      </p>
    );
  }
  if (state === 'invalid') {
    return (
      <>
        <h1 className="govuk-heading-l">This link is not valid</h1>
        <p className="govuk-body">The link has expired or has already been used.</p>
      </>
    );
  }
  return (
    <>
      <Panel title="Your one-time code has been reset" />
      <p className="govuk-body">You will set up your authenticator app again when you next sign in.</p>
      <p className="govuk-body">
        <Link className="govuk-link" href="/start-login">
          Sign in
        </Link>
      </p>
    </>
  );
}
