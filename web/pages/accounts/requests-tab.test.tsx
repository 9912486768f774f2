// The account page's workflow tabs against a mocked API: the account's requests with status and a
// link to each request page, filtered by type and status with the search-by-account criteria.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { axeViolations } from '../../../test/jsdom-axe';
import { RequestsTab } from './requests-tab';

const fetchMock = jest.fn();
const bodies: Record<string, unknown>[] = [];
const rows = [
  {
    id: 'NOC000042-P3',
    requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
    requestStatus: 'COMPLETED',
    creationDate: '2026-11-20T10:00:00Z',
  },
  {
    id: 'AP000042-P3',
    requestType: 'ACTION_PLAN_P3',
    requestStatus: 'IN_PROGRESS',
    creationDate: '2026-11-21T10:00:00Z',
  },
];

beforeEach(() => {
  bodies.length = 0;
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { requestTypes: string[]; requestStatuses: string[] };
    bodies.push(body);
    const matching = rows.filter(
      (r) =>
        (!body.requestTypes.length || body.requestTypes.includes(r.requestType)) &&
        (!body.requestStatuses.length || body.requestStatuses.includes(r.requestStatus)),
    );
    return testResponse(200, { requestDetails: matching, total: matching.length });
  });
});

it('lists the requests with their status and a link to each request page, and passes axe', async () => {
  const { container } = render(<RequestsTab accountId={42} category="REPORTING" heading="Phases" empty="None yet." />);
  const link = await screen.findByRole('link', { name: 'NOC000042-P3' });
  expect(link).toHaveAttribute('href', '/accounts/42/workflows/NOC000042-P3');
  const row = link.closest('tr')!;
  expect(within(row).getByText('Phase 3 Notification')).toBeInTheDocument();
  expect(within(row).getByText('Completed')).toBeInTheDocument();
  expect(bodies[0]).toEqual({
    accountId: 42,
    category: 'REPORTING',
    requestTypes: [],
    requestStatuses: [],
    paging: { pageNumber: 0, pageSize: 50 },
  });
  expect(await axeViolations(container)).toEqual([]);
});

it('filters by type and status', async () => {
  const user = userEvent.setup();
  render(<RequestsTab accountId={42} category="REPORTING" heading="Phases" empty="None yet." />);
  await screen.findByRole('link', { name: 'AP000042-P3' });
  expect(
    within(screen.getByLabelText('Type'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([
    'All types',
    'Phase 3 Notification',
    'Phase 4 Notification',
    'Phase 3 Action Plan',
    'Phase 3 Progress Update 1',
    'Phase 3 Progress Update 2',
  ]);
  await user.selectOptions(screen.getByLabelText('Type'), 'Phase 3 Action Plan');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'NOC000042-P3' })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: 'AP000042-P3' })).toBeInTheDocument();
  expect(bodies.at(-1)).toMatchObject({ requestTypes: ['ACTION_PLAN_P3'], requestStatuses: [] });
  await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(await screen.findByText('No workflows match these filters.')).toBeInTheDocument();
  expect(bodies.at(-1)).toMatchObject({ requestTypes: ['ACTION_PLAN_P3'], requestStatuses: ['COMPLETED'] });
});
