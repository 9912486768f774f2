// Breadcrumbs and back link above the page, from the current route's data (routes.tsx).
import { useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { BackLink } from '../components/back-link';
import { Breadcrumbs, type BreadcrumbItem } from '../components/breadcrumbs';
import { guardedNavigate } from '../lib/navigation-guard';
import { pageTitleStore } from '../lib/page-title';
import type { AppRoute, RouteCrumb } from './routes';

/** The route that renders `location`, if any. */
export function useCurrentRoute(routes: readonly AppRoute[]): AppRoute | undefined {
  const [location] = useLocation();
  const { parser } = useRouter();
  return routes.find((route) => matchRoute(parser, route.path, location)[0]);
}

/** The crumbs above a route: its own data, or the titled routes whose paths are prefixes of it. */
export function parentCrumbs(route: AppRoute, routes: readonly AppRoute[]): readonly RouteCrumb[] {
  if (route.breadcrumbs === false) return [];
  if (route.breadcrumbs) return route.breadcrumbs;
  return routes
    .filter(
      (other) => other !== route && other.title && !other.path.includes(':') && route.path.startsWith(`${other.path}/`),
    )
    .sort((a, b) => a.path.length - b.path.length)
    .map((other) => ({ text: other.title!, href: other.path }));
}

function inApp(href: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    guardedNavigate(href);
  };
}

/** The title the page has set (undefined before it does). */
function usePageTitleText(): string | undefined {
  return useSyncExternalStore(pageTitleStore.subscribe, () => pageTitleStore.getState().title);
}

export function RouteChrome({ route, routes }: { route: AppRoute | undefined; routes: readonly AppRoute[] }) {
  const pageTitle = usePageTitleText();
  if (!route) return null;
  const parents = parentCrumbs(route, routes);
  const current = (route.crumbFromPage && pageTitle) || route.title;
  const back = typeof route.backLink === 'string' ? { href: route.backLink, text: undefined } : route.backLink;
  const items: BreadcrumbItem[] =
    parents.length > 0 && current
      ? [...parents.map((c) => ({ text: c.text, href: c.href, onClick: inApp(c.href) })), { text: current }]
      : [];
  return (
    <>
      {items.length > 0 ? <Breadcrumbs items={items} collapseOnMobile /> : null}
      {back ? (
        <BackLink href={back.href} onClick={inApp(back.href)}>
          {back.text}
        </BackLink>
      ) : null}
    </>
  );
}

/** Gives a route's title to the page until the page sets its own (rendered before the page, so its effect runs first). */
export function RouteTitle({ title }: { title: string | undefined }) {
  useEffect(() => {
    if (!title) return;
    pageTitleStore.setState({ title });
    return () => {
      if (pageTitleStore.getState().title === title) pageTitleStore.setState({ title: undefined });
    };
  }, [title]);
  return null;
}
