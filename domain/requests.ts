// Request (process) and task vocabulary shared by the API, the workflows and the SPA.

export const requestTypes = [
  'ORGANISATION_ACCOUNT_OPENING',
  'NOTIFICATION_OF_COMPLIANCE_P3',
  'ACTION_PLAN_P3',
  'PROGRESS_UPDATE_1_P3',
  'PROGRESS_UPDATE_2_P3',
  'ACCOUNT_CLOSURE',
] as const;
export type RequestType = (typeof requestTypes)[number];

export const requestStatuses = ['IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'APPROVED', 'REJECTED', 'TERMINATED'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** A task saved (or closed) by someone else since the caller last read it: reload and try again. */
export const STALE_TASK_MESSAGE = 'The task was changed by someone else. Reload it and try again.';

export const taskTypes = [
  'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW',
  'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT',
  'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT',
  'NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT',
  'ACTION_PLAN_P3_APPLICATION_SUBMIT',
  'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT',
  'PROGRESS_UPDATE_2_P3_APPLICATION_SUBMIT',
  'ACCOUNT_CLOSURE_SUBMIT',
] as const;
export type TaskType = (typeof taskTypes)[number];

/** Task names as the dashboard shows them (spec section 3). */
export const taskTypeLabels: Record<TaskType, string> = {
  ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW: 'Review organisation account application',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT: 'Submit Phase 3 notification',
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT: 'Review Phase 3 notification',
  NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT: 'Awaiting external review of Phase 3 notification',
  ACTION_PLAN_P3_APPLICATION_SUBMIT: 'Submit Phase 3 Action Plan',
  PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT: 'Submit Phase 3 Progress Update 1',
  PROGRESS_UPDATE_2_P3_APPLICATION_SUBMIT: 'Submit Phase 3 Progress Update 2',
  ACCOUNT_CLOSURE_SUBMIT: 'Close account',
};

/** Request types in a 'Type' column (spec section 3). */
export const requestTypeLabels: Partial<Record<RequestType, string>> = {
  ORGANISATION_ACCOUNT_OPENING: 'Organisation account',
  ACCOUNT_CLOSURE: 'Close account',
};

/**
 * 'Start a new task' (reference workflows §5): the title of each process, the name its refusal
 * messages use, and its 'About' text.
 */
export const startTaskTexts: Partial<Record<RequestType, { title: string; name: string; about: string[] }>> = {
  NOTIFICATION_OF_COMPLIANCE_P3: {
    title: 'Phase 3 Notification',
    name: 'Notification of Compliance',
    about: [
      'Use this task to notify your regulator that your organisation has complied with ESOS for the third compliance period, or to tell them that it does not qualify.',
      'Your answers are saved as you go, so you can come back to them. An Advanced user can send the notification to a Restricted user to review before submitting it.',
      'You will be emailed the response you give when you submit your notification.',
    ],
  },
  ACTION_PLAN_P3: { title: 'Phase 3 Action Plan', name: 'Action Plan', about: [] },
  PROGRESS_UPDATE_1_P3: { title: 'Phase 3 Progress Update 1', name: 'Progress Update 1', about: [] },
  PROGRESS_UPDATE_2_P3: { title: 'Phase 3 Progress Update 2', name: 'Progress Update 2', about: [] },
  ACCOUNT_CLOSURE: {
    title: 'Account closure',
    name: 'Account closure',
    about: ['Close this organisation account. Every task and workflow still open on it is ended, and the account becomes read-only.'],
  },
};

/** A request type's name in lists and reports: its 'Type' label, else its process title. */
export function requestTypeName(type: string): string {
  return requestTypeLabels[type as RequestType] ?? startTaskTexts[type as RequestType]?.title ?? type;
}

/**
 * A progress update started by an undertaking that left the group which notified (reference
 * workflows §5): offered when the report it would start from is missing.
 */
export const disaggregatedStart = {
  types: ['PROGRESS_UPDATE_1_P3', 'PROGRESS_UPDATE_2_P3'] as RequestType[],
  /** Its page, under the account. */
  path: (accountId: number, type: RequestType) => `/accounts/${accountId}/disaggregated-undertaking/${type}`,
  link: (name: string) => `I want to start ${name} as disaggregated undertaking`,
  heading: 'Disaggregated undertakings',
  body: [
    'Proceed only if you are an undertaking that has left the group / participant which submitted the last notification, and is complying on its own behalf as a responsible undertaking.',
    "If you are the responsible undertaking that submitted the last notification, select 'back' and select the 'start' button under the appropriate task heading.",
  ],
  button: (name: string) => `Start ${name}`,
  /** 'Start a new task' offers the route when the start is valid only without the report before. */
  offered: (type: RequestType, availability: { valid: boolean; requests?: string[] }) => disaggregatedStart.types.includes(type) && availability.valid && !!availability.requests?.length,
};

/** Readable, deterministic request ids (reference: real-service-workflows.md §1.4). */
export function requestId(type: RequestType, accountId: number): string {
  const n = String(accountId).padStart(6, '0');
  switch (type) {
    case 'ORGANISATION_ACCOUNT_OPENING':
      return `ACC${n}`;
    case 'ACCOUNT_CLOSURE':
      return `ACL${n}`;
    case 'NOTIFICATION_OF_COMPLIANCE_P3':
      return `NOC${n}-P3`;
    case 'ACTION_PLAN_P3':
      return `AP${n}-P3`;
    case 'PROGRESS_UPDATE_1_P3':
      return `PU1${n}-P3`;
    case 'PROGRESS_UPDATE_2_P3':
      return `PU2${n}-P3`;
  }
}

export function organisationId(accountId: number): string {
  return `ORG${String(accountId).padStart(6, '0')}`;
}
