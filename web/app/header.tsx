import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { GovukLogo } from './govuk-logo';
import { navigationItems } from './navigation';
import { TABLET_AND_UP, useMediaQuery } from './use-media-query';
import { useSession } from '../stores/session';
import { signOut } from '../lib/auth/tokens';
import { SERVICE_NAME } from '../lib/page-title';

function isCurrent(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}

/** GOV.UK header and service navigation: service name to the root, links by role, Sign out, menu toggle below tablet width. */
export function Header() {
  const signedIn = useSession((s) => s.signedIn === true);
  const userState = useSession((s) => s.userState);
  const [location] = useLocation();
  const wide = useMediaQuery(TABLET_AND_UP);
  const [open, setOpen] = useState(false);
  const items = signedIn ? navigationItems(userState) : [];

  // A followed link closes the mobile menu.
  useEffect(() => setOpen(false), [location]);

  const onSignOut = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    signOut();
  };

  return (
    <header className="govuk-template__header">
      <div className="govuk-header" data-module="govuk-header">
        <div className="govuk-header__container govuk-width-container">
          <div className="govuk-header__logo">
            <a href="https://www.gov.uk" className="govuk-header__homepage-link">
              <GovukLogo />
            </a>
          </div>
        </div>
      </div>
      <section
        aria-label="Service information"
        className="govuk-service-navigation"
        data-module="govuk-service-navigation"
      >
        <div className="govuk-width-container">
          <div className="govuk-service-navigation__container">
            <span className="govuk-service-navigation__service-name">
              <Link href="/" className="govuk-service-navigation__link">
                {SERVICE_NAME}
              </Link>
            </span>
            {signedIn ? (
              <nav aria-label="Menu" className="govuk-service-navigation__wrapper">
                {wide ? null : (
                  <button
                    type="button"
                    className="govuk-service-navigation__toggle govuk-js-service-navigation-toggle"
                    aria-controls="navigation"
                    aria-expanded={open}
                    onClick={() => setOpen((was) => !was)}
                  >
                    Menu
                  </button>
                )}
                <ul className="govuk-service-navigation__list" id="navigation" hidden={!wide && !open}>
                  {items.map((item) => {
                    const current = isCurrent(location, item.href);
                    return (
                      <li
                        key={item.href}
                        className={`govuk-service-navigation__item${current ? ' govuk-service-navigation__item--active' : ''}`}
                      >
                        <Link
                          className="govuk-service-navigation__link"
                          href={item.href}
                          aria-current={current ? 'page' : undefined}
                        >
                          {current ? (
                            <strong className="govuk-service-navigation__active-fallback">{item.text}</strong>
                          ) : (
                            item.text
                          )}
                        </Link>
                      </li>
                    );
                  })}
                  <li className="govuk-service-navigation__item">
                    <a className="govuk-service-navigation__link" href="/" onClick={onSignOut}>
                      Sign out
                    </a>
                  </li>
                </ul>
              </nav>
            ) : null}
          </div>
        </div>
      </section>
    </header>
  );
}
