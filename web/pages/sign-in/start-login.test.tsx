// The sign-in page names the provider actually configured: GOV.UK One Login's notice only when
// OIDC_ISSUER is One Login's.
import { render, screen } from '@testing-library/react';
import { getUiConfiguration, type UiConfiguration } from '../../lib/ui-configuration';
import StartLoginPage from './start-login';

jest.mock('../../lib/auth/tokens', () => ({ startSignIn: jest.fn() }));
jest.mock('../../lib/ui-configuration', () => ({ getUiConfiguration: jest.fn() }));

const withIssuer = (issuer: string | undefined) =>
  jest.mocked(getUiConfiguration).mockReturnValue({
    features: {},
    expirationTime: 3600,
    oidc: { issuer, clientId: 'esos' },
  } as UiConfiguration);

describe('the sign-in page', () => {
  it('says nothing of GOV.UK One Login when the service’s own provider signs people in', () => {
    withIssuer(`${location.origin}/auth`);
    render(<StartLoginPage />);
    expect(screen.queryByText(/One Login/)).toBeNull();
    expect(screen.getByText('Sign in with your email address and password.', { exact: false })).toBeTruthy();
  });

  it('names GOV.UK One Login when OIDC_ISSUER is One Login’s', () => {
    withIssuer('https://oidc.account.gov.uk');
    render(<StartLoginPage />);
    expect(screen.getByText('You now sign in to this service with a GOV.UK One Login account.')).toBeTruthy();
    expect(screen.getByText('How your sign in has changed')).toBeTruthy();
  });

  it('names another provider by its host', () => {
    withIssuer('https://login.example.com/realms/esos');
    render(<StartLoginPage />);
    expect(screen.queryByText(/One Login/)).toBeNull();
    expect(screen.getByText(/your account at login\.example\.com/)).toBeTruthy();
  });
});
