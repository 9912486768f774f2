// ACTION_PLAN_P3 on the engine (reference workflows §8.1): the Advanced user's task until the action
// plan is submitted or cancelled.
import { ACTION_PLAN_SUBMIT, CANCEL_ACTION_PLAN, actionPlanProcess } from '../domain/processes/action-plan';
import { runRequest } from './request-engine';
import type { RequestInput } from './request-messages';
import { reportTaskProgram } from './report-task';

export async function actionPlanP3(input: RequestInput): Promise<string> {
  return runRequest(input, actionPlanProcess, reportTaskProgram(input, { type: ACTION_PLAN_SUBMIT, cancel: CANCEL_ACTION_PLAN }, async () => ({ report: {}, sectionsCompleted: {} })));
}
