import { usePageTitle } from '../lib/page-title';

export default function StartLoginPage() {
  usePageTitle('Sign in');
  return (
    <>
      <h1 className="govuk-heading-l">Sign in</h1>
      <p className="govuk-body">Signing in to this service is not available yet.</p>
    </>
  );
}
