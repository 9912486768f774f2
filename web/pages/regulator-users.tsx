import { usePageTitle } from '../lib/page-title';

export default function RegulatorUsersPage() {
  usePageTitle('Regulator users');
  return (
    <>
      <h1 className="govuk-heading-l">Regulator users</h1>
      <p className="govuk-body">Regulator users will be listed here.</p>
    </>
  );
}
