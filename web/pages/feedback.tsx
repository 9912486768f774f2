import { usePageTitle } from '../lib/page-title';

export default function FeedbackPage() {
  usePageTitle('Help us improve the ESOS Reporting service');
  return (
    <>
      <h1 className="govuk-heading-l">Help us improve the ESOS Reporting service</h1>
      <p className="govuk-body">The feedback form is not available yet.</p>
    </>
  );
}
