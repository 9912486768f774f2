// What a submission document says: the request's reference, when and by whom it was submitted, and
// every section with its questions and answers as the summary pages show them. A process with a
// report takes its rows from the report's definition (reportAnswers, shared with the SPA's summary
// pages); one without says what its snapshot shows (its `summary`). Which timeline entries have a
// document, and what it calls the event, is each process's `timeline`.
import { processFor, snapshotSections, timelineEntry } from '../domain/process-registry';
import type { DocumentSection } from '../domain/process-definition';

export type { DocumentRow, DocumentSection } from '../domain/process-definition';

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

/** The event a timeline entry's document names ('Submitted', 'Application approved' …), or null when it has none. */
export function documentEvent(actionType: string): string | null {
  return timelineEntry(actionType)?.document ?? null;
}

/** The sections of one documented request action's payload: what its snapshot shows. */
export const documentSections = snapshotSections;

export function documentTitle(requestType: string): string {
  return processFor(requestType)?.title ?? requestType;
}

/**
 * The file name of a request action's document, e.g. 'NOC000001-P3 Phase 3 Notification.pdf', with the
 * word its timeline entry gives (`documentFileWord`: '… approved.pdf' for an approval).
 */
export function documentFileName(reference: string, requestType: string, actionType: string): string {
  const word = timelineEntry(actionType)?.documentFileWord;
  return `${reference} ${documentTitle(requestType)}${word ? ` ${word}` : ''}.pdf`.replace(/[\\/:*?"<>|]/g, '-');
}

/** What the e-mail with a request action's document calls it, after 'Attached is a copy of '. */
export function documentCopy(actionType: string, title: string): string {
  return timelineEntry(actionType)?.documentCopy ?? `what was submitted in the ${title}`;
}

/** When the document records what was sent to the organisation: what follows for them (else undefined). */
export function documentSent(actionType: string): string | undefined {
  return timelineEntry(actionType)?.documentSent;
}
