// What a submission document says: the request's reference, when and by whom it was submitted, and
// every section with its questions and answers as the summary pages show them. Reports take their
// rows from their definitions (reportAnswers, shared with the SPA's summary pages); the account
// application decision and the account closure have a few questions of their own.
import { processFor } from '../processes';
import { reportAnswers, reportPayloadOf } from '../domain/reports/report';
import { accountSubmissionSections, type DocumentSection } from '../domain/submission-summaries';
import { requestTypeName, startTaskTexts, type RequestType } from '../domain/requests';

export type { DocumentRow, DocumentSection } from '../domain/submission-summaries';

export interface SubmissionDocument {
  /** e.g. 'Phase 3 Notification'. */
  title: string;
  /** What happened, e.g. 'Submitted' or 'Application approved'. */
  event: string;
  reference: string;
  organisation: string | null;
  submittedAt: Date;
  submitter: string;
  sections: DocumentSection[];
}

/** The request action types whose submission is documented, with what the document calls the event. */
export const DOCUMENTED_ACTIONS: Record<string, string> = {
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED: 'Submitted',
  ACTION_PLAN_P3_APPLICATION_SUBMITTED: 'Submitted',
  PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED: 'Submitted',
  PROGRESS_UPDATE_2_P3_APPLICATION_SUBMITTED: 'Submitted',
  ORGANISATION_ACCOUNT_OPENING_APPROVED: 'Application approved',
  ORGANISATION_ACCOUNT_OPENING_REJECTED: 'Application rejected',
  ACCOUNT_CLOSURE_APPLICATION_SUBMITTED: 'Account closed',
};

/** The sections of one documented request action's payload. */
export function documentSections(requestType: string, actionType: string, payload: unknown): DocumentSection[] {
  const report = processFor(requestType)?.report;
  if (report) {
    return reportAnswers(report, reportPayloadOf(payload).report, {}).map((s) => ({ title: s.title, rows: s.rows.map((r) => ({ key: r.key, value: r.value })) }));
  }
  return accountSubmissionSections(actionType, payload) ?? [];
}

export function documentTitle(requestType: string): string {
  return startTaskTexts[requestType as RequestType]?.title ?? requestTypeName(requestType);
}

/** The file name of a request action's document, e.g. 'NOC000001-P3 Phase 3 Notification.pdf'. */
export function documentFileName(reference: string, requestType: string, actionType: string): string {
  const title = documentTitle(requestType);
  const event = actionType.endsWith('_REJECTED') ? ' rejected' : actionType.endsWith('_APPROVED') ? ' approved' : '';
  return `${reference} ${title}${event}.pdf`.replace(/[\\/:*?"<>|]/g, '-');
}
