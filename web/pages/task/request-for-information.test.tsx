// The request for information's task pages against a mocked API: the regulator's form (its
// messages, the API's refusal of a past deadline at the date, the outcome), and the operator's
// page showing the questions and deadline. The real journey: e2e/rfi.test.ts.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import {
  RFI_APPLICATION_SUBMIT,
  RFI_CANCEL,
  RFI_RESPONSE,
  RFI_RESPONSE_SUBMIT,
  RFI_SUBMIT,
} from '../../../processes/request-for-information/codes';
import {
  DEADLINE_IN_FUTURE,
  DEADLINE_REQUIRED,
  QUESTIONS_REQUIRED,
  RESPONSE_REQUIRED,
} from '../../../processes/request-for-information/request';
import { axeViolations, mockTaskApi, renderTaskPage, taskView, type TaskApi } from '../../../test/web/task-api';

const fetchMock = jest.fn();

function setup(type: string, payload: Record<string, unknown>, allowed: string[], answer?: TaskApi['answer']): TaskApi {
  const task = taskView(type, payload, { allowed });
  task.requestInfo = { ...task.requestInfo, id: 'RFI000042-1', type: 'RFI' };
  return mockTaskApi({ task, timeline: [], posted: [], answer }, fetchMock);
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

const summary = () => within(screen.getByRole('alert'));

describe("the regulator's request for information", () => {
  it('asks for the questions and a deadline, in the error summary, and is accessible', async () => {
    const api = setup(RFI_APPLICATION_SUBMIT, {}, [RFI_SUBMIT, RFI_CANCEL]);
    const user = userEvent.setup();
    renderTaskPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Request for information' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cancel task' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send request for information' }));
    expect(summary().getByRole('link', { name: QUESTIONS_REQUIRED })).toBeInTheDocument();
    expect(summary().getByRole('link', { name: DEADLINE_REQUIRED })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Error: Request for information/));
    expect(api.posted).toEqual([]);
  });

  it("shows the API's refusal of a past deadline at the date, then sends it", async () => {
    let refuse = true;
    const api = setup(RFI_APPLICATION_SUBMIT, {}, [RFI_SUBMIT, RFI_CANCEL], () =>
      refuse
        ? testResponse(400, {
            code: 'FORM_VALIDATION',
            message: DEADLINE_IN_FUTURE,
            fields: [{ field: 'deadline', message: DEADLINE_IN_FUTURE }],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderTaskPage();
    await user.type(
      await screen.findByLabelText('What information do you need?'),
      'Why has the organisation not notified?',
    );
    const date = screen.getByRole('group', { name: 'Deadline for the response' });
    await user.type(within(date).getByLabelText('Day'), '1');
    await user.type(within(date).getByLabelText('Month'), '1');
    await user.type(within(date).getByLabelText('Year'), '2020');
    await user.click(screen.getByRole('button', { name: 'Send request for information' }));
    expect(await summary().findByRole('link', { name: DEADLINE_IN_FUTURE })).toBeInTheDocument();

    refuse = false;
    await user.clear(within(date).getByLabelText('Year'));
    await user.type(within(date).getByLabelText('Year'), '2040');
    await user.click(screen.getByRole('button', { name: 'Send request for information' }));
    expect(await screen.findByRole('heading', { name: 'Request for information sent' })).toBeInTheDocument();
    expect(api.posted.at(-1)).toEqual({
      requestTaskId: 7,
      requestTaskActionType: RFI_SUBMIT,
      requestTaskActionPayload: {
        questions: 'Why has the organisation not notified?',
        deadline: { day: '1', month: '1', year: '2040' },
      },
    });
  });
});

describe("the operator's response", () => {
  it('shows the questions and the deadline, and needs a response', async () => {
    const api = setup(
      RFI_RESPONSE,
      { request: { questions: 'Send your energy audit.', deadline: '2040-03-10', attachments: {} } },
      [RFI_RESPONSE_SUBMIT],
    );
    const user = userEvent.setup();
    renderTaskPage();
    expect(await screen.findByText('Send your energy audit.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('10 March 2040')).toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    expect(summary().getByRole('link', { name: RESPONSE_REQUIRED })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your response' }), 'Attached.');
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    expect(await screen.findByRole('heading', { name: 'Response sent' })).toBeInTheDocument();
    expect(api.posted).toEqual([
      {
        requestTaskId: 7,
        requestTaskActionType: RFI_RESPONSE_SUBMIT,
        requestTaskActionPayload: { response: 'Attached.' },
      },
    ]);
  });
});
