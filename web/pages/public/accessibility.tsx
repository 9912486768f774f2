import { Link } from 'wouter';
import { SERVICE_NAME, usePageTitle } from '../../lib/page-title';

export default function AccessibilityPage() {
  usePageTitle('Accessibility statement');
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">Accessibility statement for {SERVICE_NAME}</h1>
        <p className="govuk-body">
          This statement covers the {SERVICE_NAME} service, which organisations use to report under the Energy Savings
          Opportunity Scheme (ESOS) and regulators use to review those reports.
        </p>
        <p className="govuk-body">
          We want as many people as possible to be able to use this service. For example, you should be able to:
        </p>
        <ul className="govuk-list govuk-list--bullet">
          <li>change colours, contrast levels and fonts using your browser or device settings</li>
          <li>zoom in up to 400% without the text spilling off the screen</li>
          <li>get around the service using just a keyboard</li>
          <li>use the service with a screen reader and with speech recognition software</li>
        </ul>
        <p className="govuk-body">
          <a className="govuk-link" href="https://mcmw.abilitynet.org.uk/" target="_blank" rel="noreferrer noopener">
            AbilityNet (opens in new tab)
          </a>{' '}
          has advice on making your device easier to use if you have a disability.
        </p>

        <h2 className="govuk-heading-m">Compliance status</h2>
        <p className="govuk-body">
          This service is partially compliant with the{' '}
          <a className="govuk-link" href="https://www.w3.org/TR/WCAG22/" target="_blank" rel="noreferrer noopener">
            Web Content Accessibility Guidelines version 2.2 (opens in new tab)
          </a>{' '}
          AA standard, because of the issues listed below.
        </p>

        <h2 className="govuk-heading-m">Content that is not accessible</h2>
        <p className="govuk-body">Some parts of the service are not fully accessible:</p>
        <ul className="govuk-list govuk-list--bullet">
          <li>some documents you can download, such as earlier reports, may not work well with screen readers</li>
          <li>some error messages do not yet move focus to the field they describe</li>
          <li>some tables of tasks and accounts are hard to read when zoomed in on small screens</li>
        </ul>
        <p className="govuk-body">
          We planned to fix these issues by 1 June 2024. Where any remain, we are working to fix them.
        </p>

        <h2 className="govuk-heading-m">Reporting accessibility problems with this service</h2>
        <p className="govuk-body">
          If you find a problem that is not listed here, or you need information in a different format, such as large
          print or an audio recording, please{' '}
          <Link className="govuk-link" href="/contact-us">
            contact your regulator
          </Link>
          . Tell them the page and what went wrong, so we can fix it.
        </p>

        <h2 className="govuk-heading-m">Enforcement procedure</h2>
        <p className="govuk-body">
          The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies
          (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018 (the ‘accessibility regulations’).
          If you are not happy with how we respond to your complaint, contact the{' '}
          <a
            className="govuk-link"
            href="https://www.equalityadvisoryservice.com/"
            target="_blank"
            rel="noreferrer noopener"
          >
            Equality Advisory and Support Service (EASS) (opens in new tab)
          </a>
          .
        </p>
        <p className="govuk-body">
          In Northern Ireland, the Equality Commission for Northern Ireland is responsible for enforcing the
          accessibility regulations.
        </p>

        <h2 className="govuk-heading-m">How we tested this service</h2>
        <p className="govuk-body">
          We test every page with automated accessibility checks against WCAG 2.2 AA, at desktop and mobile widths, and
          check that forms can be completed with a keyboard alone.
        </p>
      </div>
    </div>
  );
}
