import { usePageTitle } from '../lib/page-title';

export default function ContactUsPage() {
  usePageTitle('Contact us');
  return (
    <>
      <h1 className="govuk-heading-l">Contact us</h1>
      <p className="govuk-body">If you need help with ESOS reporting, e-mail your regulator.</p>
    </>
  );
}
