import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { readConsent } from '../lib/cookies';
import { useGuardedLocation } from '../lib/navigation-guard';
import { CookieBanner } from './cookie-banner';

const fetchMock = jest.fn();

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (name) document.cookie = `${name}=; expires=${new Date(0).toUTCString()}; path=/`;
  }
}

function renderBanner(path = '/landing') {
  window.history.replaceState(null, '', path);
  return render(
    <Router hook={useGuardedLocation}>
      <CookieBanner />
    </Router>,
  );
}

beforeEach(() => {
  clearCookies();
  fetchMock.mockReset().mockResolvedValue({ ok: true, json: async () => ({ analytics: { gtmContainerId: '' } }) });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

describe('the cookie banner', () => {
  it('accept → confirmation with a link to change settings → hide', async () => {
    const user = userEvent.setup();
    renderBanner();
    const region = screen.getByRole('region', { name: 'Cookies on Manage your ESOS reporting' });
    expect(region).toHaveTextContent('We’d also like to use analytics cookies');
    expect(screen.getByRole('link', { name: 'View cookies' })).toHaveAttribute('href', '/cookies');
    await user.click(screen.getByRole('button', { name: 'Accept all cookies' }));
    expect(readConsent()).toEqual({ preferencesSet: true, usage: true });
    expect(screen.getByRole('alert')).toHaveTextContent('You’ve accepted additional cookies.');
    expect(screen.getByRole('link', { name: 'change your cookie settings' })).toHaveAttribute('href', '/cookies');
    expect(screen.getByRole('alert')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Hide cookie message' }));
    expect(screen.queryByRole('region', { name: /Cookies on/ })).not.toBeInTheDocument();
  });

  it('is not shown once a choice is stored', () => {
    document.cookie = 'cookies_preferences_set=true; path=/';
    renderBanner();
    expect(screen.queryByRole('region', { name: /Cookies on/ })).not.toBeInTheDocument();
  });

  it('is not shown on the cookies page, which has its own form', () => {
    renderBanner('/cookies');
    expect(screen.queryByRole('region', { name: /Cookies on/ })).not.toBeInTheDocument();
  });

  it('disables its buttons when the browser refuses cookies', () => {
    const spy = jest.spyOn(window.navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    renderBanner();
    expect(screen.getByRole('button', { name: 'Accept all cookies' })).toBeDisabled();
    expect(screen.getByText(/Your browser does not accept cookies/)).toBeInTheDocument();
    spy.mockRestore();
  });

  it('does not ask for the analytics configuration before consent', () => {
    renderBanner();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
