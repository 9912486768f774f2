// A page process gets its task page from its home alone: the test-only site visit
// (test/processes/site-visit/) names its page 'visit-form' and the task page finds and shows
// pages/visit-form.tsx there, against a mocked API — its label, its form and its refusal, the action
// it posts, and the timeline entry's label from its definition. No generic file lists the page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINDINGS_REQUIRED, SITE_VISIT, SITE_VISIT_RECORD, SUBMIT_SITE_VISIT } from '../../../test/processes';
import { axeViolations, mockTaskApi, renderTaskPage, taskView } from '../../../test/web/task-api';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

it("shows the site visit's own page from its home, posts its action and names its timeline entry", async () => {
  const task = taskView(SITE_VISIT_RECORD, {}, { allowed: [SUBMIT_SITE_VISIT] });
  task.requestInfo = { ...task.requestInfo, id: 'TSV000042', type: SITE_VISIT };
  const api = mockTaskApi(
    {
      task,
      timeline: [
        { id: 1, type: 'TEST_SITE_VISIT_RECORDED', submitter: 'Olu Operator', creationDate: '2025-03-01T10:00:00Z' },
      ],
      posted: [],
    },
    fetchMock,
  );
  const user = userEvent.setup();
  renderTaskPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Record the site visit' })).toBeInTheDocument();
  expect(await screen.findByText('Site visit recorded by Olu Operator')).toBeInTheDocument();
  const findings = await screen.findByLabelText('What did you find?', {}, { timeout: 5000 });
  expect(await axeViolations(document.body)).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Submit the site visit' }));
  expect(await screen.findAllByText(FINDINGS_REQUIRED)).not.toHaveLength(0);
  expect(api.posted).toEqual([]);

  await user.type(findings, 'Two boilers past their service date');
  await user.click(screen.getByRole('button', { name: 'Submit the site visit' }));
  await waitFor(() =>
    expect(api.posted).toEqual([
      {
        requestTaskId: 7,
        requestTaskActionType: SUBMIT_SITE_VISIT,
        requestTaskActionPayload: { findings: 'Two boilers past their service date' },
      },
    ]),
  );
  expect(await screen.findByText('Your record has been submitted.')).toBeInTheDocument();
});
