import { resetStartup, startApp } from './startup';
import { checkSignedIn } from '../lib/auth/tokens';
import { clearSession, useSession } from '../stores/session';

jest.mock('../lib/ui-configuration', () => ({
  loadUiConfiguration: jest.fn(async () => null),
  resetUiConfiguration: jest.fn(),
}));
jest.mock('../lib/auth/tokens', () => ({
  checkSignedIn: jest.fn(async () => false),
  configureSignIn: jest.fn(),
  idTokenClaims: jest.fn(() => null),
}));

beforeEach(() => {
  resetStartup();
  clearSession(null);
  jest.mocked(checkSignedIn).mockClear();
});

it('checks silently whether the visitor is signed in on an ordinary page', async () => {
  window.history.pushState({}, '', '/landing');
  await startApp();
  expect(checkSignedIn).toHaveBeenCalled();
  expect(useSession.getState().signedIn).toBe(false);
});

it('shows the one-time-code reset link signed out, with no check whose tokens the link would end', async () => {
  window.history.pushState({}, '', '/2fa/reset-2fa?token=abc');
  await startApp();
  expect(checkSignedIn).not.toHaveBeenCalled();
  expect(useSession.getState().signedIn).toBe(false);
});
