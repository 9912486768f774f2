// The Tasks dashboard against a mocked API: tabs through the fragment, paging, columns and labels.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { testResponse } from '../../../test/web/responses';
import { useSession } from '../../stores/session';
import type { WorkItem } from '../../../domain/work-items';
import DashboardPage from './dashboard-page';

const fetchMock = jest.fn();

function item(n: number, fields: Partial<WorkItem> = {}): WorkItem {
  return {
    taskId: n,
    taskType: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
    taskAssignee: { firstName: 'Ann', lastName: 'Smith' },
    daysRemaining: null,
    requestId: `AP${String(n).padStart(6, '0')}-P3`,
    requestType: 'ACTION_PLAN_P3',
    accountId: n,
    accountName: `Organisation ${n}`,
    accountRegistrationNumber: `RN${n}`,
    accountOrganisationId: `ORG${String(n).padStart(6, '0')}`,
    isNew: false,
    ...fields,
  };
}

/** 23 tasks assigned to me, 3 assigned to others, none unassigned. */
function answer(url: string) {
  const u = new URL(url, 'http://localhost');
  const page = Number(u.searchParams.get('page'));
  const size = Number(u.searchParams.get('size'));
  const all = u.pathname.endsWith('assigned-to-me')
    ? Array.from({ length: 23 }, (_, i) => item(i + 1))
    : u.pathname.endsWith('assigned-to-others')
      ? [item(101, { taskAssignee: { firstName: '', lastName: 'Jones' } }), item(102), item(103)]
      : [];
  return testResponse(200, { items: all.slice(page * size, page * size + size), totalItems: all.length });
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string) => answer(url));
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  window.history.replaceState(null, '', '/dashboard');
  useSession.setState({
    signedIn: true,
    userState: { userId: 'u1', roleType: 'OPERATOR', status: 'ENABLED' },
    regulatorPermissions: null,
  });
});

const renderPage = () =>
  render(
    <Router>
      <DashboardPage />
    </Router>,
  );

const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url));

describe('the Tasks dashboard', () => {
  it('shows the assigned-to-me tab by default, 10 a page, with the spec columns', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    expect(calledPaths()).toEqual(['/api/v1.0/ORGANISATION/items/assigned-to-me?page=0&size=10']);
    expect(screen.getByRole('tab', { name: 'Assigned to me' })).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Task', 'Days remaining', 'Organisation name', 'Registration number', 'Organisation ID']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('link', { name: 'Submit Phase 3 Action Plan' })[0]).toHaveAttribute(
      'href',
      '/tasks/1',
    );
  });

  it('pages with the pagination component and keeps the page in the query string', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Showing 1 to 10 of 23 results');
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21 to 23 of 23 results')).toBeInTheDocument();
    expect(calledPaths().at(-1)).toBe('/api/v1.0/ORGANISATION/items/assigned-to-me?page=2&size=10');
    expect(window.location.search).toBe('?page=3');
  });

  it('switching tabs resets to page 1 and shows Assigned to only on assigned-to-others', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard?page=2');
    renderPage();
    await screen.findByText('Showing 11 to 20 of 23 results');
    await user.click(screen.getByRole('tab', { name: 'Assigned to others' }));
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    expect(window.location.hash).toBe('#assigned-to-others');
    expect(window.location.search).toBe('');
    expect(calledPaths().at(-1)).toBe('/api/v1.0/ORGANISATION/items/assigned-to-others?page=0&size=10');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Assigned to');
    // A full name, or the last name alone when there is no first name.
    expect(within(table).getByText('Jones')).toBeInTheDocument();
    expect(within(table).getAllByText('Ann Smith')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Unassigned' }));
    expect(await screen.findByText('There are no tasks.')).toBeInTheDocument();
  });

  it('opens the tab named in the fragment', async () => {
    window.history.replaceState(null, '', '/dashboard#unassigned');
    renderPage();
    await screen.findByText('There are no tasks.');
    expect(calledPaths()).toEqual(['/api/v1.0/ORGANISATION/items/unassigned?page=0&size=10']);
  });

  it('shows the New tag, days remaining, Overdue, the request-id fallback and links only for the six request types', async () => {
    fetchMock.mockImplementation(async () =>
      testResponse(200, {
        items: [
          item(1, { isNew: true, daysRemaining: 5 }),
          item(2, { daysRemaining: 0 }),
          item(3, { daysRemaining: -2 }),
          item(4, { taskType: 'SOMETHING_ELSE', requestType: 'SOMETHING_ELSE', requestId: 'XYZ000004-P3' }),
        ],
        totalItems: 4,
      }),
    );
    renderPage();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(rows[0]).getByText('New')).toHaveClass('govuk-tag');
    expect(within(rows[0]).getByText('5')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[3]).getByText('P3')).toBeInTheDocument();
    expect(within(rows[3]).queryByRole('link')).toBeNull();
    expect(within(rows[1]).queryByText('New')).toBeNull();
  });

  it("offers operators 'Add another organisation account', and regulators the upload only with the permission", async () => {
    const { unmount } = renderPage();
    expect(screen.getByRole('heading', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add another organisation account' })).toHaveAttribute(
      'href',
      '/accounts/new',
    );
    await screen.findByText('Showing 1 to 10 of 23 results');
    unmount();

    useSession.setState({
      userState: { userId: 'r1', roleType: 'REGULATOR', status: 'ENABLED' },
      regulatorPermissions: { MANAGE_VERIFIED_ORGANISATION_ACCOUNTS: 'NONE' },
    });
    const second = renderPage();
    expect(screen.queryByRole('link', { name: 'Add another organisation account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upload file with verified organisation accounts' })).toBeNull();
    await screen.findByText('Showing 1 to 10 of 23 results');
    second.unmount();

    useSession.setState({ regulatorPermissions: { MANAGE_VERIFIED_ORGANISATION_ACCOUNTS: 'EXECUTE' } });
    renderPage();
    expect(screen.getByRole('link', { name: 'Upload file with verified organisation accounts' })).toHaveAttribute(
      'href',
      '/upload-organisation-accounts',
    );
    await waitFor(() => expect(screen.getByText('Showing 1 to 10 of 23 results')).toBeInTheDocument());
  });
});
