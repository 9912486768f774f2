import { usePageTitle } from '../lib/page-title';

export default function AccountsPage() {
  usePageTitle('Accounts');
  return (
    <>
      <h1 className="govuk-heading-l">Accounts</h1>
      <p className="govuk-body">Organisation accounts will be listed here.</p>
    </>
  );
}
