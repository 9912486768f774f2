import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { acceptAllCookies, cookiesEnabled, startAnalyticsIfConsented, useCookieConsent } from '../lib/cookies';
import { SERVICE_NAME } from '../lib/page-title';

/**
 * GOV.UK cookie banner: shown while no choice is stored. 'Accept all cookies' stores consent and
 * shows the confirmation until 'Hide'. Both buttons are disabled when the browser refuses cookies.
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  const [confirming, setConfirming] = useState(false);
  const [hidden, setHidden] = useState(false);
  const confirmation = useRef<HTMLDivElement | null>(null);
  const enabled = cookiesEnabled();
  const [location] = useLocation();

  useEffect(() => {
    void startAnalyticsIfConsented();
  }, []);

  useEffect(() => {
    if (confirming) confirmation.current?.focus();
  }, [confirming]);

  // The cookies page has its own form for the same choice.
  if (hidden || (consent.preferencesSet && !confirming) || location === '/cookies') return null;

  return (
    <div className="govuk-cookie-banner" data-nosnippet="" role="region" aria-label={`Cookies on ${SERVICE_NAME}`}>
      {confirming ? (
        <div
          className="govuk-cookie-banner__message govuk-width-container"
          role="alert"
          tabIndex={-1}
          ref={confirmation}
        >
          <div className="govuk-grid-row">
            <div className="govuk-grid-column-two-thirds">
              <div className="govuk-cookie-banner__content">
                <p className="govuk-body">
                  You’ve accepted additional cookies. You can{' '}
                  <Link className="govuk-link" href="/cookies">
                    change your cookie settings
                  </Link>{' '}
                  at any time.
                </p>
              </div>
            </div>
          </div>
          <div className="govuk-button-group">
            <button
              type="button"
              className="govuk-button"
              data-module="govuk-button"
              disabled={!enabled}
              onClick={() => setHidden(true)}
            >
              Hide<span className="govuk-visually-hidden"> cookie message</span>
            </button>
          </div>
        </div>
      ) : (
        <div className="govuk-cookie-banner__message govuk-width-container">
          <div className="govuk-grid-row">
            <div className="govuk-grid-column-two-thirds">
              <h2 className="govuk-cookie-banner__heading govuk-heading-m">Cookies on {SERVICE_NAME}</h2>
              <div className="govuk-cookie-banner__content">
                <p className="govuk-body">We use some essential cookies to make this service work.</p>
                <p className="govuk-body">
                  We’d also like to use analytics cookies so we can understand how you use the service and make
                  improvements.
                </p>
                {enabled ? null : (
                  <p className="govuk-body">Your browser does not accept cookies, so your choice cannot be saved.</p>
                )}
              </div>
            </div>
          </div>
          <div className="govuk-button-group">
            <button
              type="button"
              className="govuk-button"
              data-module="govuk-button"
              disabled={!enabled}
              onClick={() => {
                setConfirming(true);
                acceptAllCookies();
              }}
            >
              Accept all cookies
            </button>
            <Link className="govuk-link" href="/cookies">
              View cookies
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
