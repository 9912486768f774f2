import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { useSession } from '../../stores/session';
import RegulatorUsersPage from './regulator-users-page';

const fetchMock = jest.fn();
const users = [
  {
    userId: 'me',
    email: 'me@example.test',
    firstName: 'Zara',
    lastName: 'Admin',
    jobTitle: 'Team leader',
    authorityStatus: 'ACTIVE',
    authorityCreationDate: '2025-01-01',
    lastSignIn: '2025-03-05T14:03:09Z',
  },
  {
    userId: 'c1',
    email: 'c@example.test',
    firstName: 'Abe',
    lastName: 'Colleague',
    jobTitle: 'Officer',
    authorityStatus: 'ACCEPTED',
    authorityCreationDate: '2025-01-02',
    lastSignIn: null,
  },
  {
    userId: null,
    email: 'new@example.test',
    firstName: 'Nia',
    lastName: 'Newcomer',
    jobTitle: 'Officer',
    authorityStatus: 'PENDING',
    authorityCreationDate: '2025-01-03',
    lastSignIn: null,
  },
];

function answer(editable: boolean) {
  fetchMock.mockImplementation(async (url: string, init?: { method?: string }) => {
    if (url.startsWith('/api/v1.0/regulator-authorities') && (init?.method ?? 'GET') === 'GET')
      return testResponse(200, { caUsers: users, editable });
    if (url.startsWith('/api/v1.0/regulator-authorities')) return testResponse(204);
    return testResponse(404, { code: 'NOT_FOUND', message: 'x' });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  window.history.replaceState(null, '', '/user/regulators');
  useSession.setState({
    signedIn: true,
    userState: { userId: 'me', roleType: 'REGULATOR', status: 'ENABLED' },
    regulatorPermissions: { MANAGE_USERS_AND_CONTACTS: 'EXECUTE' },
  });
});

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.firstChild?.textContent);

it('lists the regulators with job title, status and last sign-in, sortable', async () => {
  answer(true);
  render(<RegulatorUsersPage />);
  await screen.findByRole('link', { name: 'Abe Colleague' });
  expect(names()).toEqual(['Zara Admin', 'Abe Colleague', 'Nia Newcomer']);
  expect(screen.getByRole('cell', { name: '5 March 2025 at 14:03' })).toBeInTheDocument();
  expect(screen.getAllByRole('cell', { name: 'Never' })).toHaveLength(1);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Name' }));
  expect(names()).toEqual(['Abe Colleague', 'Nia Newcomer', 'Zara Admin']);
  await user.click(screen.getByRole('button', { name: 'Name' }));
  expect(names()).toEqual(['Zara Admin', 'Nia Newcomer', 'Abe Colleague']);
  expect(screen.getByRole('button', { name: 'Add a new user' })).toHaveAttribute('href', '/user/regulators/add');
});

it('lets an administrator activate a colleague but not change their own status', async () => {
  answer(true);
  render(<RegulatorUsersPage />);
  await screen.findByRole('link', { name: 'Abe Colleague' });
  expect(screen.queryByLabelText('Status of Zara Admin')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Status of Nia Newcomer')).not.toBeInTheDocument();
  const select = screen.getByLabelText('Status of Abe Colleague');
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Accepted', 'Active']);
  const user = userEvent.setup();
  await user.selectOptions(select, 'ACTIVE');
  await user.click(screen.getByRole('button', { name: 'Save statuses' }));
  await screen.findByText('The statuses have been updated');
  const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
  expect(JSON.parse(post[1].body)).toEqual([{ userId: 'c1', authorityStatus: 'ACTIVE' }]);
});

it('shows others the list only', async () => {
  answer(false);
  render(<RegulatorUsersPage />);
  await screen.findByRole('cell', { name: 'Abe Colleague' });
  expect(screen.queryByRole('button', { name: 'Add a new user' })).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save statuses' })).not.toBeInTheDocument();
  await waitFor(() =>
    expect(screen.getByRole('link', { name: 'Zara Admin' })).toHaveAttribute('href', '/user/regulators/me'),
  );
  expect(screen.queryByRole('link', { name: 'Abe Colleague' })).not.toBeInTheDocument();
});
