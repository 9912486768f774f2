import { usePageTitle } from '../lib/page-title';

export default function TasksPage() {
  usePageTitle('Tasks');
  return (
    <>
      <h1 className="govuk-heading-l">Tasks</h1>
      <p className="govuk-body">Task pages are not available yet.</p>
    </>
  );
}
