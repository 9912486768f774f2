import { Link } from 'wouter';
import { usePageTitle } from '../../lib/page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <>
      <h1 className="govuk-heading-l">Page not found</h1>
      <p className="govuk-body">If you typed the web address, check it is correct.</p>
      <p className="govuk-body">If you pasted the web address, check you copied the entire address.</p>
      <p className="govuk-body">
        <Link className="govuk-link" href="/landing">
          Go to the start page
        </Link>
      </p>
    </>
  );
}
