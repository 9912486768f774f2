// The account page's Audit trail tab against a mocked API: entries in words, who acted as which
// authority and from where, paged in the database 20 at a time.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { AuditTab } from './audit-tab';
import type { AuditEntryDto } from '../../../domain/audit';
import { axeViolations } from '../../../test/jsdom-axe';

const fetchMock = jest.fn();
const queries: URLSearchParams[] = [];

const entry = (id: number, over: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id,
  at: '2026-03-01T10:05:00Z',
  actor: {
    userId: 'u1',
    name: 'Rhian Reviewer',
    roleType: 'REGULATOR',
    authority: 'regulator of ENGLAND',
    actingAs: 'Regulator, Environment Agency',
  },
  address: '203.0.113.7',
  source: 'api',
  via: 'POST /api/v1.0/tasks/actions',
  entity: 'request_actions',
  operation: 'INSERT',
  entityKey: String(id),
  requestId: 'ACC000042',
  details: { type: 'ORGANISATION_ACCOUNT_OPENING_APPROVED' },
  description: 'Organisation account approved by Rhian Reviewer',
  ...over,
});

beforeEach(() => {
  queries.length = 0;
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  fetchMock.mockImplementation(async (url: string) => {
    const u = new URL(url, 'http://localhost');
    expect(u.pathname).toBe('/api/v1.0/accounts/42/audit-entries');
    queries.push(u.searchParams);
    const system = entry(1, {
      actor: null,
      address: null,
      source: 'workflow',
      description: 'Account status changed from Awaiting approval to Live',
    });
    return testResponse(200, {
      totalItems: 45,
      auditEntries:
        u.searchParams.get('page') === '0'
          ? [entry(2), system]
          : [entry(3, { description: 'Rhian Reviewer added a note to the account' })],
    });
  });
});

it('shows who did what, when and from where, newest first, and pages through the database', async () => {
  const user = userEvent.setup();
  const { container } = render(<AuditTab accountId={42} />);
  const rows = await screen.findAllByRole('row');
  expect(
    within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([
    '1 March 2026 at 10:05',
    'Organisation account approved by Rhian ReviewerRequest ACC000042',
    'Regulator, Environment AgencyFrom 203.0.113.7',
  ]);
  expect(
    within(rows[2]!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([
    '1 March 2026 at 10:05',
    'Account status changed from Awaiting approval to LiveRequest ACC000042',
    'The serviceAutomatic',
  ]);
  expect(queries[0]!.get('size')).toBe('20');
  expect(await axeViolations(container)).toEqual([]);
  await user.click(screen.getByRole('link', { name: /Next/ }));
  await waitFor(() => expect(screen.getByText('Rhian Reviewer added a note to the account')).toBeInTheDocument());
  expect(queries.at(-1)!.get('page')).toBe('1');
});
