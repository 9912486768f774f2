import { usePageTitle } from '../lib/page-title';

export default function MiReportsPage() {
  usePageTitle('MI Reports');
  return (
    <>
      <h1 className="govuk-heading-l">MI Reports</h1>
      <p className="govuk-body">Management information reports will be listed here.</p>
    </>
  );
}
