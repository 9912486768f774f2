import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Router } from 'wouter';
import { Button } from '../components/button';
import { forceNavigate, guardedNavigate, useGuardedLocation } from './navigation-guard';
import { beginPendingRequest, PENDING_REQUEST_MESSAGE, useAnyRequestPending } from './pending';

function Page() {
  const pending = useAnyRequestPending();
  return (
    <Router hook={useGuardedLocation}>
      <Link href="/elsewhere">Elsewhere</Link>
      <Button pending={pending}>Save</Button>
    </Router>
  );
}

let alert: jest.SpyInstance;
beforeEach(() => {
  window.history.replaceState(null, '', '/start');
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alert.mockRestore());

describe('the pending-request guard', () => {
  it('disables pending buttons while any request is pending', () => {
    render(<Page />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    let end: () => void = () => undefined;
    act(() => {
      end = beginPendingRequest();
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    act(() => end());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps the user on the page with the alert while a request is pending, and lets them go after', async () => {
    const user = userEvent.setup();
    render(<Page />);
    let end: () => void = () => undefined;
    act(() => {
      end = beginPendingRequest();
    });
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(alert).toHaveBeenCalledWith(PENDING_REQUEST_MESSAGE);
    expect(window.location.pathname).toBe('/start');
    act(() => end());
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('asks the browser to confirm unloading while a request is pending', () => {
    const end = beginPendingRequest();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    end();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('lets forced navigation through', () => {
    const end = beginPendingRequest();
    expect(guardedNavigate('/blocked')).toBe(false);
    forceNavigate('/error/500');
    expect(window.location.pathname).toBe('/error/500');
    expect(alert).toHaveBeenCalledTimes(1);
    end();
  });

  it('counts each request once even if ended twice', () => {
    const end = beginPendingRequest();
    end();
    end();
    expect(guardedNavigate('/free')).toBe(true);
  });
});
