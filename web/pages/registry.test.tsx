// The SPA shows a process from its definition alone: the test-only survey (test/processes/survey.ts),
// which no product file names, gets its dashboard label and link, its timeline headings, its place in
// the account's Phases filter and its report's task list — with no edit to any page.
import { render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { testResponse } from '../../test/web/responses';
import { mockTaskApi, renderTaskPage, taskView } from '../../test/web/task-api';
import { SAVE_SURVEY, SUBMIT_SURVEY, SURVEY, SURVEY_SUBMIT } from '../../test/processes/survey';
import type { WorkItem } from '../../domain/work-items';
import { WorkItemsTable } from './dashboard/work-items-table';
import { Timeline } from './task/timeline';
import { RequestsTab } from './accounts/requests-tab';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

const survey: WorkItem = {
  taskId: 77,
  taskType: SURVEY_SUBMIT,
  taskAssignee: null,
  daysRemaining: null,
  requestId: 'SRV000042-T',
  requestType: SURVEY,
  accountId: 42,
  accountName: 'Survey Widgets Ltd',
  accountRegistrationNumber: null,
  accountOrganisationId: 'ORG000042',
  isNew: true,
};

it('lists its task on the dashboard by its label, linked to the task page', async () => {
  fetchMock.mockImplementation(async () => testResponse(200, { items: [survey], totalItems: 1 }));
  render(
    <Router>
      <WorkItemsTable list="unassigned" page={1} onPageChange={() => {}} />
    </Router>,
  );
  expect(await screen.findByRole('link', { name: 'Submit the lighting survey' })).toHaveAttribute('href', '/tasks/77');
});

it('heads its timeline entries with its own labels', () => {
  render(
    <Timeline
      entries={[
        { id: 1, type: 'TEST_SURVEY_SUBMITTED', submitter: 'Sam Surveyor', creationDate: '2026-11-20T10:00:00Z' },
      ]}
    />,
  );
  expect(screen.getByRole('heading', { name: 'Lighting survey submitted by Sam Surveyor' })).toBeInTheDocument();
});

it('offers it in the Phases filter of the account page', async () => {
  fetchMock.mockImplementation(async () =>
    testResponse(200, {
      requestDetails: [
        { id: 'SRV000042-T', requestType: SURVEY, requestStatus: 'IN_PROGRESS', creationDate: '2026-11-20T10:00:00Z' },
      ],
      total: 1,
    }),
  );
  render(<RequestsTab accountId={42} category="REPORTING" heading="Phases" empty="None yet." />);
  const link = await screen.findByRole('link', { name: 'SRV000042-T' });
  expect(within(link.closest('tr')!).getByText('Test lighting survey')).toBeInTheDocument();
  expect(
    within(screen.getByLabelText('Type'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toContain('Test lighting survey');
});

it("shows its task as its report's task list of sections", async () => {
  const task = taskView(
    SURVEY_SUBMIT,
    { report: {}, sectionsCompleted: {} },
    { allowed: [SAVE_SURVEY, SUBMIT_SURVEY] },
  );
  mockTaskApi(
    {
      task: { ...task, requestInfo: { ...task.requestInfo, id: 'SRV000042-T', type: SURVEY } },
      timeline: [],
      posted: [],
    },
    fetchMock,
  );
  renderTaskPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Submit the lighting survey' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Lighting survey' })).toBeInTheDocument();
});
