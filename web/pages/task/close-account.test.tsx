// Closing an account (and cancelling the closure task) on the task page, against a mocked API.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { testResponse } from '../../../test/web/responses';
import { accountClosureSchema } from '../../../processes/account-closure/closure';
import { CANCEL_CLOSURE, SAVE_CLOSURE, SUBMIT_CLOSURE } from '../../../processes/account-closure/codes';
import { axeViolations, mockTaskApi, renderTaskPage, taskView, type TaskApi } from '../../../test/web/task-api';

const fetchMock = jest.fn();

function setup(
  payload: Record<string, unknown> = {},
  allowed = [SAVE_CLOSURE, SUBMIT_CLOSURE, CANCEL_CLOSURE],
): TaskApi {
  const task = taskView('ACCOUNT_CLOSURE_SUBMIT', payload, { allowed });
  task.requestInfo = { ...task.requestInfo, id: 'ACL000042', type: 'ACCOUNT_CLOSURE' };
  return mockTaskApi({ task, timeline: [], posted: [] }, fetchMock);
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

const summary = () => within(screen.getByRole('alert'));

describe('closing an account', () => {
  it('shows the reference texts of the closure page', async () => {
    setup();
    renderTaskPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Close account' })).toBeInTheDocument();
    expect(
      await screen.findByText('If you close the account all active tasks and workflows will be terminated.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This account will be permanently closed down. You will not be able to reverse this action.'),
    ).toBeInTheDocument();
    const reason = screen.getByLabelText('Reason for closing this account');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('The participant will be able to view this'));
    expect(screen.getByRole('link', { name: 'Notes page (opens in new tab)' })).toHaveAttribute(
      'href',
      '/accounts/42#notes',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Related actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel task' })).toBeInTheDocument();
  });

  it('needs a reason: the message is in the error summary and the title', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderTaskPage();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(summary().getByRole('link', { name: 'Enter a reason for closing the account' })).toHaveAttribute(
      'href',
      '#l.accountClosure.reason',
    );
    await waitFor(() => expect(document.title).toBe('Error: Close account - Manage your ESOS reporting - GOV.UK'));
    expect(api.posted).toEqual([]);
  });

  it('saves the reason on Continue, asks for confirmation, then closes the account', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderTaskPage();
    await user.type(
      await screen.findByLabelText('Reason for closing this account'),
      ' The organisation has been dissolved ',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Are you sure you want to close this account?' }),
    ).toBeInTheDocument();
    expect(api.posted).toEqual([
      {
        requestTaskId: 7,
        requestTaskActionType: SAVE_CLOSURE,
        requestTaskActionPayload: { accountClosure: { reason: 'The organisation has been dissolved' } },
        version: 3,
      },
    ]);
    expect(screen.getByText('The account will be permanently closed.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'All participant history will remain in the account, but no actions will be possible, for example starting new tasks or editing account information.',
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Are you sure you want to close this account? - Manage your ESOS reporting - GOV.UK');
    const yes = screen.getByRole('button', { name: 'Yes, close this account' });
    expect(yes).toHaveClass('govuk-button--warning');
    await user.click(yes);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'The organisation account ORG000042 is permanently closed',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('The account has been permanently closed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(api.posted[1]).toEqual({
      requestTaskId: 7,
      requestTaskActionType: SUBMIT_CLOSURE,
      requestTaskActionPayload: { accountClosure: { reason: 'The organisation has been dissolved' } },
    });
  });

  it('goes back from the confirmation to the saved reason; a refused closure shows its message', async () => {
    const api = setup({ accountClosure: { reason: 'Dissolved' } });
    api.answer = (action) =>
      action.requestTaskActionType === SUBMIT_CLOSURE
        ? testResponse(400, { code: 'ACCOUNT1009', message: 'Account status is not valid' })
        : undefined;
    const user = userEvent.setup();
    renderTaskPage();
    expect(await screen.findByLabelText('Reason for closing this account')).toHaveValue('Dissolved');
    await user.type(screen.getByLabelText('Reason for closing this account'), ' in 2024');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    expect(await screen.findByLabelText('Reason for closing this account')).toHaveValue('Dissolved in 2024');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.posted[1]).toMatchObject({ requestTaskActionType: SAVE_CLOSURE, version: 4 });
    await user.click(await screen.findByRole('button', { name: 'Yes, close this account' }));
    expect(await screen.findByRole('link', { name: 'Account status is not valid' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Error: Are you sure you want to close this account\?/));
  });

  it('cancels the task from the related actions', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderTaskPage();
    await user.click(await screen.findByRole('link', { name: 'Cancel task' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Are you sure you want to cancel this task?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This task and its data will be deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel this task' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Task cancelled' })).toBeInTheDocument();
    expect(screen.getByText('It has been removed from your task dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(api.posted).toEqual([
      { requestTaskId: 7, requestTaskActionType: CANCEL_CLOSURE, requestTaskActionPayload: {} },
    ]);
  });

  it('has no axe violations with an error shown, nor on the confirmation', async () => {
    setup();
    const user = userEvent.setup();
    const { container } = renderTaskPage();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    expect(await axeViolations(container)).toEqual([]);
    await user.type(screen.getByLabelText('Reason for closing this account'), 'Dissolved');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Yes, close this account' });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('is read-only for a user who may not act on the task', async () => {
    setup({ accountClosure: { reason: 'Dissolved' } }, []);
    renderTaskPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Close account' })).toBeInTheDocument();
    expect(screen.getByText('Dissolved')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel task' })).toBeNull();
  });
});

describe('the closure payload (accountClosureSchema)', () => {
  const issues = (input: unknown) => {
    const result = v.safeParse(accountClosureSchema, input);
    return result.success ? [] : result.issues.map((i) => [v.getDotPath(i), i.message]);
  };

  it('needs a reason of at most 10000 characters, and trims it', () => {
    expect(issues({})).toEqual([['accountClosure.reason', 'Enter a reason for closing the account']]);
    expect(issues({ accountClosure: { reason: '  ' } })).toEqual([
      ['accountClosure.reason', 'Enter a reason for closing the account'],
    ]);
    expect(issues({ accountClosure: { reason: 'x'.repeat(10001) } })).toEqual([
      ['accountClosure.reason', 'The reason must be 10000 characters or fewer'],
    ]);
    expect(v.parse(accountClosureSchema, { accountClosure: { reason: ' Dissolved ' } })).toEqual({
      accountClosure: { reason: 'Dissolved' },
    });
  });
});
