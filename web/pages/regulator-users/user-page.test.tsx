// A regulator administrator's actions on a colleague's page: unlocking their sign-in after too many
// attempts, and resetting their one-time code after a confirmation; neither offered on one's own page.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { testResponse } from '../../../test/web/responses';
import { useSession } from '../../stores/session';
import RegulatorUserPage from './user-page';

const fetchMock = jest.fn();
const colleague = {
  id: 'c1',
  email: 'abe@example.test',
  firstName: 'Abe',
  lastName: 'Colleague',
  jobTitle: 'Officer',
  phoneNumber: '01632 960000',
  mobileNumber: null,
  signature: null,
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: { method?: string }) => {
    if (url.startsWith('/api/v1.0/regulator-users/c1/unlock') && init?.method === 'POST') return testResponse(204);
    if (url.startsWith('/api/v1.0/regulator-users/c1/reset-2fa') && init?.method === 'POST') return testResponse(204);
    if (url.startsWith('/api/v1.0/regulator-users/c1')) return testResponse(200, colleague);
    if (url.startsWith('/api/v1.0/regulator-authorities/permissions/c1')) return testResponse(200, { permissions: {} });
    if (url.startsWith('/api/v1.0/regulator-users/me'))
      return testResponse(200, { ...colleague, id: 'me', firstName: 'Zara', lastName: 'Admin' });
    return testResponse(404, { code: 'NOT_FOUND', message: 'x' });
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  useSession.setState({
    signedIn: true,
    userState: { userId: 'me', roleType: 'REGULATOR', status: 'ENABLED' },
    regulatorPermissions: { MANAGE_USERS_AND_CONTACTS: 'EXECUTE' },
  });
});

const renderAt = (path: string) => {
  const { hook } = memoryLocation({ path, static: true });
  return render(
    <Router hook={hook}>
      <Route path="/user/regulators/:userId">
        <RegulatorUserPage />
      </Route>
    </Router>,
  );
};
const postsTo = (suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(suffix) && init?.method === 'POST');

it("unlocks a colleague's sign-in and says so", async () => {
  renderAt('/user/regulators/c1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Unlock sign-in' }));
  expect(
    await screen.findByText('The sign-in of Abe Colleague has been unlocked. They can sign in again now.'),
  ).toBeInTheDocument();
  expect(postsTo('/regulator-users/c1/unlock')).toHaveLength(1);
});

it("resets a colleague's one-time code only after the confirmation", async () => {
  renderAt('/user/regulators/c1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Reset one-time code' }));
  expect(postsTo('/regulator-users/c1/reset-2fa')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Yes, reset the one-time code' }));
  expect(await screen.findByText(/The one-time code of Abe Colleague has been reset/)).toBeInTheDocument();
  expect(postsTo('/regulator-users/c1/reset-2fa')).toHaveLength(1);
});

it('offers neither on one’s own page', async () => {
  renderAt('/user/regulators/me');
  await screen.findByRole('heading', { name: 'Your details' });
  expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reset one-time code' })).not.toBeInTheDocument();
});
