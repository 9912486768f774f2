// Sign-up's details against a mocked API: 'Enter your details' with the real service's rules,
// 'Check your answers' with its Change links, Submit, and the panel; an invited user is told they
// wait for activation; before the e-mail is confirmed the page says to confirm it. axe finds nothing.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { axeViolations } from '../../../test/web/task-api';
import { useSession, type SessionState } from '../../stores/session';
import RegistrationRegisterPage from './registration-register';

// Start-up (the sign-in check) is not under test: the session is set here.
jest.mock('../../app/startup', () => ({
  ...jest.requireActual('../../app/startup'),
  startApp: () => Promise.resolve(),
  loadSignedInUser: () => Promise.resolve(),
}));

const fetchMock = jest.fn();
const posted: unknown[] = [];

function signedIn(status: 'NO_AUTHORITY' | 'ACCEPTED', emailConfirmed = true) {
  useSession.setState({
    signedIn: true,
    user: { firstName: 'Nia', lastName: 'Newcomer', email: 'nia@example.org' },
    userState: { userId: 'u1', roleType: 'OPERATOR', status },
    profile: {
      status: 'UNREGISTERED',
      emailConfirmed,
      email: 'nia@example.org',
      firstName: 'Nia',
      lastName: 'Newcomer',
    },
  } as Partial<SessionState>);
}

beforeEach(() => {
  posted.length = 0;
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return testResponse(200, {});
    }
    if (url === '/api/v1.0/users')
      return testResponse(200, { firstName: 'Nia', lastName: 'Newcomer', email: 'nia@example.org', address: null });
    return testResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
});

it('asks for the details with the real service’s rules, checks the answers, and creates the user account', async () => {
  const user = userEvent.setup();
  signedIn('NO_AUTHORITY');
  const { container } = render(<RegistrationRegisterPage />);
  expect(await screen.findByRole('heading', { name: 'Enter your details' })).toBeInTheDocument();
  expect(screen.getByText('Create user account')).toBeInTheDocument();
  // The names given with the sign-in start the form; the e-mail is the sign-in's, not asked again.
  await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nia'));
  expect(screen.getByText('nia@example.org')).toBeInTheDocument();
  const first = screen.getByRole('group', { name: 'Phone number 1' });
  expect(within(first).getByLabelText('Country code')).toHaveValue('44');
  expect(await axeViolations(container)).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const summary = within(await screen.findByRole('alert'));
  for (const message of ['Enter an address', 'Enter a town or city', 'Enter a postcode', 'Enter your phone number'])
    expect(summary.getByRole('link', { name: message })).toBeInTheDocument();
  expect(posted).toEqual([]);

  await user.type(screen.getByLabelText('Job title (optional)'), 'Energy manager');
  await user.type(screen.getByLabelText('Address line 1'), '1 Mill Lane');
  await user.type(screen.getByLabelText('Town or city'), 'Leeds');
  await user.type(screen.getByLabelText('Postcode'), 'LS1 1AA');
  await user.type(within(first).getByLabelText('Number'), '0113 496 0000x');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    await within(screen.getByRole('alert')).findByRole('link', {
      name: 'The phone number contains invalid characters',
    }),
  ).toBeInTheDocument();
  await user.type(within(first).getByLabelText('Number'), '{Backspace}');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByRole('heading', { name: 'Check your answers' })).toBeInTheDocument();
  expect(screen.getByText('+44 113 496 0000')).toBeInTheDocument();
  expect(screen.getByText('Energy manager')).toBeInTheDocument();
  expect(await axeViolations(container)).toEqual([]);
  // Change goes back to the field, the answers kept.
  await user.click(screen.getByRole('link', { name: 'Change job title' }));
  expect(screen.getByLabelText('Job title (optional)')).toHaveValue('Energy manager');
  await user.clear(screen.getByLabelText('Job title (optional)'));
  await user.type(screen.getByLabelText('Job title (optional)'), 'Site manager');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Site manager')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(
    await screen.findByRole('heading', { name: "You've successfully created a user account" }),
  ).toBeInTheDocument();
  expect(
    screen.getByText('You can now apply to create a new organisation account so you can start your ESOS reporting.'),
  ).toBeInTheDocument();
  expect(posted).toEqual([
    {
      url: '/api/v1.0/operator-users/registration/register',
      body: {
        firstName: 'Nia',
        lastName: 'Newcomer',
        jobTitle: 'Site manager',
        phoneNumber: { countryCode: '44', number: '0113 496 0000' },
        mobileNumber: null,
        address: { line1: '1 Mill Lane', line2: null, city: 'Leeds', county: null, postcode: 'LS1 1AA' },
      },
    },
  ]);
  expect(await axeViolations(container)).toEqual([]);
});

it('tells an invited user that their account must be activated', async () => {
  const user = userEvent.setup();
  signedIn('ACCEPTED');
  render(<RegistrationRegisterPage />);
  await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nia'));
  await user.type(screen.getByLabelText('Address line 1'), '1 Mill Lane');
  await user.type(screen.getByLabelText('Town or city'), 'Leeds');
  await user.type(screen.getByLabelText('Postcode'), 'LS1 1AA');
  await user.type(
    within(screen.getByRole('group', { name: 'Phone number 1' })).getByLabelText('Number'),
    '0113 496 0000',
  );
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(
    await screen.findByText(
      'Your user account must be activated by an Advanced user of the organisation account that invited you.',
    ),
  ).toBeInTheDocument();
});

it('asks to confirm the e-mail address first', async () => {
  signedIn('NO_AUTHORITY', false);
  render(<RegistrationRegisterPage />);
  expect(await screen.findByRole('heading', { name: 'Complete your registration' })).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalledWith('/api/v1.0/users', expect.anything());
});
