import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Layout } from './layout';
import { routes } from './routes';
import { useSession } from '../stores/session';

function Guarded({ route }: { route: (typeof routes)[number] }) {
  const signedIn = useSession((s) => s.signedIn);
  if (route.signedIn && !signedIn) return <Redirect to="/landing" replace />;
  const Page = route.page;
  return <Page />;
}

export function App() {
  return (
    <Layout>
      <Suspense fallback={<p className="govuk-body" role="status">Loading…</p>}>
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
      </Suspense>
    </Layout>
  );
}
