import { Link } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { useErrorPageReference } from '../../lib/error-page';

export default function ServerErrorPage() {
  usePageTitle('Sorry, there is a problem with the service');
  const reference = useErrorPageReference();
  return (
    <>
      <h1 className="govuk-heading-l">Sorry, there is a problem with the service</h1>
      <p className="govuk-body">Try again later.</p>
      <p className="govuk-body">We saved your answers up to the last time you saved or continued.</p>
      <p className="govuk-body">
        <Link className="govuk-link" href="/contact-us">
          Contact us
        </Link>{' '}
        if you need help.
      </p>
      {reference && (
        <p className="govuk-body">
          Quote this reference: <strong className="app-wrap">{reference}</strong>
        </p>
      )}
    </>
  );
}
