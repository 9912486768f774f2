// The request page against a mocked API: what a reader comes for comes first (status, submissions
// with their documents, the timeline), and what was last submitted follows, one closed section at a
// time, so a long report does not push the documents and the timeline thousands of pixels down;
// a phone number in them reads as one number with its country code.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { testResponse } from '../../../test/web/responses';
import { axeViolations } from '../../../test/jsdom-axe';
import { completeReports } from '../../../test/fixtures/notification-reports';
import { snapshotSections, taskTypeLabel } from '../../../processes';
import RequestPage from './request-page';

const fetchMock = jest.fn();
const snapshot = completeReports.esos95To100;
const submitted = {
  id: 7,
  type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED',
  submitter: 'Nia Notifier',
  creationDate: '2026-11-20T10:00:00Z',
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/v1.0/requests/NOC000042-P3')
      return testResponse(200, {
        id: 'NOC000042-P3',
        type: 'NOTIFICATION_OF_COMPLIANCE_P3',
        status: 'COMPLETED',
        accountId: 42,
        submissionDate: '2026-11-20T10:00:00Z',
      });
    if (u.pathname === '/api/v1.0/request-actions') return testResponse(200, [submitted]);
    if (u.pathname === '/api/v1.0/request-actions/7')
      return testResponse(200, {
        ...submitted,
        payload: snapshot,
        fileDocuments: { 'd0c00000-0000-4000-8000-000000000001': 'NOC000042-P3 Phase 3 Notification.pdf' },
      });
    if (u.pathname.startsWith('/api/v1.0/requests/available-workflows/')) return testResponse(200, {});
    if (u.pathname === '/api/v1.0/items/NOC000042-P3')
      return testResponse(200, {
        items: [
          {
            taskId: 91,
            taskType: 'NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT',
            taskAssignee: { firstName: 'Nia', lastName: 'Notifier' },
            daysRemaining: null,
            requestId: 'NOC000042-P3',
            requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
            accountId: 42,
            accountName: 'Acme',
            accountRegistrationNumber: null,
            accountOrganisationId: null,
            isNew: false,
          },
        ],
        totalItems: 1,
      });
    return testResponse(404, { message: 'not found' });
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

it('puts the status, the documents and the timeline first, and the answers behind their section headings', async () => {
  const { hook } = memoryLocation({ path: '/accounts/42/workflows/NOC000042-P3', static: true });
  const { container } = render(
    <Router hook={hook}>
      <Route path="/accounts/:accountId/workflows/:requestId">
        <RequestPage />
      </Route>
    </Router>,
  );
  await screen.findByRole('link', { name: 'NOC000042-P3 Phase 3 Notification.pdf (download)' }, { timeout: 30_000 }); // a whole notification's answers: slow on a loaded machine
  expect(screen.getByText('Completed')).toBeInTheDocument();
  const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(headings).toEqual([
    'Tasks to complete',
    'Submissions and documents',
    'Timeline and notes',
    'Timeline',
    'What was submitted',
  ]);
  // Each open task the caller may see, with who holds it and its account-context address.
  const label = taskTypeLabel('NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT')!;
  expect(screen.getByRole('heading', { level: 3, name: label })).toBeInTheDocument();
  expect(screen.getByText('Assigned to Nia Notifier')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: `View task ${label}` })).toHaveAttribute(
    'href',
    '/accounts/42/workflows/NOC000042-P3/tasks/91',
  );
  // The submission's timeline entry opens what was submitted, read from its snapshot.
  const timeline = screen.getByRole('heading', { level: 2, name: 'Timeline' }).parentElement!;
  const view = timeline.querySelector<HTMLElement>('li details')!;
  expect(view.querySelector('summary')!.textContent).toMatch(/^View details/);
  await userEvent.setup().click(view.querySelector('summary')!);
  expect(await within(view).findAllByText('Phone number')).not.toHaveLength(0);

  // One closed section per report section, named by its heading.
  const sections = snapshotSections('NOTIFICATION_OF_COMPLIANCE_P3', '', snapshot);
  expect(sections.length).toBeGreaterThan(3);
  const answers = screen.getByRole('heading', { level: 2, name: 'What was submitted' });
  const details = [...container.querySelectorAll('h2 ~ details')].filter(
    (d) => answers.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING,
  ) as HTMLDetailsElement[];
  expect(details.map((d) => d.querySelector('summary')!.textContent)).toEqual(sections.map((s) => s.title));
  expect(details.every((d) => !d.open)).toBe(true);
  await userEvent.setup().click(details[0]!.querySelector('summary')!);
  expect(details[0]!.open).toBe(true);
  // A phone number reads as one: '+44 1228 960123', not '44' on a line of its own.
  const phone = screen.getAllByText('Phone number').find((key) => key.closest('details'));
  expect(phone!.nextElementSibling!.textContent).toBe('+44 1228 960123');
  expect(await axeViolations(container)).toEqual([]);
});
