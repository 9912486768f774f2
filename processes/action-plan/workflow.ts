// ACTION_PLAN_P3 on the engine (reference workflows §8.1): the Advanced user's task until the action
// plan is submitted or cancelled.
import { actionPlanProcess } from './process';
import { CANCEL_ACTION_PLAN, ACTION_PLAN_SUBMIT, ACTION_PLAN_SUBMITTED } from './codes';
import { runRequest } from '../../engine/request-engine';
import type { RequestInput } from '../../domain/request-messages';
import { reportTaskProgram } from '../../engine/report-submission';

export async function actionPlanP3(input: RequestInput): Promise<string> {
  return runRequest(
    input,
    actionPlanProcess,
    reportTaskProgram(input, actionPlanProcess, {
      type: ACTION_PLAN_SUBMIT,
      cancel: CANCEL_ACTION_PLAN,
      submitted: ACTION_PLAN_SUBMITTED,
    }),
  );
}
