// A deliberately wrong edit of the two-step process, for the replay test: it records a timeline
// entry before the first task without a patch, which running workflows never did.
import { twoStepProcess, TWO_STEP_REVIEW, TWO_STEP_SUBMIT } from '../../processes/two-step';
import { runRequest } from '../../../engine/request-engine';
import type { RequestInput } from '../../../domain/request-messages';

export async function testTwoStepRequest(input: RequestInput): Promise<string> {
  return runRequest(input, twoStepProcess, async (ctx) => {
    await ctx.recordAction('TEST_TWO_STEP_INTRODUCED', null, null);
    await ctx.userTask({ taskType: TWO_STEP_SUBMIT });
    await ctx.userTask({ taskType: TWO_STEP_REVIEW });
    return 'APPROVED';
  });
}
