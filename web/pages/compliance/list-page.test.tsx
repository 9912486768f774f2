// The compliance list's words for one organisation and for none (issue 39 item 6: "these 1
// organisations"), against a mocked API: the count, the reminder and the request for information in
// the singular, a list reminded already said so, and an empty list said plainly with no buttons.
import { render, screen } from '@testing-library/react';
import { mockFetch, testResponse, type FetchCall } from '../../../test/web/responses';
import { axeViolations } from '../../../test/jsdom-axe';
import { useSession } from '../../stores/session';
import type { ComplianceListRow } from '../../../domain/compliance';
import ComplianceListPage from './list-page';

const one: ComplianceListRow = {
  accountId: 42,
  organisationId: 'ORG000042',
  name: 'Quarry Bakeries Ltd',
  registrationNumber: '01234567',
  state: 'NOT_STARTED',
  overdue: true,
  requestId: null,
  dueDate: '2026-12-06T00:00:00Z',
  lastReminder: null,
  assignee: null,
};

/** The list answers `rows`; a chase of it would remind `remindable` of them. */
function api(rows: ComplianceListRow[], remindable: number): FetchCall[] {
  const calls: FetchCall[] = [];
  mockFetch(calls, (call) => {
    if (call.path === '/v1.0/compliance/accounts')
      return testResponse(200, {
        requestType: 'ACTION_PLAN_P3',
        reportName: 'Action Plan',
        state: 'OVERDUE',
        category: null,
        categoryLabel: null,
        rows,
        total: rows.length,
        page: 0,
        size: 20,
      });
    if (call.path === '/v1.0/compliance/chases/check')
      return testResponse(200, {
        reportName: 'Action Plan',
        count: remindable,
        remindedAlready: rows
          .slice(remindable)
          .map((r) => ({ accountId: r.accountId, name: r.name, at: '2026-11-28' })),
        intervalDays: 7,
        organisations: [],
        template: { name: '', subject: '', body: '' },
      });
    return testResponse(404, { message: 'Not found' });
  });
  return calls;
}

beforeEach(() => {
  window.history.pushState({}, '', '/compliance/accounts?requestType=ACTION_PLAN_P3&state=OVERDUE');
  useSession.setState({ regulatorPermissions: { REQUEST_FOR_INFORMATION: 'EXECUTE' } as never });
});

it('writes one organisation in the singular: its count, its reminder and its request for information', async () => {
  api([one], 1);
  const { container } = render(<ComplianceListPage />);
  await screen.findByRole('button', { name: 'Send a reminder to this organisation' });
  expect(screen.getByRole('status')).toHaveTextContent(/^1 organisation$/);
  expect(screen.getByRole('button', { name: 'Send a request for information to this organisation' })).toBeVisible();
  expect(await axeViolations(container)).toEqual([]);
});

it('says one organisation reminded already was, and offers no reminder', async () => {
  api([one], 0);
  render(<ComplianceListPage />);
  await screen.findByText(
    'This organisation was sent a reminder about this report in the last 7 days, so no reminder can be sent now.',
  );
  expect(screen.queryByRole('button', { name: /^Send a reminder/ })).toBeNull();
});

it('says an empty list has no organisations, with nothing to send', async () => {
  api([], 0);
  const { container } = render(<ComplianceListPage />);
  await screen.findByText('There are no organisations in this list.');
  expect(screen.getByRole('status')).toHaveTextContent(/^0 organisations$/);
  expect(screen.queryByRole('button', { name: /^Send a / })).toBeNull();
  expect(container.querySelector('table')).toBeNull();
  expect(await axeViolations(container)).toEqual([]);
});
