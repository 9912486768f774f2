import { usePageTitle } from '../lib/page-title';

export default function TimedOutPage() {
  usePageTitle('Session Timeout');
  return (
    <>
      <h1 className="govuk-heading-l">Session Timeout</h1>
      <p className="govuk-body">Your session has timed out.</p>
    </>
  );
}
