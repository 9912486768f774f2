// The invitation pages against a mocked API: the token is resolved and the invitation accepted with
// the (no auth) calls of its kind; invitees without a sign-in are led to create one; invalid and
// expired links, and someone signed in as another person, get their own page.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Router } from 'wouter';
import { testResponse, type TestResponse } from '../../../test/web/responses';
import { signOut } from '../../lib/auth/tokens';
import { loadSignedInUser } from '../../app/startup';
import { clearSession, useSession } from '../../stores/session';
import OperatorInvitationPage, { ACTIVATION_NEEDED } from './invitation';
import RegulatorInvitationPage from './invitation-regulator';
import VerifierInvitationPage from './invitation-verifier';

jest.mock('../../lib/auth/tokens', () => ({
  getAccessToken: jest.fn(async () => 'a-token'),
  startSignIn: jest.fn(),
  signOut: jest.fn(),
}));
jest.mock('../../app/startup', () => ({
  startApp: jest.fn(async () => undefined),
  loadSignedInUser: jest.fn(async () => undefined),
}));

const fetchMock = jest.fn();
const email = 'ivy.invitee@example.test';

type Handler = (body: unknown) => TestResponse;

/** Answers by method and path; every call is recorded with its body and headers. */
function api(routes: Record<string, Handler | Handler[]>) {
  const queues = Object.fromEntries(Object.entries(routes).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    const handler = queues[key];
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (Array.isArray(handler)) return handler.shift()!(body);
    return handler ? handler(body) : testResponse(404, { code: 'NOT_FOUND', message: 'none' });
  });
}

const calls = () => fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => `${init.method} ${url}`);
const bodies = () => fetchMock.mock.calls.map(([, init]: [string, RequestInit]) => JSON.parse(String(init.body)));

// Colour contrast needs a canvas (the browser tests check it); jsdom has none.
const axeOptions = { rules: { 'color-contrast': { enabled: false } } };

const resolved = { 'POST /v1.0/users/token/resolve-email': () => testResponse(200, { email, hasSignIn: true }) };
const notSignedIn = () =>
  testResponse(400, {
    code: 'USER_NOT_SIGNED_IN',
    message: 'Sign in with the invited email address before accepting the invitation',
  });

function open(Page: () => React.JSX.Element, path = '/invitation?token=abc%2B1') {
  window.history.replaceState(null, '', path);
  return render(
    <Router>
      <main>
        <Page />
      </main>
    </Router>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  jest.mocked(signOut).mockClear();
  jest.mocked(loadSignedInUser).mockClear();
  clearSession(false);
});

describe('an organisation account invitation', () => {
  it('accepts for an invitee who has a sign-in, without a bearer token, says activation is needed and offers sign-in with their e-mail', async () => {
    api({
      ...resolved,
      'POST /v1.0/operator-users/registration/accept-invitation': () => testResponse(200, { accountName: 'Acme Ltd' }),
    });
    const { container } = open(OperatorInvitationPage);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your invitation…');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have accepted the invitation' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You have joined Acme Ltd')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your user account needs to be activated.' })).toBeInTheDocument();
    expect(screen.getByText(`${ACTIVATION_NEEDED} We will email you when they have.`)).toBeInTheDocument();
    expect(ACTIVATION_NEEDED).toBe('Your administrator must activate your account before you can use it.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/start-login?email=${encodeURIComponent(email)}`,
    );
    expect(document.title).toBe('You have accepted the invitation - Manage your ESOS reporting - GOV.UK');

    expect(calls()).toEqual([
      'POST /api/v1.0/users/token/resolve-email',
      'POST /api/v1.0/operator-users/registration/accept-invitation',
    ]);
    expect(bodies()).toEqual([{ token: 'abc+1', type: 'OPERATOR_INVITATION' }, { token: 'abc+1' }]);
    for (const [, init] of fetchMock.mock.calls as [string, RequestInit][])
      expect(init.headers).not.toHaveProperty('authorization');
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });

  it('leads an invitee without a sign-in to create one with their e-mail filled in, and accepts once they have', async () => {
    const user = userEvent.setup();
    // No sign-in yet: the page asks for one without trying to accept.
    api({
      'POST /v1.0/users/token/resolve-email': () => testResponse(200, { email, hasSignIn: false }),
      'POST /v1.0/operator-users/registration/accept-invitation': [
        notSignedIn,
        () => testResponse(200, { accountName: 'Acme Ltd' }),
      ],
    });
    const { container } = open(OperatorInvitationPage);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create a sign-in to accept your invitation' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `This invitation was sent to ${email}. To accept it you need a sign-in for Manage your ESOS reporting with this email address.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a sign-in' })).toHaveAttribute(
      'href',
      `/auth/register?email=${encodeURIComponent(email)}`,
    );
    expect(screen.getByRole('link', { name: `Sign in with ${email}` })).toHaveAttribute(
      'href',
      `/start-login?email=${encodeURIComponent(email)}&redirectUrl=${encodeURIComponent('/invitation?token=abc%2B1')}`,
    );
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);

    // Back on the page before the sign-in exists: told so, as a form error.
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(
      await within(screen.getByRole('alert')).findByRole('link', {
        name: `We could not find a confirmed sign-in for ${email}`,
      }),
    ).toBeInTheDocument();
    expect(document.title).toBe(
      'Error: Create a sign-in to accept your invitation - Manage your ESOS reporting - GOV.UK',
    );

    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have accepted the invitation' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('You have accepted the invitation - Manage your ESOS reporting - GOV.UK');
    expect(calls().filter((c) => c.endsWith('accept-invitation'))).toHaveLength(2);
  });

  it('says a link that is unknown, used or incomplete is not valid, and never tries to accept it', async () => {
    api({
      'POST /v1.0/users/token/resolve-email': () => testResponse(400, { code: 'TOKEN1001', message: 'Invalid Token' }),
    });
    open(OperatorInvitationPage);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/start-login');
    expect(document.title).toBe('This invitation link is not valid - Manage your ESOS reporting - GOV.UK');
    expect(calls()).toEqual(['POST /api/v1.0/users/token/resolve-email']);
  });

  it('says so without calling anything when the link has no token', async () => {
    open(OperatorInvitationPage, '/invitation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation link is not valid' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says an expired link has expired', async () => {
    api({
      'POST /v1.0/users/token/resolve-email': () =>
        testResponse(400, { code: 'EMAIL1001', message: 'The verification link has expired' }),
    });
    open(OperatorInvitationPage);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ask the person who invited you to send you a new invitation.')).toBeInTheDocument();
  });

  it('shows the API’s reason when the invitation cannot be accepted', async () => {
    api({
      ...resolved,
      'POST /v1.0/operator-users/registration/accept-invitation': () =>
        testResponse(400, {
          code: 'AUTHORITY1000',
          message: 'Can not assign authority. Another role is already assigned to user.',
        }),
    });
    open(OperatorInvitationPage);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not accept your invitation' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Can not assign authority. Another role is already assigned to user.')).toBeInTheDocument();
  });

  it('accepts for the signed-in invitee, reloads their status and continues to the landing page', async () => {
    useSession.setState({
      signedIn: true,
      user: { firstName: 'Ivy', lastName: 'Invitee', email: email.toUpperCase() },
      userState: { userId: 'u1', roleType: 'OPERATOR', status: 'NO_AUTHORITY' },
    });
    api({
      ...resolved,
      'POST /v1.0/operator-users/registration/accept-invitation': () => testResponse(200, { accountName: 'Acme Ltd' }),
    });
    open(OperatorInvitationPage);
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/landing');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(loadSignedInUser).toHaveBeenCalledTimes(1);
  });

  it('does not accept while someone else is signed in, and offers to sign out', async () => {
    const user = userEvent.setup();
    useSession.setState({
      signedIn: true,
      user: { firstName: 'Olivia', lastName: 'Operator', email: 'olivia@example.test' },
    });
    api(resolved);
    open(OperatorInvitationPage);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation is for someone else' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`This invitation was sent to ${email}, but you are signed in as olivia@example.test.`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledWith('/');
    expect(calls()).toEqual(['POST /api/v1.0/users/token/resolve-email']);
  });
});

describe('a regulator invitation', () => {
  it('resolves the token as a regulator invitation and accepts with the regulator call', async () => {
    api({
      ...resolved,
      'POST /v1.0/regulator-users/registration/accept-invitation-and-register': () => testResponse(204),
    });
    open(RegulatorInvitationPage, '/invitation/regulator?token=reg-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have accepted the invitation' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${ACTIVATION_NEEDED} We will email you when they have.`)).toBeInTheDocument();
    expect(bodies()).toEqual([{ token: 'reg-token', type: 'REGULATOR_INVITATION' }, { token: 'reg-token' }]);
  });

  it('sends back to this page after signing in with an existing sign-in', async () => {
    api({ ...resolved, 'POST /v1.0/regulator-users/registration/accept-invitation-and-register': notSignedIn });
    open(RegulatorInvitationPage, '/invitation/regulator?token=reg-token');
    expect(await screen.findByRole('link', { name: `Sign in with ${email}` })).toHaveAttribute(
      'href',
      `/start-login?email=${encodeURIComponent(email)}&redirectUrl=${encodeURIComponent('/invitation/regulator?token=reg-token')}`,
    );
  });
});

describe('a verifier invitation', () => {
  it('learns from the accept call that a sign-in is needed, then enables the invitation once there is one', async () => {
    const user = userEvent.setup();
    api({
      ...resolved,
      'POST /v1.0/verifier-users/registration/accept-invitation': () =>
        testResponse(200, { email, invitationStatus: 'PENDING_TO_REGISTERED_SET_PASSWORD' }),
      'PUT /v1.0/verifier-users/registration/enable-from-invitation': () =>
        testResponse(200, { email, invitationStatus: 'ACCEPTED' }),
    });
    open(VerifierInvitationPage, '/invitation/verifier?token=ver-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create a sign-in to accept your invitation' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have accepted the invitation' }),
    ).toBeInTheDocument();
    expect(calls().at(-1)).toBe('PUT /api/v1.0/verifier-users/registration/enable-from-invitation');
    expect(bodies().at(-1)).toEqual({ invitationToken: 'ver-token' });
  });
});

it('waits for the sign-in check before resolving anything', async () => {
  clearSession(null);
  api(resolved);
  open(OperatorInvitationPage);
  await waitFor(() => expect(screen.getByRole('status')).toBeInTheDocument());
  expect(fetchMock).not.toHaveBeenCalled();
});
