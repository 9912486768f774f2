// The document step of a submission, for the process programs: after the step that recorded the
// submission (its timeline entry), the PDF of it is filed and e-mailed (activities/documents.ts).
// Behind a patch, so requests recorded before the step existed replay as they ran.
import { patched } from '@temporalio/workflow';
import type { DocumentActivities } from '../activities/documents';
import { stepActivities } from './activity-proxies';

const documents = stepActivities<DocumentActivities>({
  // Rendering the largest notification takes well under a second; the rest is a few writes.
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export const SUBMISSION_DOCUMENT_PATCH = 'submission-document';

export async function fileSubmissionDocument(requestId: string, actionType: string): Promise<void> {
  if (!patched(SUBMISSION_DOCUMENT_PATCH)) return;
  await documents.fileSubmissionDocument({ requestId, actionType });
}
