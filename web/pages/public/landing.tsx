import { useState } from 'react';
import { Link } from 'wouter';
import { NotificationBanner } from '../../components/notification-banner';
import { takeSignInEndedReason } from '../../lib/auth/tokens';
import { usePageTitle } from '../../lib/page-title';
import { ESOS_GUIDANCE_URL } from '../../app/footer';
import { Guard, landingGuard, termsGuard } from '../../app/guards';
import { useSession } from '../../stores/session';
import { SignedInLanding } from './landing-signed-in';
import { longDate, SCHEME_DATES } from '../../../domain/scheme-dates';

export default function LandingPage() {
  usePageTitle('Home');
  return (
    <Guard guards={[termsGuard, landingGuard]}>
      <Landing />
    </Guard>
  );
}

function Landing() {
  const signedIn = useSession((s) => s.signedIn);
  if (signedIn) return <SignedInLanding />;
  return <VisitorLanding />;
}

function VisitorLanding() {
  // Read once: shown on this visit to the page only.
  const [ended] = useState(takeSignInEndedReason);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {ended ? (
          <NotificationBanner heading="You have been signed out">
            <p className="govuk-body">{ended}</p>
          </NotificationBanner>
        ) : null}
        <h1 className="govuk-heading-xl">Manage your ESOS reporting</h1>
        <p className="govuk-body">
          Use this service to report under the Energy Savings Opportunity Scheme (ESOS) for the third compliance period.
        </p>
        <p className="govuk-body">ESOS applies to large undertakings. An undertaking is large if it has either:</p>
        <ul className="govuk-list govuk-list--bullet">
          <li>250 or more employees</li>
          <li>an annual turnover above £44 million and a balance sheet total above £38 million</li>
        </ul>
        <p className="govuk-body">The qualification date for the third compliance period was 31 December 2022.</p>
        <p className="govuk-body">You can use this service to:</p>
        <ul className="govuk-list govuk-list--bullet">
          <li>apply for an organisation account</li>
          <li>notify the regulator of your compliance</li>
          <li>submit your action plan and progress updates</li>
        </ul>
        <div className="govuk-warning-text">
          <span className="govuk-warning-text__icon" aria-hidden="true">
            !
          </span>
          <strong className="govuk-warning-text__text">
            <span className="govuk-visually-hidden">Warning</span>
            The deadlines for notifications of compliance and action plans have passed. Action plans were due by{' '}
            {longDate(SCHEME_DATES.actionPlanDue)} and the regulators accepted them until{' '}
            {longDate(SCHEME_DATES.actionPlanAcceptedUntil)}. You can still submit late: the regulator reviews late
            submissions and may take enforcement action.
          </strong>
        </div>
        <p className="govuk-body">
          A compliance period lasts 4 years. We delete your data once 2 further compliance periods have passed.
        </p>
        <Link
          href="/start-login"
          role="button"
          draggable="false"
          className="govuk-button govuk-button--start"
          data-module="govuk-button"
        >
          Start now
          <svg
            className="govuk-button__start-icon"
            xmlns="http://www.w3.org/2000/svg"
            width="17.5"
            height="19"
            viewBox="0 0 33 40"
            aria-hidden="true"
            focusable="false"
          >
            <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
          </svg>
        </Link>
      </div>
      <div className="govuk-grid-column-one-third">
        <aside className="app-related-items">
          <h2 className="govuk-heading-m" id="related-content">
            Related content
          </h2>
          <nav aria-labelledby="related-content">
            <ul className="govuk-list govuk-!-font-size-16">
              <li>
                <a className="govuk-link" href={ESOS_GUIDANCE_URL} target="_blank" rel="noreferrer noopener">
                  Energy Savings Opportunity Scheme (ESOS) guidance (opens in new tab)
                </a>
              </li>
            </ul>
          </nav>
        </aside>
      </div>
    </div>
  );
}
