import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { useSession } from '../../stores/session';
import UploadOrganisationAccountsPage from './upload-organisation-accounts';

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  useSession.setState({
    userState: { userId: 'r1', roleType: 'REGULATOR', status: 'ENABLED' },
    regulatorPermissions: { MANAGE_VERIFIED_ORGANISATION_ACCOUNTS: 'EXECUTE' },
  });
});

const csv = (text: string, name = 'verified.csv') => new File([text], name, { type: 'text/csv' });
const errorsShown = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('link')
    .map((a) => a.textContent);
const expectErrors = (expected: string[]) => waitFor(() => expect(errorsShown()).toEqual(expected));

async function upload(file: File) {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText('Upload a file'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

it('lists every wrong row with its number and sends nothing', async () => {
  render(<UploadOrganisationAccountsPage />);
  await upload(csv('CRN,Email\r\n123,ann@example.test\r\n01234567,not-an-email\r\nSC123456,ann@example.test\r\n'));
  // Row 2 is wrong already, so among the good rows only row 4 holds that address: no duplicate.
  await expectErrors([
    'Row 2: If your Company Registration Number has fewer than 8 numbers, add zeroes at the start',
    'Row 3: Enter a valid email',
  ]);
  expect(fetchMock).not.toHaveBeenCalled();
  expect(document.title).toMatch(/^Error: /);
});

it('reports duplicates in the file and refuses files that are not CSV', async () => {
  render(<UploadOrganisationAccountsPage />);
  await upload(csv('CRN,Email\n01234567,a@example.test\n01234567,b@example.test\n'));
  await expectErrors([
    'Row 2: There are duplicated registration numbers in the file',
    'Row 3: There are duplicated registration numbers in the file',
  ]);
  await upload(
    new File(['x'], 'list.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  await expectErrors(['The selected file must be a CSV']);
  await upload(csv('Number,Email\n01234567,a@example.test'));
  await expectErrors(['Row 1: The file must have exactly two columns, headed CRN and Email']);
  expect(fetchMock).not.toHaveBeenCalled();
});

it('sends good rows with their row numbers and shows the server’s row errors the same way', async () => {
  fetchMock.mockResolvedValueOnce(
    testResponse(400, {
      code: 'ONBOARDING1002',
      message: 'x',
      fields: [
        { field: 'verifiedAccounts.1.email', row: 3, message: 'There are duplicated user emails in the system' },
      ],
    }),
  );
  render(<UploadOrganisationAccountsPage />);
  await upload(csv('\uFEFFCRN,Email\n01234567,Ann@Example.test\nSC123456,bob@example.test\n'));
  const [, init] = fetchMock.mock.calls[0]!;
  expect(JSON.parse(init.body)).toEqual({
    verifiedAccounts: [
      { row: 2, registrationNumber: '01234567', email: 'ann@example.test' },
      { row: 3, registrationNumber: 'SC123456', email: 'bob@example.test' },
    ],
  });
  expect(
    await screen.findByRole('link', { name: 'Row 3: There are duplicated user emails in the system' }),
  ).toBeInTheDocument();

  fetchMock.mockResolvedValueOnce(testResponse(201, { uploaded: 2 }));
  await upload(csv('CRN,Email\n01234567,ann@example.test\nSC123456,carol@example.test\n'));
  expect(await screen.findByText('2 verified organisation accounts were uploaded')).toBeInTheDocument();
});

it('tells a regulator without the permission that they cannot upload', () => {
  useSession.setState({ regulatorPermissions: { MANAGE_VERIFIED_ORGANISATION_ACCOUNTS: 'NONE' } });
  render(<UploadOrganisationAccountsPage />);
  expect(screen.getByText('You do not have permission to upload verified organisation accounts.')).toBeInTheDocument();
  expect(screen.queryByLabelText('Upload a file')).toBeNull();
});
