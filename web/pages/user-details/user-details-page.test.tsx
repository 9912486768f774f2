// "User details" against a mocked API: an administrator changes a user's contact details (the
// existing PATCH /operator-users/account/{a}/{u}); a refused change shows the API's message; one's
// own row saves through PATCH /operator-users/operator. axe finds nothing.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { testResponse, type TestResponse } from '../../../test/web/responses';
import { axeViolations } from '../../../test/web/task-api';
import { useSession } from '../../stores/session';
import UserDetailsPage from './user-details-page';

const fetchMock = jest.fn();
const calls: { method: string; path: string; body: unknown }[] = [];
const cat = {
  email: 'cat@acme.example',
  firstName: 'Cat',
  lastName: 'Smith',
  jobTitle: null,
  phoneNumber: { countryCode: '44', number: '0117 496 0000' },
  mobileNumber: null,
  address: { line1: '1 Road', line2: null, city: 'Leeds', county: null, postcode: 'LS1 1AA' },
};

beforeEach(() => {
  calls.length = 0;
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  useSession.setState({ userState: { userId: 'me' } as never });
});

function renderAt(path: string, answer: (method: string, path: string) => TestResponse | undefined = () => undefined) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      path: url.replace(/^\/api/, ''),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    };
    calls.push(call);
    return answer(call.method, call.path) ?? testResponse(200, cat);
  });
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <Route path="/accounts/:accountId/users/:userId" component={UserDetailsPage} />
      <Route path="/user/details" component={UserDetailsPage} />
    </Router>,
  );
}

describe('user details', () => {
  it('lets an administrator change a user’s details through the account’s user call', async () => {
    const { container } = renderAt('/accounts/42/users/u3');
    expect(await screen.findByRole('heading', { name: 'User details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Town or city')).toHaveValue('Leeds');
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.type(screen.getByLabelText('Job title (optional)'), 'Energy manager');
    const second = screen.getByRole('group', { name: 'Phone number 2 (optional)' });
    expect(within(second).getByLabelText('Country code')).toHaveValue('44');
    await userEvent.selectOptions(within(second).getByLabelText('Country code'), '353');
    await userEvent.type(within(second).getByLabelText('Number'), '1 555 0101');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/v1.0/operator-users/account/42/u3',
      body: expect.objectContaining({
        jobTitle: 'Energy manager',
        phoneNumber: { countryCode: '44', number: '0117 496 0000' },
        mobileNumber: { countryCode: '353', number: '1 555 0101' },
        address: expect.objectContaining({ line1: '1 Road', city: 'Leeds', postcode: 'LS1 1AA' }),
      }),
    });
  });

  it('shows the API’s refusal and the form’s own messages', async () => {
    renderAt('/accounts/42/users/u3', (method) =>
      method === 'PATCH'
        ? testResponse(400, {
            code: 'VALIDATION_ERROR',
            message: 'phoneNumber: Your phone number is not valid',
            field: 'phoneNumber',
          })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'User details' });
    await userEvent.clear(screen.getByLabelText('Address line 1'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await screen.findByRole('alert')).getByText('Enter an address')).toBeInTheDocument();
    // A number without its code is refused by the page as by the API, with the real service's words.
    const first = screen.getByRole('group', { name: 'Phone number 1' });
    await userEvent.selectOptions(within(first).getByLabelText('Country code'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(screen.getByRole('alert')).findByText('Enter both country code and number'),
    ).toBeInTheDocument();
    await userEvent.selectOptions(within(first).getByLabelText('Country code'), '44');
    await userEvent.clear(within(first).getByLabelText('Number'));
    await userEvent.type(within(first).getByLabelText('Number'), '0117 496 00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(screen.getByRole('alert')).findByText('The phone number is too short for your country code'),
    ).toBeInTheDocument();
    await userEvent.type(within(first).getByLabelText('Number'), '00');
    await userEvent.type(screen.getByLabelText('Address line 1'), '2 Road');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByRole('alert')).findByText('Your phone number is not valid')).toBeInTheDocument();
  });

  it('saves one’s own details through the own-profile call, on one’s own row too', async () => {
    renderAt('/accounts/42/users/me', (method, path) =>
      method === 'GET' && path === '/v1.0/users'
        ? testResponse(200, { ...cat, phoneNumber: '+44 117 496 0000' })
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(calls[0].path).toBe('/v1.0/users');
    // /users answers the stored text, which the form shows as its code and number.
    const first = screen.getByRole('group', { name: 'Phone number 1' });
    expect(within(first).getByLabelText('Number')).toHaveValue('0117 496 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.path).toBe('/v1.0/operator-users/operator'));
  });
});
