import { usePageTitle } from '../lib/page-title';

export default function DashboardPage() {
  usePageTitle('Tasks');
  return (
    <>
      <h1 className="govuk-heading-l">Tasks</h1>
      <p className="govuk-body">Your tasks will be listed here.</p>
    </>
  );
}
