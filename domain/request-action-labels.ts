// Timeline (request action) headings: "<label> by <submitter>" (reference: workflows §1.5 and the
// labels given per workflow).

export const requestActionLabels: Record<string, string> = {
  ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED: 'Original application submitted',
  ORGANISATION_ACCOUNT_OPENING_CREATED: 'Original application created',
  ORGANISATION_ACCOUNT_OPENING_APPROVED: 'Organisation account approved',
  ORGANISATION_ACCOUNT_OPENING_REJECTED: 'Organisation account rejected',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SENT_TO_EDIT: 'Notification sent for review',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RETURNED_TO_SUBMIT: 'Notification returned',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED: 'Notification submitted',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RE_INITIATED: 'Notification returned for changes',
  ACTION_PLAN_P3_APPLICATION_SUBMITTED: 'Action Plan submitted',
  ACTION_PLAN_APPLICATION_CANCELLED: 'Action Plan cancelled',
  ACTION_PLAN_P3_APPLICATION_RE_INITIATED: 'Action Plan returned for changes',
  PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED: 'Progress Update 1 submitted',
  PROGRESS_UPDATE_1_APPLICATION_CANCELLED: 'Progress Update 1 cancelled',
  PROGRESS_UPDATE_1_P3_APPLICATION_RE_INITIATED: 'Progress Update 1 returned for changes',
  PROGRESS_UPDATE_2_P3_APPLICATION_SUBMITTED: 'Progress Update 2 submitted',
  // The reference names no label for this one; ours, after Progress Update 1's.
  PROGRESS_UPDATE_2_APPLICATION_CANCELLED: 'Progress Update 2 cancelled',
  PROGRESS_UPDATE_2_P3_APPLICATION_RE_INITIATED: 'Progress Update 2 returned for changes',
  ACCOUNT_CLOSURE_APPLICATION_SUBMITTED: 'Account closed',
  ACCOUNT_CLOSURE_APPLICATION_CANCELLED: 'Account closure task cancelled',
  REQUEST_TERMINATED: 'Workflow terminated by the system',
  // Ours: a regulator moved a task's due date (an extension).
  REQUEST_TASK_DUE_DATE_CHANGED: 'Due date changed',
};

/** The label of an action type; an unknown type reads as a sentence ('SOME_THING' → 'Some thing'). */
export function requestActionLabel(type: string): string {
  if (Object.hasOwn(requestActionLabels, type)) return requestActionLabels[type]!;
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "<label> by <submitter>", or the label alone for system entries (no submitter). */
export function requestActionHeading(entry: { type: string; submitter: string | null }): string {
  return entry.submitter ? `${requestActionLabel(entry.type)} by ${entry.submitter}` : requestActionLabel(entry.type);
}
