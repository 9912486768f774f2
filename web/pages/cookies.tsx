import { usePageTitle } from '../lib/page-title';

export default function CookiesPage() {
  usePageTitle('Cookies');
  return (
    <>
      <h1 className="govuk-heading-l">Cookies</h1>
      <p className="govuk-body">Cookies are small files saved on your phone, tablet or computer when you visit a website.</p>
    </>
  );
}
