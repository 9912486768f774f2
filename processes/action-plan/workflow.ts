// ACTION_PLAN_P3 on the engine (reference workflows §8.1): the Advanced user's task until the action
// plan is submitted or cancelled.
import { ACTION_PLAN_SUBMIT, CANCEL_ACTION_PLAN, actionPlanProcess } from './process';
import { runRequest } from '../../engine/request-engine';
import type { RequestInput } from '../../domain/request-messages';
import { reportTaskProgram } from '../../engine/report-submission';

export async function actionPlanP3(input: RequestInput): Promise<string> {
  return runRequest(input, actionPlanProcess, reportTaskProgram(input, { type: ACTION_PLAN_SUBMIT, cancel: CANCEL_ACTION_PLAN }, async () => ({ report: {}, sectionsCompleted: {} })));
}
