import { usePageTitle } from '../lib/page-title';

export default function AccessibilityPage() {
  usePageTitle('Accessibility statement');
  return (
    <>
      <h1 className="govuk-heading-l">Accessibility statement</h1>
      <p className="govuk-body">This service is partially compliant with the Web Content Accessibility Guidelines version 2.2 AA standard.</p>
    </>
  );
}
