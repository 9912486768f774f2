// The account's 'Change details' against a mocked API: the activity (classification) codes are
// edited beside the name and address, a SIC code says which activity it is, the rules of the
// application apply, and the saved codes are sent. axe finds nothing.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, testResponse, type FetchCall } from '../../../test/web/responses';
import { axeViolations } from '../../../test/web/task-api';
import { DetailsTab } from './details-tab';
import type { OrganisationAccountDto } from '../../../domain/accounts';

const calls: FetchCall[] = [];
const account: OrganisationAccountDto = {
  id: 42,
  organisationId: 'ORG000042',
  name: 'Acme Ltd',
  registrationNumber: '01234567',
  status: 'LIVE',
  competentAuthority: 'ENGLAND',
  address: { line1: '1 Mill Lane', line2: null, city: 'Leeds', county: null, postcode: 'LS1 1AA' },
  codes: { type: 'SIC', otherTypeName: null, codes: ['24100'] },
  acceptedAt: null,
  editable: true,
};

beforeEach(() => {
  calls.length = 0;
  mockFetch(calls, ({ method, path, body }) => {
    if (path === '/v1.0/data')
      return testResponse(200, {
        SIC_CODES: [
          { code: '24100', description: 'Manufacture of basic iron and steel', section: 'C' },
          { code: '47799', description: 'Retail sale of other second-hand goods in stores', section: 'G' },
        ],
      });
    if (method === 'POST') return testResponse(200, { ...account, ...(body as object) });
    return testResponse(404, { message: 'Not found' });
  });
});

it('changes the activity codes with the name and address, each SIC code named', async () => {
  const user = userEvent.setup();
  const changed = jest.fn();
  const { container } = render(<DetailsTab account={account} onChange={changed} />);
  await user.click(screen.getByRole('button', { name: 'Change details' }));
  expect(screen.getByLabelText('Code 1')).toHaveValue('24100');
  expect(await screen.findByText('Manufacture of basic iron and steel')).toBeInTheDocument();
  expect(await axeViolations(container)).toEqual([]);

  // The application's rules: a code may not be left blank.
  await user.clear(screen.getByLabelText('Code 1'));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(within(await screen.findByRole('alert')).getByText('Enter a code')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await user.type(screen.getByLabelText('Code 1'), '24100');
  await user.click(screen.getByRole('button', { name: 'Add another code' }));
  await user.type(screen.getByLabelText('Code 2'), '47799');
  expect(screen.getByText('Retail sale of other second-hand goods in stores')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const [post] = calls.filter((c) => c.method === 'POST');
  expect(post).toMatchObject({
    path: '/v1.0/organisation/accounts/42',
    body: { name: 'Acme Ltd', codes: { type: 'SIC', codes: ['24100', '47799'] } },
  });
  expect(changed).toHaveBeenCalledWith(
    expect.objectContaining({ codes: expect.objectContaining({ codes: ['24100', '47799'] }) }),
  );
});
