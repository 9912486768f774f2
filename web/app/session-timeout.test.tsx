import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionTimeout, formatMinutes } from './session-timeout';
import { refreshSession, signOut } from '../lib/auth/tokens';
import { useSession } from '../stores/session';

jest.mock('../lib/auth/tokens', () => ({ refreshSession: jest.fn(async () => null), signOut: jest.fn() }));

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(refreshSession).mockClear();
  jest.mocked(signOut).mockClear();
});
afterEach(() => jest.useRealTimers());

function signedInFor(seconds: number, initial = seconds) {
  useSession.setState({
    signedIn: true,
    sessionExpiresAt: Date.now() + seconds * 1000,
    sessionLifetime: seconds,
    initialSessionLifetime: initial,
  });
}

it('formats minutes as the spec says', () => {
  expect(formatMinutes(0)).toBe('less than a minute');
  expect(formatMinutes(1)).toBe('1 minute');
  expect(formatMinutes(29)).toBe('29 minutes');
});

it('opens 30 seconds before the session ends; Continue refreshes, Sign out signs out', async () => {
  signedInFor(1800);
  render(<SessionTimeout />);
  act(() => jest.advanceTimersByTime(1769_000));
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.getByRole('dialog', { name: 'Your session will end soon' })).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toHaveTextContent('You have not done anything for 29 minutes');
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(refreshSession).toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(signOut).toHaveBeenCalledWith('/');
});

it('signs out to /timed-out with the idle seconds when nobody answers', () => {
  signedInFor(300);
  render(<SessionTimeout />);
  act(() => jest.advanceTimersByTime(300_000));
  expect(signOut).toHaveBeenCalledWith('/timed-out?idle=300');
});

it('offers no more extension once a refresh gave a shorter lifetime than the first', () => {
  signedInFor(120, 1800);
  render(<SessionTimeout />);
  act(() => jest.advanceTimersByTime(90_000));
  expect(screen.getByRole('dialog')).toHaveTextContent('cannot be extended any further');
  expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
});
