import { act, render, renderHook, screen } from '@testing-library/react';
import { HttpError } from '../lib/api';
import { showErrorPage, useErrorPage } from '../lib/error-page';
import { guardedNavigate } from '../lib/navigation-guard';
import { App, errorPageFor, PageErrorBoundary } from './app';

jest.mock('../lib/auth/tokens', () => ({ getAccessToken: jest.fn(), startSignIn: jest.fn(), signOut: jest.fn() }));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  (globalThis as { fetch: unknown }).fetch = jest
    .fn()
    .mockResolvedValue({ ok: true, status: 200, headers: { get: () => 'application/json' }, json: async () => ({}) });
});
afterEach(() => consoleError.mockRestore());

describe('the app', () => {
  it('redirects an unknown path to /error/404', async () => {
    window.history.replaceState(null, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/error/404');
  });

  it('shows the 500 page in place of the current page without changing the address, until the user moves on', async () => {
    window.history.replaceState(null, '', '/privacy-notice');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    act(() => showErrorPage(500));
    expect(
      await screen.findByRole('heading', { name: 'Sorry, there is a problem with the service' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Quote this reference/)).toBeNull();
    // With the API's reference for the failure, the page gives it to the user to quote.
    act(() => showErrorPage(500, { reference: '4bf92f3577b34da6a3ce929d0e0e4736' }));
    expect(await screen.findByText('4bf92f3577b34da6a3ce929d0e0e4736')).toBeInTheDocument();
    expect(screen.getByText(/Quote this reference/).textContent).toBe(
      'Quote this reference: 4bf92f3577b34da6a3ce929d0e0e4736',
    );
    expect(window.location.pathname).toBe('/privacy-notice');
    act(() => {
      guardedNavigate('/contact-us');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
  });

  it('logs an unhandled rejection and shows the 404 page for an HTTP 404, the 500 page otherwise', async () => {
    window.history.replaceState(null, '', '/contact-us');
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    const notFound = new HttpError(404, { message: 'No account' });
    act(() => {
      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: notFound }));
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(notFound);
    expect(errorPageFor(new Error('x'))).toBe(500);
    expect(errorPageFor(new HttpError(503, null))).toBe(500);
  });

  it('catches a page that fails to render: logs it and asks for the 500 page at the current path', () => {
    window.history.replaceState(null, '', '/about');
    const failure = new Error('render failed');
    function Broken(): never {
      throw failure;
    }
    render(
      <PageErrorBoundary location="/about">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(consoleError).toHaveBeenCalledWith(failure);
    expect(renderHook(() => useErrorPage('/about')).result.current).toBe(500);
  });
});
