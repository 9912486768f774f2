import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { CustomReport } from './custom-report';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

async function runQuery(sql: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('SQL query'));
  if (sql) await user.type(screen.getByLabelText('SQL query'), sql);
  await user.click(screen.getByRole('button', { name: 'Run query' }));
}

it('says what a query may give, and asks for a query before running anything', async () => {
  render(<CustomReport />);
  expect(
    screen.getByText(
      'A value may be at most 32,767 bytes, a row 256 KB and a page of results 2 MB; a download at most 50 MB, written within 60 seconds. You can run 2 queries at a time.',
    ),
  ).toBeInTheDocument();
  await runQuery('');
  expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Enter a SQL query' })).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('shows the rows of a query and, for a refused one, the reason in plain words', async () => {
  fetchMock.mockResolvedValueOnce(
    testResponse(200, {
      reportType: 'CUSTOM',
      columnNames: ['name'],
      results: [['Acme']],
      total: 1,
      truncated: false,
      rowLimit: 10000,
      page: 0,
      size: 20,
    }),
  );
  render(<CustomReport />);
  await runQuery('select name from accounts');
  expect(await screen.findByRole('cell', { name: 'Acme' })).toBeInTheDocument();
  expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({
    sqlQuery: 'select name from accounts',
    page: 0,
    size: 20,
  });
  expect(screen.getByRole('button', { name: 'Download as Excel (.xlsx)' })).toBeInTheDocument();

  fetchMock.mockResolvedValueOnce(
    testResponse(400, {
      code: 'REPORT1001',
      message: 'sqlQuery: public.accounts cannot be read: select from the listed tables, e.g. accounts',
      field: 'sqlQuery',
    }),
  );
  await runQuery('select * from public.accounts');
  const reason = 'public.accounts cannot be read: select from the listed tables, e.g. accounts';
  expect(await within(screen.getByRole('alert')).findByRole('link', { name: reason })).toBeInTheDocument();
  expect(screen.queryByRole('cell', { name: 'Acme' })).not.toBeInTheDocument();

  // Too many at once (429) or too large: the message says what to do.
  const busy = 'You already have 2 custom queries running. Wait for one to finish, then try again';
  fetchMock.mockResolvedValueOnce(testResponse(429, { code: 'REPORT1005', message: busy, field: 'sqlQuery' }));
  await runQuery('select name from accounts');
  expect(await within(screen.getByRole('alert')).findByRole('link', { name: busy })).toBeInTheDocument();
});
