import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { StandardReport } from './standard-report';

const fetchMock = jest.fn();
const page = (over: Record<string, unknown> = {}) => ({
  reportType: 'COMPLETED_WORK',
  sheets: ['Data'],
  sheet: 'Data',
  columnNames: ['Account ID', 'Account name'],
  results: [['ORG000001', 'Acme']],
  total: 1,
  page: 0,
  size: 20,
  ...over,
});
const bodies = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/mireports')).map(([, init]) => JSON.parse(init.body));

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  window.history.replaceState(null, '', '/mi-reports/completed-work');
});

it('shows a page of the report and asks again for the period chosen', async () => {
  fetchMock.mockImplementation(async () => testResponse(200, page()));
  render(<StandardReport type="COMPLETED_WORK" />);
  expect(await screen.findByRole('cell', { name: 'Acme' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download as Excel (.xlsx)' })).toBeInTheDocument();
  const user = userEvent.setup();
  const from = screen.getByRole('group', { name: 'From' });
  await user.type(within(from).getByLabelText('Day'), '1');
  await user.type(within(from).getByLabelText('Month'), '2');
  await user.type(within(from).getByLabelText('Year'), '2025');
  const to = screen.getByRole('group', { name: 'To' });
  await user.type(within(to).getByLabelText('Day'), '31');
  await user.type(within(to).getByLabelText('Month'), '1');
  await user.type(within(to).getByLabelText('Year'), '2025');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(
    await within(screen.getByRole('alert')).findByRole('link', {
      name: 'The to date must be the same as or after the from date',
    }),
  ).toBeInTheDocument();
  await user.clear(within(to).getByLabelText('Day'));
  await user.type(within(to).getByLabelText('Day'), '28');
  await user.clear(within(to).getByLabelText('Month'));
  await user.type(within(to).getByLabelText('Month'), '2');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() =>
    expect(bodies().at(-1)).toEqual({
      reportType: 'COMPLETED_WORK',
      fromDate: '2025-02-01',
      toDate: '2025-02-28',
      page: 0,
      size: 20,
    }),
  );
});
