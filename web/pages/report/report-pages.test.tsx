// The report pages against a mocked API that applies section saves with the server's own code
// (applySectionSave), so what the pages send is parsed as the server parses it.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch } from 'wouter';
import { testResponse } from '../../../test/web/responses';
import { axeViolations, mockTaskApi, taskView, type TaskApi } from '../../../test/web/task-api';
import { useSession } from '../../stores/session';
import TasksPage from '../task/tasks-page';
import SectionPage from './section-page';
import ReportActionPage from './report-action-page';
import { applySectionSave, reportDraftOf, type SectionSave } from '../../../domain/reports/report';
import { notificationReport } from '../../../processes/notification-of-compliance/report';
import {
  NOTIFICATION_SUBMIT,
  SAVE_NOTIFICATION,
  SEND_NOTIFICATION_TO_EDIT,
  SUBMIT_NOTIFICATION,
} from '../../../processes/notification-of-compliance/codes';

const fetchMock = jest.fn();

function setup(payload: Record<string, unknown> = {}): TaskApi {
  const task = taskView(NOTIFICATION_SUBMIT, payload, {
    allowed: [SAVE_NOTIFICATION, SUBMIT_NOTIFICATION, SEND_NOTIFICATION_TO_EDIT],
  });
  task.requestInfo = { ...task.requestInfo, id: 'NOC000042-P3', type: 'NOTIFICATION_OF_COMPLIANCE_P3' };
  const api: TaskApi = {
    task,
    timeline: [],
    posted: [],
    answer: (action) => {
      if (action.requestTaskActionType !== SAVE_NOTIFICATION) return undefined;
      const result = applySectionSave(
        notificationReport,
        reportDraftOf(api.task.requestTask.payload),
        action.requestTaskActionPayload as SectionSave,
        {},
      );
      if ('issues' in result)
        return testResponse(400, {
          code: 'REPORT_SECTION_INVALID',
          message: result.issues[0]!.message,
          fields: result.issues.map((i) => ({ field: i.path, message: i.message })),
        });
      const current = api.task.requestTask;
      api.task = {
        ...api.task,
        requestTask: { ...current, payload: { ...current.payload, ...result.draft }, version: current.version + 1 },
      };
      return testResponse(200, { requestTaskId: current.id, version: current.version + 1, payload: result.draft });
    },
  };
  return mockTaskApi(api, fetchMock);
}

function renderAt(path: string) {
  useSession.setState({
    signedIn: true,
    userState: { userId: 'op-1', roleType: 'OPERATOR', status: 'ENABLED' },
    regulatorPermissions: null,
  });
  window.history.replaceState(null, '', path);
  return render(
    <Router>
      <Switch>
        <Route path="/tasks/:taskId" component={TasksPage} />
        <Route path="/tasks/:taskId/section/:sectionId/:stepId?" component={SectionPage} />
        <Route path="/tasks/:taskId/:action" component={ReportActionPage} />
      </Switch>
    </Router>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

describe('the notification task list', () => {
  it('lists the sections that apply with their statuses; Submit waits until all are completed', async () => {
    setup();
    renderAt('/tasks/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Submit Phase 3 notification' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. Reporting obligation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reporting obligation' })).toHaveAttribute(
      'href',
      '/tasks/7/section/reportingObligation',
    );
    expect(screen.getByText('Not started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit to regulator' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send for review' })).toHaveAttribute('href', '/tasks/7/send-for-review');
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe('a section, page by page', () => {
  it('asks, refuses an empty answer, saves, shows the summary and completes the section', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderAt('/tasks/7/section/reportingObligation');
    // Not started: it opens on its first question.
    const question = await screen.findByRole('group', { name: 'Does your organisation qualify for ESOS?' });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      await within(screen.getByRole('alert')).findByRole('link', {
        name: 'Select whether your organisation qualifies for ESOS',
      }),
    ).toBeInTheDocument();
    expect(api.posted).toEqual([]);

    await user.click(
      within(question).getByLabelText(
        'No, the organisation does not qualify for ESOS and will not submit a notification',
      ),
    );
    await user.type(screen.getByLabelText('Explain why your organisation does not qualify for ESOS'), 'Too small');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reporting obligation' })).toBeInTheDocument();
    expect(api.posted[0]).toEqual({
      requestTaskId: 7,
      requestTaskActionType: SAVE_NOTIFICATION,
      requestTaskActionPayload: {
        section: 'reportingObligation',
        data: { qualificationType: 'NOT_QUALIFY', noQualificationReason: 'Too small' },
        complete: false,
      },
      version: 3,
    });
    expect(screen.getByText('Too small')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Change/ })[0]).toHaveAttribute(
      'href',
      '/tasks/7/section/reportingObligation/qualification?change=true',
    );
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm and complete' }));
    await waitFor(() => expect(api.posted).toHaveLength(2));
    expect(api.posted[1]).toMatchObject({
      requestTaskActionPayload: { section: 'reportingObligation', complete: true },
      version: 4,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Submit Phase 3 notification' })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit to regulator' })).toHaveAttribute('href', '/tasks/7/submit');
  });
});

describe('submitting', () => {
  it('shows each refusal of the server with a link to its page and a Change … answers link', async () => {
    const api = setup({
      report: { reportingObligation: { qualificationType: 'NOT_QUALIFY', noQualificationReason: 'x' } },
      sectionsCompleted: { reportingObligation: 'COMPLETED' },
    });
    api.answer = (action) =>
      action.requestTaskActionType === SUBMIT_NOTIFICATION
        ? testResponse(400, {
            code: 'NOC1001',
            message: 'Invalid NOC',
            fields: [
              {
                field: 'noQualificationReason',
                message: 'Enter a reason',
                section: 'reportingObligation',
                step: 'qualification',
              },
            ],
          })
        : undefined;
    const user = userEvent.setup();
    renderAt('/tasks/7/submit');
    expect(await screen.findByText('Your notification will be sent directly to your regulator.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByRole('link', { name: 'Enter a reason' })).toHaveAttribute(
      'href',
      '/tasks/7/section/reportingObligation/qualification?change=true',
    );
    expect(alert.getByRole('link', { name: 'Change reporting obligation answers' })).toHaveAttribute(
      'href',
      '/tasks/7/section/reportingObligation',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('ends on the panel with the reference and the regulator', async () => {
    setup({
      report: { reportingObligation: { qualificationType: 'NOT_QUALIFY', noQualificationReason: 'x' } },
      sectionsCompleted: { reportingObligation: 'COMPLETED' },
    });
    const user = userEvent.setup();
    renderAt('/tasks/7/submit');
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findByRole('heading', { name: 'Notification sent to regulator' })).toBeInTheDocument();
    expect(screen.getByText('Your reference is NOC000042-P3')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The notification has been sent to Environment Agency. Contact your regulator if you need to make any updates to the notification.',
      ),
    ).toBeInTheDocument();
  });
});
