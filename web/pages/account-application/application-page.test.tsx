import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import AccountsNewPage from './application-page';

const fetchMock = jest.fn();
const company = {
  registrationNumber: 'SC123456',
  name: 'CLYDE STEEL LIMITED',
  address: {
    line1: '4 Harbour Road',
    line2: null,
    city: 'Glasgow',
    county: null,
    postcode: 'G1 1AA',
    country: 'Scotland',
  },
  sicCodes: ['24100', '25110'],
  location: 'SCOTLAND',
};

/** Answers by path; each test sets what the API says. */
function api(routes: Record<string, (init?: RequestInit) => ReturnType<typeof testResponse>>) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    const handler = routes[path];
    if (!handler) return testResponse(404, { code: 'NOT_FOUND', message: 'none' });
    return handler(init);
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

const registrationOk = {
  '/v1.0/organisation/account-onboarding/registration-number': () => testResponse(200, { registrationNumber: null }),
  '/v1.0/organisation/accounts/registration-number': () => testResponse(200, { exists: false }),
  '/v1.0/company-information/SC123456': () => testResponse(200, company),
};

it('asks whether the organisation is registered, with the reference messages', async () => {
  api(registrationOk);
  const user = userEvent.setup();
  render(<AccountsNewPage />);
  expect(
    screen.getByRole('group', { name: 'Is the UK organisation registered at Companies House?' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    within(screen.getByRole('alert')).getByRole('link', {
      name: 'Select yes if the organisation is registered at Companies House',
    }),
  ).toBeInTheDocument();
  expect(document.title).toMatch(/^Error: /);
  await user.click(screen.getByLabelText('Yes'));
  await user.type(screen.getByLabelText('Enter the Company Registration Number'), '1234');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    within(screen.getByRole('alert')).getByText(
      'If your Company Registration Number has fewer than 8 numbers, add zeroes at the start',
    ),
  ).toBeInTheDocument();
});

it('refuses a number already on a LIVE account, and one the register does not know', async () => {
  const user = userEvent.setup();
  api({
    ...registrationOk,
    '/v1.0/organisation/accounts/registration-number': () => testResponse(200, { exists: true }),
  });
  render(<AccountsNewPage />);
  await user.click(screen.getByLabelText('Yes'));
  await user.type(screen.getByLabelText('Enter the Company Registration Number'), 'sc123456');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    await screen.findByRole('link', {
      name: 'An organisation account already exists with the same registration number',
    }),
  ).toBeInTheDocument();

  api({
    ...registrationOk,
    '/v1.0/company-information/SC123456': () => testResponse(404, { code: 'NOTFOUND1001', message: 'x' }),
  });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    await screen.findByRole('link', { name: 'The registration number was not found at the Companies House' }),
  ).toBeInTheDocument();
});

it('prefills from the register, checks the details, and submits the application to the engine', async () => {
  const user = userEvent.setup();
  let sent: unknown;
  const keys: string[] = [];
  api({
    ...registrationOk,
    '/v1.0/organisation/account-onboarding/registration-number': () =>
      testResponse(200, { registrationNumber: 'SC123456' }),
    '/v1.0/requests': (init) => {
      sent = JSON.parse(String(init?.body));
      keys.push((init?.headers as Record<string, string>)['idempotency-key']);
      // The first attempt meets a restarting service.
      if (keys.length === 1)
        return testResponse(503, {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is unavailable. Try again in a few minutes.',
        });
      return testResponse(201, { requestId: 'ACC000042', requestStatus: 'IN_PROGRESS' });
    },
  });
  render(<AccountsNewPage />);
  // A verified applicant starts with Yes and their number.
  await waitFor(() => expect(screen.getByLabelText('Enter the Company Registration Number')).toHaveValue('SC123456'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Confirm the organisation details' }),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Registered name')).toHaveValue('CLYDE STEEL LIMITED');
  expect(screen.getByLabelText('Town or city')).toHaveValue('Glasgow');
  expect(screen.getByLabelText('Code 2')).toHaveValue('25110');
  await user.clear(screen.getByLabelText('Address line 1'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    within(screen.getByRole('alert')).getByText('Enter address line 1, typically the building and street'),
  ).toBeInTheDocument();
  await user.type(screen.getByLabelText('Address line 1'), '5 Quay Street');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // The location from Companies House is preselected.
  expect(screen.getByLabelText('Scotland')).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeInTheDocument();
  expect(screen.getByText('Scotland — regulated by Scottish Environment Protection Agency')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(
    await screen.findByRole('link', { name: 'The service is unavailable. Try again in a few minutes.' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(
    await screen.findByRole('heading', { name: 'We have received your organisation account application.' }),
  ).toBeInTheDocument();
  // The second attempt is the same application to the API: it carries the first one's key.
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{24}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(sent).toEqual({
    requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
    requestCreateActionPayload: {
      registeredAtCompaniesHouse: true,
      registrationNumber: 'SC123456',
      name: 'CLYDE STEEL LIMITED',
      address: { line1: '5 Quay Street', line2: null, city: 'Glasgow', county: null, postcode: 'G1 1AA' },
      codes: { type: 'SIC', otherTypeName: null, codes: ['24100', '25110'] },
      competentAuthority: 'SCOTLAND',
    },
  });
});

it('without a registration number, asks for everything; cancel resets the application', async () => {
  const user = userEvent.setup();
  api(registrationOk);
  render(<AccountsNewPage />);
  await user.click(
    screen.getByLabelText('No, the organisation is not registered and does not have a Company Registration Number'),
  );
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const summary = within(screen.getByRole('alert'));
  for (const message of [
    'Enter the registered name of the organisation',
    'Enter your town or city name',
    'Enter your postcode',
    'Enter a classification type',
    'Enter a code',
  ]) {
    expect(summary.getByText(message)).toBeInTheDocument();
  }
  await user.type(screen.getByLabelText('Registered name'), 'Mourne Dairies');
  await user.type(screen.getByLabelText('Address line 1'), '1 Main Street');
  await user.type(screen.getByLabelText('Town or city'), 'Newry');
  await user.type(screen.getByLabelText('Postcode'), 'BT34 1AA');
  await user.click(screen.getByLabelText('Other'));
  await user.type(screen.getByLabelText('Classification name'), 'NACE');
  await user.type(screen.getByLabelText('Code 1'), '10.51');
  await user.click(screen.getByRole('button', { name: 'Add another code' }));
  await user.type(screen.getByLabelText('Code 2'), '10.52');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    within(screen.getByRole('alert')).getByText('Select the country that the organisation is located in'),
  ).toBeInTheDocument();
  await user.click(screen.getByLabelText('Northern Ireland'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByText('10.51, 10.52')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Cancel application' }));
  expect(
    screen.getByRole('heading', { name: 'Are you sure you want to cancel this account application?' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
  expect(
    screen.getByLabelText('No, the organisation is not registered and does not have a Company Registration Number'),
  ).not.toBeChecked();
});
