// The same change done right: behind patched(), so histories made before it replay unchanged and
// new runs take the new path.
import { patched } from '@temporalio/workflow';
import { twoStepProcess, TWO_STEP_REVIEW, TWO_STEP_SUBMIT } from '../../processes/two-step';
import { runRequest } from '../../../engine/request-engine';
import type { RequestInput } from '../../../domain/request-messages';

export async function testTwoStepRequest(input: RequestInput): Promise<string> {
  return runRequest(input, twoStepProcess, async (ctx) => {
    if (patched('two-step-introduced-action')) await ctx.recordAction('TEST_TWO_STEP_INTRODUCED', null, null);
    const submitted = await ctx.userTask({ taskType: TWO_STEP_SUBMIT });
    const review = await ctx.userTask({ taskType: TWO_STEP_REVIEW, draft: { submitted: submitted.input } });
    return (review.input as { decision: string }).decision === 'ACCEPTED' ? 'APPROVED' : 'REJECTED';
  });
}
