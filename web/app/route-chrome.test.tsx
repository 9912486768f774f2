import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Router } from 'wouter';
import { useGuardedLocation } from '../lib/navigation-guard';
import { parentCrumbs, RouteChrome } from './route-chrome';
import type { AppRoute } from './routes';

const page = lazy(async () => ({ default: () => null }));
const routes: AppRoute[] = [
  { path: '/accounts', page, title: 'Accounts' },
  { path: '/accounts/:id', page, title: 'Account' },
  { path: '/accounts/:id/notes', page, title: 'Notes', backLink: { href: '/accounts', text: 'Back to accounts' } },
  { path: '/accounts/new', page, title: 'New account', breadcrumbs: false, backLink: '/accounts' },
];

describe('breadcrumbs and back link from route data', () => {
  it('derives parents from titled routes whose paths are prefixes, unless switched off', () => {
    expect(parentCrumbs(routes[2], routes)).toEqual([{ text: 'Accounts', href: '/accounts' }]);
    expect(parentCrumbs(routes[3], routes)).toEqual([]);
  });

  it('renders the back link of a route, with its text or "Back"', () => {
    const { rerender } = render(
      <Router hook={useGuardedLocation}>
        <RouteChrome route={routes[3]} routes={routes} />
      </Router>,
    );
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/accounts');
    rerender(
      <Router hook={useGuardedLocation}>
        <RouteChrome route={routes[2]} routes={routes} />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Back to accounts' })).toHaveClass('govuk-back-link');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('AccountsNotes');
  });
});
