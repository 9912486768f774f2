// The workflow's checks of a task action, without a workflow: each refusal the validator (and the
// pick-up) can give, in the order they are tried, and the input as the action's schema parsed it.
import { ApplicationFailure } from '@temporalio/workflow';
import { checkTaskAction, type CheckedTask } from './task-action-checks';
import { twoStepProcess, TWO_STEP_REVIEW, TWO_STEP_SUBMIT } from '../test/processes/two-step';
import type { TaskActionArgs } from '../domain/request-messages';

const EXECUTE = twoStepProcess.tasks[TWO_STEP_SUBMIT].execute;
const openTasks = new Map<number, CheckedTask>([
  [1, { taskType: TWO_STEP_SUBMIT, assignee: 'olive' }],
  [2, { taskType: TWO_STEP_REVIEW, assignee: null }],
]);

const action = (change: Partial<TaskActionArgs> = {}): TaskActionArgs => ({
  taskId: 1,
  actionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION',
  payload: { summary: '  All done  ' },
  actor: { userId: 'olive', fullName: 'Olive Owner', permissions: [EXECUTE] },
  ...change,
});

function refusalOf(args: TaskActionArgs): { type: string | undefined | null; message: string } {
  try {
    checkTaskAction(twoStepProcess, openTasks, args);
  } catch (err) {
    if (!(err instanceof ApplicationFailure)) throw err;
    expect(err.nonRetryable).toBe(true);
    return { type: err.type, message: err.message };
  }
  throw new Error('not refused');
}

it('answers the input as the action schema parsed it', () => {
  expect(checkTaskAction(twoStepProcess, openTasks, action())).toEqual({ summary: 'All done' });
});

it('refuses a task the request no longer has open', () => {
  expect(refusalOf(action({ taskId: 3 }))).toEqual({ type: 'TASK_NOT_OPEN', message: 'The task is no longer open' });
});

it('refuses an action that is not a transition of the task', () => {
  expect(refusalOf(action({ actionType: 'TEST_TWO_STEP_SAVE' })).type).toBe('ACTION_NOT_ALLOWED');
  expect(refusalOf(action({ actionType: 'TEST_TWO_STEP_DECIDE' })).type).toBe('ACTION_NOT_ALLOWED');
  expect(refusalOf(action({ actionType: 'NO_SUCH_ACTION' })).type).toBe('ACTION_NOT_ALLOWED');
});

it('refuses anyone but the assignee, then anyone without the execute permission', () => {
  expect(refusalOf(action({ actor: { userId: 'colin', fullName: 'Colin', permissions: [EXECUTE] } })).type).toBe(
    'NOT_ASSIGNEE',
  );
  expect(refusalOf(action({ taskId: 2, actionType: 'TEST_TWO_STEP_DECIDE' })).type).toBe('NOT_ASSIGNEE');
  expect(refusalOf(action({ actor: { userId: 'olive', fullName: 'Olive Owner', permissions: [] } })).type).toBe(
    'NO_EXECUTE_PERMISSION',
  );
});

it('refuses input its schema does not accept, with the schema message', () => {
  expect(refusalOf(action({ payload: { summary: '   ' } }))).toEqual({
    type: 'INVALID_PAYLOAD',
    message: 'Enter a summary',
  });
});
