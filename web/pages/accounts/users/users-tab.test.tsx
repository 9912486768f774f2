// The account's Users and contacts tab against a mocked API: the list, and for callers who may
// edit, invitations, role and status changes, contacts and removal.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse, type TestResponse } from '../../../../test/web/responses';
import { UsersTab } from '../users-tab';
import type { OperatorAuthorities, OperatorAuthority } from './users-data';
import { axeViolations } from '../../../../test/web/task-api';
import { useSession } from '../../../stores/session';

const fetchMock = jest.fn();

function person(userId: string | null, firstName: string, fields: Partial<OperatorAuthority> = {}): OperatorAuthority {
  return {
    userId,
    email: `${firstName.toLowerCase()}@acme.example`,
    firstName,
    lastName: 'Smith',
    roleCode: 'operator_admin',
    roleName: 'Advanced user',
    authorityStatus: 'ACTIVE',
    authorityCreationDate: '2025-01-01T00:00:00Z',
    ...fields,
  };
}

const users = (editable: boolean): OperatorAuthorities => ({
  authorities: [
    person('u1', 'Ann'),
    person('u2', 'Bob', { roleCode: 'operator', roleName: 'Restricted user', authorityStatus: 'ACCEPTED' }),
    person('u3', 'Cat', { roleCode: 'operator', roleName: 'Restricted user' }),
    person('u4', 'Dan', { authorityStatus: 'DISABLED' }),
    person(null, 'Eve', { lastName: null, authorityStatus: 'PENDING' }),
  ],
  contactTypes: { PRIMARY: 'u1', SERVICE: 'u3' },
  editable,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API: the list, and what each change answers (204 unless the test says otherwise). */
function api(editable: boolean, answer: (call: Call) => TestResponse | undefined = () => undefined) {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      path: url.replace(/^\/api/, ''),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    };
    calls.push(call);
    if (call.method === 'GET' && call.path === '/v1.0/operator-authorities/account/42')
      return testResponse(200, users(editable));
    return answer(call) ?? testResponse(204);
  });
  return calls;
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

const summary = () => within(screen.getByRole('alert'));
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
const changes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('the users and contacts of an account', () => {
  it('lists the users with role, contacts and status; read-only for callers who may not edit', async () => {
    api(false);
    render(<UsersTab accountId={42} />);
    expect(await screen.findByRole('cell', { name: 'Ann Smith' })).toBeInTheDocument();
    expect(within(rowOf('Ann Smith')).getByRole('cell', { name: 'Primary contact' })).toBeInTheDocument();
    expect(within(rowOf('Bob Smith')).getByText('Accepted')).toHaveClass('govuk-tag');
    expect(within(rowOf('Cat Smith')).getByRole('cell', { name: 'Service contact' })).toBeInTheDocument();
    expect(within(rowOf('Dan Smith')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('Eve')).getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Accepted means the user has accepted their invitation and is waiting to be activated by an administrator of the account.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a new user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change contacts' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^(Change|Remove)/ })).toBeNull();
  });

  it('offers changes per user: none for an invitation not yet accepted by someone unknown', async () => {
    api(true);
    render(<UsersTab accountId={42} />);
    expect(await screen.findByRole('link', { name: 'Change Ann Smith' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Remove Bob Smith' })).toBeInTheDocument();
    expect(within(rowOf('Eve')).queryByRole('link')).toBeNull();
  });

  it('invites a user: checks the form, sends the invitation and lists the users again', async () => {
    const calls = api(true);
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('button', { name: 'Add a new user' }));
    expect(screen.getByRole('heading', { name: 'Add a new user' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const links = summary()
      .getAllByRole('link')
      .map((l) => l.textContent);
    // Each message names its question as the form asks it: the 'User type' radios ask for a user type.
    expect(links).toEqual([
      'Enter your first name',
      'Enter your last name',
      'Enter an email address',
      'Select a user type',
    ]);
    expect(screen.getByRole('group', { name: /User type/ })).toHaveTextContent('Select a user type');
    await waitFor(() => expect(document.title).toMatch(/^Error: /));

    await user.type(screen.getByLabelText('First name'), 'Fay');
    await user.type(screen.getByLabelText('Last name'), 'Jones');
    await user.type(screen.getByLabelText('Email address'), 'fay@');
    await user.click(screen.getByLabelText('Restricted user'));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(summary().getByRole('link', { name: 'Enter a valid email' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'Acme.Example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('An invitation has been sent to fay@acme.example')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      {
        method: 'POST',
        path: '/v1.0/operator-users/invite/account/42',
        body: { email: 'fay@acme.example', firstName: 'Fay', lastName: 'Jones', roleCode: 'operator' },
      },
    ]);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it("shows the API's refusal of an invitation at the e-mail address", async () => {
    api(true, () => testResponse(400, { code: 'USER1001', message: 'User is already registered' }));
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('button', { name: 'Add a new user' }));
    await user.type(screen.getByLabelText('First name'), 'Fay');
    await user.type(screen.getByLabelText('Last name'), 'Jones');
    await user.type(screen.getByLabelText('Email address'), 'fay@acme.example');
    await user.click(screen.getByLabelText('Advanced user'));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('link', { name: 'User is already registered' })).toHaveAttribute('href', '#l.email');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Users and contacts' })).toBeInTheDocument();
  });

  it('activates an accepted user with the role chosen', async () => {
    const calls = api(true);
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('link', { name: 'Change Bob Smith' }));
    expect(screen.getByRole('heading', { name: 'Change Bob Smith' })).toBeInTheDocument();
    expect(screen.getByLabelText('Restricted user')).toBeChecked();
    const status = within(screen.getByRole('group', { name: 'Account status' }));
    expect(status.getByLabelText('Accepted')).toBeChecked();
    expect(status.queryByLabelText('Disabled')).toBeNull();
    await user.click(status.getByLabelText('Active'));
    await user.click(screen.getByLabelText('Advanced user'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bob Smith has been updated')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      {
        method: 'POST',
        path: '/v1.0/operator-authorities/account/42',
        body: {
          accountOperatorAuthorityUpdateList: [{ userId: 'u2', roleCode: 'operator_admin', authorityStatus: 'ACTIVE' }],
        },
      },
    ]);
  });

  it("resets a user's one-time code", async () => {
    const calls = api(true);
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('link', { name: 'Change Cat Smith' }));
    await user.click(screen.getByRole('button', { name: 'Reset one-time code' }));
    expect(
      await screen.findByText(
        'Their one-time code has been reset. They will set up a new one the next time they sign in.',
      ),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      { method: 'PATCH', path: '/v1.0/operator-users/account/42/u3/reset-2fa', body: undefined },
    ]);
  });

  it("unlocks a user's sign-in", async () => {
    const calls = api(true);
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('link', { name: 'Change Cat Smith' }));
    await user.click(screen.getByRole('button', { name: 'Unlock sign-in' }));
    expect(await screen.findByText('Their sign-in has been unlocked. They can sign in again now.')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      { method: 'PATCH', path: '/v1.0/operator-users/account/42/u3/unlock', body: undefined },
    ]);
  });

  it('offers no reset of one’s own one-time code and no unlock of one’s own sign-in', async () => {
    api(true);
    useSession.setState({ userState: { userId: 'u1', roleType: 'OPERATOR', status: 'ENABLED' } });
    try {
      const user = userEvent.setup();
      render(<UsersTab accountId={42} />);
      await user.click(await screen.findByRole('link', { name: 'Change Ann Smith' }));
      expect(
        screen.getByText(
          'You cannot reset your own one-time code or unlock your own sign-in: ask another Advanced user.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reset one-time code' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).toBeNull();
    } finally {
      cleanup();
      useSession.setState({ userState: null });
    }
  });

  it('shows the refusal to leave the account without an active Advanced user in the error summary', async () => {
    const calls = api(true, () =>
      testResponse(400, { code: 'AUTHORITY1001', message: 'At least one operator admin should exist in account' }),
    );
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('link', { name: 'Change Ann Smith' }));
    await user.click(screen.getByLabelText('Disabled'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('link', { name: 'At least one operator admin should exist in account' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
    expect(changes(calls)[0]!.body).toEqual({
      accountOperatorAuthorityUpdateList: [{ userId: 'u1', roleCode: 'operator_admin', authorityStatus: 'DISABLED' }],
    });
    expect(screen.getByRole('heading', { name: 'Change Ann Smith' })).toBeInTheDocument();
  });

  it('sets the contacts among the active users, and shows a refused contact at its field', async () => {
    let refuse = true;
    const calls = api(true, () => {
      if (!refuse) return undefined;
      refuse = false;
      return testResponse(400, {
        code: 'ACCOUNT_CONTACT1005',
        message: 'A restricted user cannot be the primary or secondary contact',
        field: 'contactTypes.SECONDARY',
      });
    });
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('button', { name: 'Change contacts' }));
    const secondary = screen.getByLabelText('Secondary contact');
    expect(
      within(secondary)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No one', 'Ann Smith', 'Cat Smith']);
    expect(screen.getByLabelText('Primary contact')).toHaveValue('u1');
    await user.selectOptions(secondary, 'Cat Smith');
    await user.click(screen.getByRole('button', { name: 'Save contacts' }));
    expect(
      await screen.findByRole('link', { name: 'A restricted user cannot be the primary or secondary contact' }),
    ).toHaveAttribute('href', '#l.contactTypes.SECONDARY');

    await user.selectOptions(secondary, 'Ann Smith');
    await user.selectOptions(screen.getByLabelText('Financial contact'), 'Cat Smith');
    await user.click(screen.getByRole('button', { name: 'Save contacts' }));
    expect(await screen.findByText('The contacts have been updated')).toBeInTheDocument();
    expect(changes(calls).map((c) => c.body)).toEqual([
      {
        accountOperatorAuthorityUpdateList: [],
        contactTypes: { PRIMARY: 'u1', SECONDARY: 'u3', SERVICE: 'u3', FINANCIAL: null },
      },
      {
        accountOperatorAuthorityUpdateList: [],
        contactTypes: { PRIMARY: 'u1', SECONDARY: 'u1', SERVICE: 'u3', FINANCIAL: 'u3' },
      },
    ]);
  });

  it('removes a user once confirmed, and shows a refusal', async () => {
    let refuse = true;
    const calls = api(true, () => {
      if (!refuse) return undefined;
      refuse = false;
      return testResponse(400, {
        code: 'AUTHORITY1001',
        message: 'At least one operator admin should exist in account',
      });
    });
    const user = userEvent.setup();
    render(<UsersTab accountId={42} />);
    await user.click(await screen.findByRole('link', { name: 'Remove Dan Smith' }));
    expect(
      screen.getByRole('heading', { name: 'Are you sure you want to remove Dan Smith from this account?' }),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, remove this user' }));
    expect(
      await screen.findByRole('link', { name: 'At least one operator admin should exist in account' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
    await user.click(screen.getByRole('button', { name: 'Yes, remove this user' }));
    expect(await screen.findByText('Dan Smith has been removed from the account')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      { method: 'DELETE', path: '/v1.0/operator-authorities/account/42/u4', body: undefined },
      { method: 'DELETE', path: '/v1.0/operator-authorities/account/42/u4', body: undefined },
    ]);
  });

  it('has no axe violations in the list, nor in the invitation form with errors shown', async () => {
    api(true);
    const user = userEvent.setup();
    const { container } = render(<UsersTab accountId={42} />);
    await screen.findByRole('link', { name: 'Change Ann Smith' });
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add a new user' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByRole('alert');
    expect(await axeViolations(container)).toEqual([]);
  });
});
