// The regulator's review of an organisation account application, on the task page, against a mocked API.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { testResponse } from '../../../test/web/responses';
import { applicationDecisionSchema } from '../../../domain/accounts';
import { AMEND_APPLICATION, SUBMIT_DECISION } from '../../../processes/organisation-account-opening/codes';
import { axeViolations, mockTaskApi, renderTaskPage, taskView, type TaskApi } from '../../../test/web/task-api';

const fetchMock = jest.fn();

const application = {
  account: {
    name: 'Acme Widgets Ltd',
    registrationNumber: '01234567',
    competentAuthority: 'ENGLAND',
    address: { line1: '1 High Street', line2: null, city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1AA' },
    codes: { type: 'SIC', otherTypeName: null, codes: ['25110', '25990'] },
  },
  participantDetails: {
    firstName: 'Ann',
    lastName: 'Applicant',
    email: 'ann@acme.example',
    jobTitle: 'Director',
    phoneNumber: null,
  },
};

function setup(allowed: string[] = [AMEND_APPLICATION, SUBMIT_DECISION]): TaskApi {
  return mockTaskApi(
    {
      task: taskView('ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW', application, { allowed }),
      timeline: [
        {
          id: 1,
          type: 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED',
          submitter: 'Ann Applicant',
          creationDate: '2025-03-01T10:00:00Z',
        },
      ],
      posted: [],
    },
    fetchMock,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

const summary = () => within(screen.getByRole('alert'));
const row = (key: string) =>
  screen.getByText(key, { selector: 'dt' }).closest('.govuk-summary-list__row') as HTMLElement;

describe('the review of an organisation account application', () => {
  it('shows the application, the applicant and the timeline with the reference texts', async () => {
    setup();
    renderTaskPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review organisation account application' }),
    ).toBeInTheDocument();
    // The process's page (processes/organisation-account-opening/pages/) arrives when its chunk has loaded.
    expect(
      await screen.findByRole('heading', { name: 'Approve or reject this account application' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Use your judgement to make minor changes within the details if needed'),
    ).toBeInTheDocument();
    expect(row('Registered name')).toHaveTextContent('Acme Widgets Ltd');
    expect(row('Company Registration Number')).toHaveTextContent('01234567');
    expect(row('Registered office address')).toHaveTextContent('1 High StreetLeedsWest YorkshireLS1 1AA');
    // Each SIC code with its description from the UK SIC 2007 list, one a line.
    await waitFor(() =>
      expect(row('Classification codes (SIC codes)')).toHaveTextContent(
        '25110 – Manufacture of metal structures and parts of structures25990 – Manufacture of other fabricated metal products n.e.c.',
      ),
    );
    expect(row('Registered office location')).toHaveTextContent('England — regulated by Environment Agency');
    // Name, address and codes can be changed; the registration number and the location cannot.
    expect(screen.getByRole('link', { name: 'Change registered name' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change registered office address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change classification codes' })).toBeInTheDocument();
    expect(within(row('Company Registration Number')).queryByRole('link')).toBeNull();
    expect(within(row('Registered office location')).queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { name: "Applicant's details" })).toBeInTheDocument();
    expect(row('Name')).toHaveTextContent('Ann Applicant');
    expect(row('Email address')).toHaveTextContent('ann@acme.example');
    expect(row('Phone number')).toHaveTextContent('Not given');
    expect(screen.getByRole('group', { name: 'Your decision' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Original application submitted by Ann Applicant' }),
    ).toBeInTheDocument();
  });

  it('asks for a decision, then for the reason of the decision taken, in the error summary', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderTaskPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm decision' }));
    expect(summary().getByRole('link', { name: 'You need to approve or reject the application' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Error: Review organisation account application/));

    await user.click(screen.getByLabelText('Approve'));
    expect(screen.getByLabelText('Reason for acceptance')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(summary().getByRole('link', { name: 'Explain why you are approving this application' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Reject'));
    expect(screen.queryByLabelText('Reason for acceptance')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(summary().getByRole('link', { name: 'Enter the reason for rejection' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Reason for rejection'));
    await user.paste('x'.repeat(10001));
    await user.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(summary().getByRole('link', { name: 'The reason must be 10000 characters or fewer' })).toBeInTheDocument();
    expect(api.posted).toEqual([]);
  });

  it('approves with the reason given, and says so', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderTaskPage();
    await user.click(await screen.findByLabelText('Approve'));
    await user.type(screen.getByLabelText('Reason for acceptance'), '  Checked with Companies House  ');
    await user.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have approved the organisation account application' }),
    ).toBeInTheDocument();
    expect(screen.getByText('An email will be sent to the relevant user with your decision')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toMatch(/^You have approved the organisation account application/);
    expect(api.posted).toEqual([
      {
        requestTaskId: 7,
        requestTaskActionType: SUBMIT_DECISION,
        requestTaskActionPayload: { decision: 'APPROVED', reason: 'Checked with Companies House' },
      },
    ]);
  });

  it('rejects with the reason given, and shows a refusal of the API in the error summary', async () => {
    const api = setup();
    api.answer = () =>
      api.posted.length === 1
        ? testResponse(409, { code: 'TASK_NOT_OPEN', message: 'The task has been completed by someone else' })
        : undefined;
    const user = userEvent.setup();
    renderTaskPage();
    await user.click(await screen.findByLabelText('Reject'));
    await user.type(screen.getByLabelText('Reason for rejection'), 'Not a large undertaking');
    await user.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(
      await screen.findByRole('link', { name: 'The task has been completed by someone else' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have rejected the organisation account application' }),
    ).toBeInTheDocument();
    expect(api.posted[1]).toEqual({
      requestTaskId: 7,
      requestTaskActionType: SUBMIT_DECISION,
      requestTaskActionPayload: { decision: 'REJECTED', reason: 'Not a large undertaking' },
    });
  });

  it('amends name, address and codes with the wizard step: SAVE with the version read, then shows the amended details', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderTaskPage();
    // A decision begun before changing the details is still there afterwards.
    await user.click(await screen.findByLabelText('Approve'));
    await user.type(screen.getByLabelText('Reason for acceptance'), 'Fine');
    await user.click(screen.getByRole('link', { name: 'Change registered name' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm the organisation details' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Registration Number/)).toBeNull();
    await user.clear(screen.getByLabelText('Registered name'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summary().getByRole('link', { name: 'Enter the registered name of the organisation' })).toBeInTheDocument();
    expect(api.posted).toEqual([]);

    await user.type(screen.getByLabelText('Registered name'), 'Acme Widgets Limited');
    await user.type(screen.getByLabelText('Address line 2 (optional)'), 'Unit 4');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review organisation account application' }),
    ).toBeInTheDocument();
    expect(api.posted).toEqual([
      {
        requestTaskId: 7,
        requestTaskActionType: AMEND_APPLICATION,
        version: 3,
        requestTaskActionPayload: {
          amendedAccount: {
            name: 'Acme Widgets Limited',
            address: {
              line1: '1 High Street',
              line2: 'Unit 4',
              city: 'Leeds',
              county: 'West Yorkshire',
              postcode: 'LS1 1AA',
            },
            codes: { type: 'SIC', otherTypeName: null, codes: ['25110', '25990'] },
          },
        },
      },
    ]);
    expect(row('Registered name')).toHaveTextContent('Acme Widgets Limited');
    expect(row('Registered office address')).toHaveTextContent('1 High StreetUnit 4Leeds');
    expect(
      screen.getByText('The name, address or codes have been amended since the application was submitted.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Approve')).toBeChecked();
    expect(screen.getByLabelText('Reason for acceptance')).toHaveValue('Fine');

    // The next amendment is sent with the version the task has now.
    await user.click(screen.getByRole('link', { name: 'Change classification codes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review organisation account application' }),
    ).toBeInTheDocument();
    expect(api.posted[1]).toMatchObject({ requestTaskActionType: AMEND_APPLICATION, version: 4 });
  });

  it('keeps the amendment page with the conflict message when the task changed meanwhile', async () => {
    const api = setup();
    api.answer = () =>
      testResponse(409, {
        code: 'REQUEST_TASK_VERSION_CONFLICT',
        message: 'The task was changed by someone else. Reload it and try again.',
      });
    const user = userEvent.setup();
    renderTaskPage();
    await user.click(await screen.findByRole('link', { name: 'Change registered office address' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('link', { name: 'The task was changed by someone else. Reload it and try again.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm the organisation details' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Review organisation account application' }),
    ).toBeInTheDocument();
  });

  it('has no axe violations with an error shown, nor on the amendment page', async () => {
    setup();
    const user = userEvent.setup();
    const { container } = renderTaskPage();
    await user.click(await screen.findByLabelText('Reject'));
    await user.click(screen.getByRole('button', { name: 'Confirm decision' }));
    await screen.findByRole('alert');
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Change classification codes' }));
    expect(await axeViolations(container)).toEqual([]);
  });

  it('is read-only for a user who may not act on the task', async () => {
    setup([]);
    renderTaskPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Organisation details' })).toBeInTheDocument();
    expect(row('Registered name')).toHaveTextContent('Acme Widgets Ltd');
    expect(screen.queryByRole('link', { name: /^Change/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Approve or reject this account application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm decision' })).toBeNull();
    expect(screen.queryByLabelText('Approve')).toBeNull();
  });
});

describe('an unassigned review task', () => {
  it('says it must be assigned first, and "Assign to me" gives it to the reader, who then sees the decision form', async () => {
    const api = setup([]);
    api.task = { ...api.task, requestTask: { ...api.task.requestTask, assignee: null }, userAssignCapable: true };
    const assigned: unknown[] = [];
    const taskApi = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '').split('?')[0]!;
      if (path === '/v1.0/tasks-assignment/7/candidate-assignees') {
        return testResponse(200, [
          { id: 'reg-2', firstName: 'Rob', lastName: 'Other', fullName: 'Rob Other' },
          { id: 'reg-1', firstName: 'Rita', lastName: 'Regulator', fullName: 'Rita Regulator' },
        ]);
      }
      if (path === '/v1.0/tasks-assignment/assign') {
        assigned.push(JSON.parse(String(init?.body)));
        api.task = {
          ...api.task,
          requestTask: {
            ...api.task.requestTask,
            assignee: { userId: 'reg-1', firstName: 'Rita', lastName: 'Regulator' },
          },
          allowedRequestTaskActions: [AMEND_APPLICATION, SUBMIT_DECISION],
        };
        return testResponse(200, { taskId: 7, assignee: 'reg-1' });
      }
      return taskApi(url, init);
    });
    const user = userEvent.setup();
    renderTaskPage();
    expect(
      await screen.findByText(
        'This task must be assigned before it can be worked on. Assign it to yourself or to a colleague.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm decision' })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(assigned).toEqual([{ taskId: 7, userId: 'reg-1' }]);
    expect(await screen.findByRole('button', { name: 'Confirm decision' })).toBeInTheDocument();
    expect(row('Assigned to')).toHaveTextContent('Rita Regulator');
    expect(screen.queryByText(/must be assigned before/)).toBeNull();
    // Assigned to the reader: nothing more to take.
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
  });

  it('tells a reader who may not assign tasks to ask a colleague who may', async () => {
    const api = setup([]);
    api.task = { ...api.task, requestTask: { ...api.task.requestTask, assignee: null } };
    renderTaskPage();
    expect(
      await screen.findByText(
        'This task must be assigned before it can be worked on. Ask a colleague who assigns tasks to assign it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
  });
});

describe('the decision payload (applicationDecisionSchema)', () => {
  const issues = (input: unknown) => {
    const result = v.safeParse(applicationDecisionSchema, input);
    return result.success ? [] : result.issues.map((i) => [v.getDotPath(i), i.message]);
  };

  it('needs a decision, and a reason for the decision taken', () => {
    expect(issues({})).toEqual([['decision', 'You need to approve or reject the application']]);
    expect(issues({ decision: 'MAYBE', reason: 'x' })).toEqual([
      ['decision', 'You need to approve or reject the application'],
    ]);
    expect(issues({ decision: 'APPROVED', reason: '   ' })).toEqual([
      ['reason', 'Explain why you are approving this application'],
    ]);
    expect(issues({ decision: 'REJECTED' })).toEqual([['reason', 'Enter the reason for rejection']]);
    expect(issues({ decision: 'REJECTED', reason: 'x'.repeat(10001) })).toEqual([
      ['reason', 'The reason must be 10000 characters or fewer'],
    ]);
  });

  it('gives the decision with the reason trimmed', () => {
    expect(v.parse(applicationDecisionSchema, { decision: 'APPROVED', reason: ' ok ' })).toEqual({
      decision: 'APPROVED',
      reason: 'ok',
    });
    expect(v.parse(applicationDecisionSchema, { decision: 'REJECTED', reason: 'x'.repeat(10000) }).reason).toHaveLength(
      10000,
    );
  });
});
