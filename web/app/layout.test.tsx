import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import type { LoginStatus, RoleType } from '../../domain/authorities';
import { signOut } from '../lib/auth/tokens';
import { useGuardedLocation } from '../lib/navigation-guard';
import { useSession } from '../stores/session';
import { Layout } from './layout';
import { navigationItems } from './navigation';

jest.mock('../lib/auth/tokens', () => ({ getAccessToken: jest.fn(), startSignIn: jest.fn(), signOut: jest.fn() }));

function signIn(roleType: RoleType, status: LoginStatus) {
  act(() => {
    useSession.setState({
      signedIn: true,
      user: { firstName: 'Ada', lastName: 'Lovelace' },
      userState: { userId: 'u1', roleType, status },
    });
  });
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <Router hook={useGuardedLocation}>
      <Layout>
        <p>page</p>
      </Layout>
    </Router>,
  );
}

function setWidth(wide: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  useSession.setState({ signedIn: false, user: null, userState: null });
  setWidth(true);
});

describe('header navigation by role and status', () => {
  it.each<[RoleType, LoginStatus, string[]]>([
    ['REGULATOR', 'ENABLED', ['Tasks', 'Accounts', 'Regulator users', 'MI Reports', 'Compliance']],
    ['REGULATOR', 'NO_AUTHORITY', ['Tasks', 'Accounts', 'Regulator users', 'MI Reports', 'Compliance']],
    ['OPERATOR', 'ENABLED', ['Tasks', 'Accounts']],
    ['OPERATOR', 'ACCEPTED', ['Tasks', 'Accounts']],
    ['OPERATOR', 'NO_AUTHORITY', []],
    ['VERIFIER', 'ENABLED', []],
    ['REGULATOR', 'DISABLED', []],
    ['OPERATOR', 'TEMP_DISABLED', []],
  ])('%s %s sees %j', (roleType, status, texts) => {
    expect(navigationItems({ userId: 'u', roleType, status }).map((i) => i.text)).toEqual(texts);
  });

  it('shows a regulator the links, the current one marked, with Sign out', async () => {
    renderAt('/user/regulators');
    signIn('REGULATOR', 'ENABLED');
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Tasks', '/dashboard'],
      ['Accounts', '/accounts'],
      ['Regulator users', '/user/regulators'],
      ['MI Reports', '/mi-reports'],
      ['Compliance', '/compliance'],
      ['Sign out', '/'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Regulator users' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });

  it('shows no navigation to a visitor, and the service name links to the root', () => {
    renderAt('/landing');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your ESOS reporting' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/You are logged in as/)).not.toBeInTheDocument();
  });

  it('toggles the menu below tablet width', async () => {
    setWidth(false);
    renderAt('/dashboard');
    signIn('OPERATOR', 'ENABLED');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'navigation');
    expect(document.getElementById('navigation')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('navigation')).toBeVisible();
    await userEvent.click(toggle);
    expect(document.getElementById('navigation')).not.toBeVisible();
  });

  it('has no toggle at tablet width and above', () => {
    renderAt('/dashboard');
    signIn('OPERATOR', 'ENABLED');
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(document.getElementById('navigation')).toBeVisible();
  });
});

describe('the rest of the frame', () => {
  it('has the skip link, the Beta banner with the feedback link and the signed-in name', () => {
    renderAt('/landing');
    signIn('OPERATOR', 'ENABLED');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).toHaveTextContent('page');
    expect(screen.getByText('Beta')).toHaveClass('govuk-tag');
    expect(screen.getByRole('link', { name: 'give your feedback' })).toHaveAttribute('href', '/feedback');
    expect(screen.getByText(/You are logged in as: Ada Lovelace/)).toBeInTheDocument();
  });

  it('has the footer links, ESOS Guidance opening in a new tab', () => {
    renderAt('/landing');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute('href', '/privacy-notice');
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(within(footer).getByRole('link', { name: 'Accessibility Statement' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    expect(within(footer).getByRole('link', { name: 'Published data' })).toHaveAttribute('href', '/published-data');
    const guidance = within(footer).getByRole('link', { name: /ESOS Guidance/ });
    expect(guidance).toHaveAttribute('target', '_blank');
    expect(guidance).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(footer).queryByRole('link', { name: 'Change your authenticator app' })).not.toBeInTheDocument();
  });

  it('offers a signed-in user the change of their authenticator app in the footer', () => {
    renderAt('/landing');
    signIn('REGULATOR', 'ENABLED');
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Change your authenticator app' }),
    ).toHaveAttribute('href', '/2fa/request-change');
  });

  it('shows breadcrumbs from route data and none where the route has none', async () => {
    const { unmount } = renderAt('/mi-reports');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByText('MI Reports')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(crumbs).getByRole('link', { name: 'Dashboard' }));
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    unmount();
    renderAt('/accounts/new');
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Accounts' }),
    ).toHaveAttribute('href', '/accounts');
  });
});
