import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import Change2faPage from './change-2fa';

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

it('asks for a code, shows the API’s refusal on the field, then says the link was e-mailed', async () => {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    expect(url).toBe('/api/v1.0/users/security-setup/2fa/request-change');
    sent.push(JSON.parse(String(init?.body)));
    return sent.length === 1
      ? testResponse(400, { code: 'OTP1001', message: 'The code is not correct', field: 'password' })
      : testResponse(204, null);
  });
  render(<Change2faPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Change your authenticator app' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    within(screen.getByRole('alert')).getByRole('link', { name: 'Enter the 6-digit code from your authenticator app' }),
  ).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();

  await user.type(screen.getByLabelText('Enter the 6-digit code from your authenticator app'), '123456');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('link', { name: 'The code is not correct' })).toBeInTheDocument();

  await user.clear(screen.getByLabelText('Enter the 6-digit code from your authenticator app'));
  await user.type(screen.getByLabelText('Enter the 6-digit code from your authenticator app'), '654321');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  expect(sent).toEqual([{ password: '123456' }, { password: '654321' }]);
});
