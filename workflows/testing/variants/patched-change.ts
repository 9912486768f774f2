// The same change done right: behind patched(), so histories made before it replay unchanged and
// new runs take the new path.
import { patched } from '@temporalio/workflow';
import { twoStepProcess, TWO_STEP_REVIEW, TWO_STEP_SUBMIT } from '../../../domain/processes/testing/two-step';
import { runRequest } from '../../request-engine';
import type { RequestInput } from '../../request-messages';

export async function testTwoStepRequest(input: RequestInput): Promise<string> {
  return runRequest(input, twoStepProcess, async (ctx) => {
    if (patched('two-step-introduced-action')) await ctx.recordAction('TEST_TWO_STEP_INTRODUCED', null, null);
    const submitted = await ctx.userTask({ taskType: TWO_STEP_SUBMIT });
    const review = await ctx.userTask({ taskType: TWO_STEP_REVIEW, payload: { submitted: submitted.payload } });
    return (review.payload as { decision: string }).decision === 'ACCEPTED' ? 'APPROVED' : 'REJECTED';
  });
}
