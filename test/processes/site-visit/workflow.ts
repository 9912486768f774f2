// The test-only site visit (process.ts) on the engine: one task, then its document.
import { runRequest } from '../../../engine/request-engine';
import { fileSubmissionDocument } from '../../../engine/submission-document';
import type { RequestInput } from '../../../domain/request-messages';
import { SITE_VISIT_RECORD, SITE_VISIT_RECORDED, siteVisitProcess } from './process';

export async function testSiteVisit(input: RequestInput): Promise<string> {
  return runRequest(input, siteVisitProcess, async (ctx) => {
    await ctx.userTask({ taskType: SITE_VISIT_RECORD });
    await fileSubmissionDocument(input.requestId, SITE_VISIT_RECORDED);
    return 'COMPLETED';
  });
}
