// What a submission document says: the request's reference, when and by whom it was submitted, and
// every section with its questions and answers as the summary pages show them. Reports take their
// rows from their definitions (reportAnswers, shared with the SPA's summary pages); the account
// application decision and the account closure have a few questions of their own.
import { processFor } from '../domain/processes';
import { reportAnswers, reportPayloadOf } from '../domain/reports/report';
import { requestTypeName, startTaskTexts, type RequestType } from '../domain/requests';

export interface DocumentRow {
  key: string;
  value: string[];
}

export interface DocumentSection {
  title: string;
  rows: DocumentRow[];
}

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

const text = (value: unknown): string[] => (value === null || value === undefined || value === '' ? [] : [String(value)]);

function addressLines(address: Record<string, unknown> | undefined): string[] {
  if (!address) return [];
  return ['line1', 'line2', 'city', 'county', 'postcode'].flatMap((k) => text(address[k]));
}

/** The sections of one documented request action's payload. */
export function documentSections(requestType: string, actionType: string, payload: unknown): DocumentSection[] {
  const report = processFor(requestType)?.report;
  if (report) {
    return reportAnswers(report, reportPayloadOf(payload).report, {}).map((s) => ({ title: s.title, rows: s.rows.map((r) => ({ key: r.key, value: r.value })) }));
  }
  const p = (payload ?? {}) as Record<string, any>;
  if (actionType.startsWith('ORGANISATION_ACCOUNT_OPENING_')) {
    const account = (p.account ?? {}) as Record<string, any>;
    const codes = account.codes as { type?: string; codes?: unknown[] } | undefined;
    return [
      {
        title: 'Decision',
        rows: [
          { key: 'Decision', value: text(p.decision?.decision === 'APPROVED' ? 'Approved' : p.decision?.decision === 'REJECTED' ? 'Rejected' : p.decision?.decision) },
          { key: 'Reason', value: text(p.decision?.reason) },
        ],
      },
      {
        title: 'Organisation details',
        rows: [
          { key: 'Organisation name', value: text(account.name) },
          { key: 'Company registration number', value: account.registrationNumber ? [String(account.registrationNumber)] : ['Not registered at Companies House'] },
          { key: 'Address', value: addressLines(account.address) },
          { key: 'Classification codes', value: (codes?.codes ?? []).map((c) => String(typeof c === 'object' && c ? ((c as { code?: unknown }).code ?? '') : c)) },
          { key: 'Location', value: text(account.competentAuthority) },
        ],
      },
    ];
  }
  if (actionType.startsWith('ACCOUNT_CLOSURE_')) {
    return [{ title: 'Account closure', rows: [{ key: 'Reason for closing the account', value: text(p.accountClosure?.reason) }] }];
  }
  return [];
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
