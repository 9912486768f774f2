// The test-only two-step process (test/processes/two-step.ts): operator submits, the regulator
// decides. Tests run workers on test/workflows/index.ts, which adds it to the product's.
import { twoStepProcess, TWO_STEP_REVIEW, TWO_STEP_SUBMIT } from '../processes/two-step';
import { runRequest } from '../../engine/request-engine';
import type { RequestInput } from '../../domain/request-messages';

export async function testTwoStepRequest(input: RequestInput): Promise<string> {
  return runRequest(input, twoStepProcess, async (ctx) => {
    const submitted = await ctx.userTask({ taskType: TWO_STEP_SUBMIT });
    const review = await ctx.userTask({ taskType: TWO_STEP_REVIEW, draft: { submitted: submitted.input } });
    return (review.input as { decision: string }).decision === 'ACCEPTED' ? 'APPROVED' : 'REJECTED';
  });
}
