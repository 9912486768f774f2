import { landingGuard, loggedInGuard, notLoggedInGuard, registeredProfileGuard, statusGuard } from './guards';
import type { SessionState } from '../stores/session';
import type { LoginStatus, RoleType } from '../../domain/authorities';

jest.mock('./startup', () => ({ startApp: jest.fn(async () => undefined) }));

function session(roleType: RoleType | null, status: LoginStatus = 'ENABLED', registered = true): SessionState {
  return {
    signedIn: roleType !== null,
    user: null,
    userState: roleType ? { userId: 'u', roleType, status } : null,
    regulatorPermissions: null,
    termsVersion: 1,
    acceptedTermsVersion: 1,
    profile: roleType
      ? {
          status: registered ? 'REGISTERED' : 'UNREGISTERED',
          emailConfirmed: true,
          email: 'a@b.c',
          firstName: 'A',
          lastName: 'B',
        }
      : null,
    sessionExpiresAt: null,
    initialSessionLifetime: null,
    sessionLifetime: null,
  };
}
const nav = {};

describe('landing guard', () => {
  it('lets visitors stay', () => expect(landingGuard(session(null), nav)).toBeNull());
  it('sends an unregistered operator to registration', () =>
    expect(landingGuard(session('OPERATOR', 'NO_AUTHORITY', false), nav)).toBe('/registration/register'));
  it('sends working regulators and verifiers to the dashboard', () => {
    expect(landingGuard(session('REGULATOR'), nav)).toBe('/dashboard');
    expect(landingGuard(session('REGULATOR', 'NO_AUTHORITY'), nav)).toBe('/dashboard');
    expect(landingGuard(session('VERIFIER'), nav)).toBe('/dashboard');
  });
  it('keeps operators without an account, awaiting activation or disabled on the landing page', () => {
    for (const status of ['NO_AUTHORITY', 'ACCEPTED', 'DISABLED', 'TEMP_DISABLED'] as const)
      expect(landingGuard(session('OPERATOR', status), nav)).toBeNull();
  });
  it('sends an enabled operator to the dashboard, unless adding another organisation account', () => {
    expect(landingGuard(session('OPERATOR'), nav)).toBe('/dashboard');
    expect(landingGuard(session('OPERATOR'), { addAnotherInstallation: true })).toBeNull();
  });
});

it('status guard: ENABLED, or NO_AUTHORITY for a regulator', () => {
  expect(statusGuard(session('OPERATOR'), nav)).toBeNull();
  expect(statusGuard(session('REGULATOR', 'NO_AUTHORITY'), nav)).toBeNull();
  expect(statusGuard(session('OPERATOR', 'NO_AUTHORITY'), nav)).toBe('/landing');
  expect(statusGuard(session('OPERATOR', 'DISABLED'), nav)).toBe('/landing');
});

it('logged-in, not-logged-in and registered-profile guards', () => {
  expect(loggedInGuard(session(null), nav)).toBe('/landing');
  expect(loggedInGuard(session('OPERATOR'), nav)).toBeNull();
  expect(notLoggedInGuard(session('OPERATOR'), nav)).toBe('/landing');
  expect(notLoggedInGuard(session(null), nav)).toBeNull();
  expect(registeredProfileGuard(session('OPERATOR', 'ENABLED', false), nav)).toBe('/landing');
  expect(registeredProfileGuard(session('OPERATOR'), nav)).toBeNull();
});
