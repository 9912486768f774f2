import { Component, Suspense, lazy, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { Layout } from './layout';
import { RouteTitle } from './route-chrome';
import { routes, type AppRoute } from './routes';
import { useSession } from '../stores/session';
import { HttpError } from '../lib/api';
import { clearErrorPage, showErrorPage, useErrorPage, type ErrorPageStatus } from '../lib/error-page';
import { useGuardedLocation } from '../lib/navigation-guard';
import { Guard, termsGuard, useStartup } from './guards';

const NotFoundPage = lazy(() => import('../pages/errors/error-404'));
const ServerErrorPage = lazy(() => import('../pages/errors/error-500'));

/** Spec section 8: an HTTP 404 shows the 404 page, anything else the 500 page. */
export function errorPageFor(error: unknown): ErrorPageStatus {
  return error instanceof HttpError && error.status === 404 ? 404 : 500;
}

function reportUnhandled(error: unknown): void {
  console.error(error);
  showErrorPage(errorPageFor(error));
}

/** Render errors of a page: logged, then the page is replaced by the matching error page. */
export class PageErrorBoundary extends Component<{ children: ReactNode; location: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportUnhandled(error);
  }

  componentDidUpdate(previous: { location: string }): void {
    if (this.state.failed && previous.location !== this.props.location) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Guarded({ route }: { route: AppRoute }) {
  const signedIn = useSession((s) => s.signedIn);
  // Wait for the silent sign-in check before deciding, so a deep link survives a fresh load.
  const ready = useStartup();
  if (route.signedIn && !ready)
    return (
      <p className="govuk-body" role="status">
        Loading…
      </p>
    );
  if (route.signedIn && !signedIn) return <Redirect to="/landing" replace />;
  const Page = route.page;
  const content = (
    <>
      <RouteTitle title={route.title} />
      <Page />
    </>
  );
  // Every page for signed-in users leads to the terms until the latest version is accepted.
  const guards = route.signedIn ? [termsGuard, ...(route.guards ?? [])] : route.guards;
  return guards ? <Guard guards={guards}>{content}</Guard> : content;
}

function Pages() {
  const [location] = useLocation();
  const errorPage = useErrorPage(location);

  // Errors outside rendering (event handlers, promises) are unhandled too.
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      // Cross-origin scripts (analytics) report no error object: not ours to handle.
      if (event.error instanceof Error) reportUnhandled(event.error);
    };
    const onRejection = (event: PromiseRejectionEvent) => reportUnhandled(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  // An error page shown in place belongs to the address it replaced; leaving that address ends it.
  useEffect(() => {
    return () => clearErrorPage();
  }, [location]);

  if (errorPage) return errorPage === 404 ? <NotFoundPage /> : <ServerErrorPage />;
  return (
    <PageErrorBoundary location={location}>
      <Switch>
        <Route path="/">
          <Redirect to="/landing" replace />
        </Route>
        {routes.map((route) => (
          <Route key={route.path} path={route.path}>
            <Guarded route={route} />
          </Route>
        ))}
        <Route>
          <Redirect to="/error/404" replace />
        </Route>
      </Switch>
    </PageErrorBoundary>
  );
}

export function App() {
  return (
    <Router hook={useGuardedLocation}>
      <Layout>
        <Suspense
          fallback={
            <p className="govuk-body" role="status">
              Loading…
            </p>
          }
        >
          <Pages />
        </Suspense>
      </Layout>
    </Router>
  );
}
