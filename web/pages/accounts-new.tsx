import { usePageTitle } from '../lib/page-title';

export default function AccountsNewPage() {
  usePageTitle('Apply for a new organisation account');
  return (
    <>
      <h1 className="govuk-heading-l">Apply for a new organisation account</h1>
      <p className="govuk-body">Applying for an organisation account is not available yet.</p>
    </>
  );
}
