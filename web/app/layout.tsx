import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { PhaseBanner } from '../components/phase-banner';
import { useSession } from '../stores/session';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';
import { Header } from './header';
import { RouteChrome, useCurrentRoute } from './route-chrome';
import { routes } from './routes';

// Only signed-in users need the dialog: keep it (and the modal) out of the first load.
const SessionTimeout = lazy(() => import('./session-timeout').then((m) => ({ default: m.SessionTimeout })));

export { SERVICE_NAME } from '../lib/page-title';

/** The frame of every page: cookie banner, skip link, header, phase banner, breadcrumbs, main, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const signedIn = useSession((s) => s.signedIn === true);
  const user = useSession((s) => s.user);
  const route = useCurrentRoute(routes);
  return (
    <>
      <CookieBanner />
      <a href="#main-content" className="govuk-skip-link" data-module="govuk-skip-link">
        Skip to main content
      </a>
      <Header />
      <PhaseBanner tag="Beta">
        This is a new service. Help us improve it and{' '}
        <Link href="/feedback" className="govuk-link">
          give your feedback
        </Link>
        .
        {signedIn && user ? (
          <>
            {' '}
            You are logged in as: {user.firstName} {user.lastName}
          </>
        ) : null}
      </PhaseBanner>
      <div className="govuk-width-container">
        <RouteChrome route={route} routes={routes} />
        <main className="govuk-main-wrapper app-main-wrapper" id="main-content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Footer />
      {signedIn ? (
        <Suspense fallback={null}>
          <SessionTimeout />
        </Suspense>
      ) : null}
    </>
  );
}
