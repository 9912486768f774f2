import { usePageTitle } from '../lib/page-title';

export default function PrivacyNoticePage() {
  usePageTitle('Privacy notice');
  return (
    <>
      <h1 className="govuk-heading-l">Privacy notice</h1>
      <p className="govuk-body">How we use your personal data.</p>
    </>
  );
}
