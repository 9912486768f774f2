// What a process (request type) is: everything true of it that the rest of the service reads —
// codes and words, who may start it and act on its tasks, its start rules, windows and due date, the
// actions with their input schemas, its report, its timeline, what its documents and MI report show.
// Each process fills one of these in its home (processes/<name>/process.ts); domain/process-registry.ts
// holds them, and every list (dashboard labels, MI report types, documents, the SPA's task pages)
// derives from it. What each transition does is the process's program (processes/<name>/workflow.ts).
import type * as v from 'valibot';
import type { Permission, RoleType } from './authorities';
import type { PhaseReport } from './phases';
import type { ReportData, ReportDefinition } from './reports/report';
import type { PlanMeasure } from './reports/plan-measures';
import type { Availability } from './requests';

export type TaskRoleType = Extract<RoleType, 'OPERATOR' | 'REGULATOR'>;

/** Who works on a task type: the role, and the permissions to see and to act on it. */
export interface TaskAccess {
  roleType: TaskRoleType;
  view: Permission;
  execute: Permission;
}

/**
 * SAVE writes the task's draft payload in the database (optimistic locking); TRANSITION goes to the
 * workflow as an update, closes the task and lets the process move on.
 */
export type TaskActionKind = 'SAVE' | 'TRANSITION';

/** What the API tells an action's hooks about the task's place and the moment. */
export interface TaskContext {
  /** Who acts. */
  userId: string;
  account: { id: number; name: string; registrationNumber: string | null; competentAuthority: string } | null;
  now: Date;
  /** Is the number on the company register (Companies House)? */
  companyExists: (registrationNumber: string) => Promise<boolean>;
  /** May this user be given a task of this type on the request's account? */
  isCandidate: (userId: string, taskType: string) => Promise<boolean>;
}

/** Why a transition was refused before it reached the workflow, field by field. */
export interface ActionRefusal {
  code: string;
  message: string;
  violations: { section?: string; step?: string; path: string; message: string }[];
}

export interface TaskActionDefinition {
  kind: TaskActionKind;
  /** The schema of the action's input (requestTaskActionPayload). */
  input: v.GenericSchema;
  /** Request action (timeline entry) recorded when the transition is applied: a key of the process's `timeline`. */
  timeline?: string;
  /** The timeline entry keeps the task's draft as it was when the transition closed it (what was submitted), not the input. */
  snapshot?: boolean;
  /**
   * SAVE: the task's next draft from the stored one and the (parsed) input, e.g. a report section
   * merged, pruned and its statuses settled. Without it the keys sent replace theirs.
   */
  apply?: (
    draft: Record<string, unknown>,
    input: unknown,
    ctx: TaskContext,
  ) => { draft: Record<string, unknown> } | { refusal: ActionRefusal };
  /** TRANSITION: checks the task's draft first; a refusal is a 400 listing what is wrong. */
  check?: (draft: Record<string, unknown>, input: unknown, ctx: TaskContext) => Promise<ActionRefusal | null>;
  /** TRANSITION: refused outside the process's submit window (the code and message of the refusal). */
  submitWindow?: { code: string; message: string };
}

/** What a report task's pages say (web/pages/report): confirmations, panels and the review texts. */
export interface ReportTexts {
  /** 'notification', 'action plan': in sentences. */
  name: string;
  submitted: { panel: string; body: (authority: string) => string };
  submitConfirm: string[];
  sendForReview?: { heading: string; select: string; texts: string[]; panel: (name: string) => string; body: string };
  returnToSubmit?: { caption: string; heading: string; text: string; panel: string; body: string };
  /** Shown while it waits for someone else's review. */
  waiting?: string;
}

/**
 * A task shown as its report's task list of sections (web/pages/report): the actions its pages post
 * and the texts they show. Without `save` the task shows the report read-only.
 */
export interface ReportTaskPage {
  kind: 'report';
  save?: string;
  submit?: string;
  sendForReview?: string;
  /** The task type of the review that 'Send for review' opens (whose candidates may be chosen). */
  reviewTask?: string;
  returnToSubmit?: string;
  /** Cancels the task (reference §3.7: the action plan and progress updates, not the notification). */
  cancel?: string;
  texts: ReportTexts;
}

/**
 * A task with a page of its own: the module `processes/<home>/pages/<name>.tsx` of the process's home
 * (its default export, loaded when a task of this type is first shown). No generic file lists them.
 */
export interface FormTaskPage {
  kind: 'form';
  /** The page module's name in the home's pages/ folder, e.g. 'rfi-submit'. */
  name: string;
  /** The page's actions by what they do. */
  actions: Record<string, string>;
  /** What cancelling the task says, when not the reference's 'Cancel task' words. */
  cancelWords?: CancelWords;
}

/** The words of a task's cancel link, its confirmation and its outcome (web/pages/task/cancel-task.tsx). */
export interface CancelWords {
  link: string;
  heading: string;
  body: string;
  button: string;
  done: string;
  doneBody: string;
}

export type TaskPage = ReportTaskPage | FormTaskPage;

export interface TaskTypeDefinition extends TaskAccess {
  /** The task's name on the dashboard and the task page (spec §3). */
  label: string;
  actions: Record<string, TaskActionDefinition>;
  /** A helper's task beside the main one (reference §3.4): never assigned to whoever hands it over. */
  supporting?: boolean;
  /** How the SPA shows it; without one the task page shows its header only. */
  page?: TaskPage;
  /**
   * The e-mail to whoever is given the task, in place of the generic 'New task received': what it
   * asks and by when, from the task's draft. The link to the task's page is added after the words.
   */
  assignedEmail?: (task: AssignedTask) => { subject: string; paragraphs: string[]; link: string };
}

/** What a task's own assignment e-mail may say (`TaskTypeDefinition.assignedEmail`). */
export interface AssignedTask {
  requestId: string;
  /** The task's draft as it opened. */
  draft: Record<string, unknown>;
  /** The account's name, when the request has an account. */
  organisation: string | null;
  /** When the task is due (ISO), if it is. */
  dueAt: string | null;
}

/**
 * A task's deadline: relative to when it opens, or a fixed moment (a statutory due date). Workflow
 * input may override it (tests use seconds).
 */
export type TaskDeadline = ({ dueInMs: number; dueAt?: undefined } | { dueAt: string; dueInMs?: undefined }) & {
  /** Reminder e-mails this long before the due time. */
  remindBeforeMs?: number[];
};

/** What decides whether a process may start on an account (reference workflows §5). */
export interface StartFacts {
  /** The status of the account's request of each type, when it has one. */
  statuses: Partial<Record<string, string>>;
  /** Today is inside the process's initiate window. */
  inWindow: boolean;
}

/** 'Start a new task': may it start, and if not, what blocks it (its schema: domain/requests.ts). */
export type { Availability };

/** An inclusive period, as ISO date-times. */
export interface Window {
  from: string;
  to: string;
}

/** When a report may be started and submitted (reference workflows §13.1; REPORTING_WINDOWS may replace them). */
export interface ReportingWindows {
  initiate: Window;
  submit: Window;
}

/** A regulator sends a completed report back to the operator for changes (reference §3.2, §5). */
export interface ReinitiateDefinition {
  /** The create action type, `RE_INITIATE_<request type>` in the reference. */
  actionType: string;
  permission: Permission;
  /** The timeline entry, with the regulator as submitter. */
  timeline: string;
  /** Blocked by the account's other requests (e.g. an action plan once progress update 1 exists). */
  blockedBy?: (statuses: StartFacts['statuses']) => boolean;
}

/** One kind of timeline entry (request action) of the process. */
export interface TimelineEntryDefinition {
  /** The heading, '<label> by <submitter>' (reference workflows §1.5). */
  label: string;
  /** The entry keeps what was submitted or decided: the request page shows it read-only. */
  snapshot?: boolean;
  /**
   * The entry's submission document (a PDF, e-mailed to the submitter): what the document calls the
   * event ('Submitted', 'Application approved' …, the process's own words).
   */
  document?: string;
  /** The word the document's file name ends with after the title ('approved' in '… approved.pdf'); none by default. */
  documentFileWord?: string;
  /**
   * What the e-mail with the document attached calls it, after 'Attached is a copy of ': by default
   * 'what was submitted in the <title>'.
   */
  documentCopy?: string;
  /**
   * The document records what was sent to the organisation (not something its reader did): the
   * e-mail is 'a copy of what was sent', not 'your copy', and this sentence says what follows for them.
   */
  documentSent?: string;
  /** Its document goes to whoever started the request too (an applicant gets the decision on their application). */
  documentToStarter?: boolean;
  /**
   * The request ended cancelled with it. A cancelled request started again keeps its id (the spec's),
   * so its timeline holds each start's entries: the timeline shows them apart, a start after each such entry.
   */
  endsRun?: boolean;
}

/** A row of a submission's summary and document: the question and its answer's lines. */
export interface DocumentRow {
  key: string;
  value: string[];
}

export interface DocumentSection {
  title: string;
  rows: DocumentRow[];
}

/** The cells that start each row of a submitted-data MI report, before the answers. */
export type SubmittedDataCell =
  | 'requestId'
  | 'organisationName'
  | 'registrationNumber'
  | 'accountStatus'
  | 'submittedOn'
  | 'relatedId'
  | 'relatedSubmittedOn';

/**
 * The MI report of the process's submissions (reference platform §5): one row per submitted report,
 * one column per question of its definition, on screen and in the .xlsx.
 */
export interface SubmittedDataDefinition {
  /** The report's type (miReportType), e.g. ACTION_PLAN_SUBMITTED_DATA_P3. */
  reportType: string;
  /** Its name in the list of reports and on its page. */
  name: string;
  /** Its page's address under /mi-reports. */
  slug: string;
  fileName: string;
  /** The name of the workbook's first sheet, which lists the others. */
  contents: string;
  leading: { heading: string; cell: SubmittedDataCell }[];
  /** The request type whose submission fills the related cells (e.g. the notification of an action plan). */
  related?: string;
  /** Sheets by name with the sections they hold, in order; sections not listed go to a sheet named after their group (or the only sheet). */
  sheets: [string, string[]][];
}

export interface ProcessDefinition {
  requestType: string;
  /**
   * Its home's folder under processes/ (e.g. 'request-for-information'), where the SPA finds the
   * pages its tasks name (`pages/<kind>.tsx`). Needed when a task has a page of its own.
   */
  home?: string;
  /** Name of the workflow function that runs it (the process's workflow.ts, listed in workflows/index.ts). */
  workflowType: string;
  /**
   * Readable request ids (reference workflows §1.4): prefix, the account's number in six digits, suffix — 'AP000001-P3'.
   * `numbered`: any number per account, each with its number after a dash — 'RFI000001-2'.
   */
  id: { prefix: string; suffix?: string; numbered?: boolean };
  /**
   * The phase it serves and which of the phase's reports it is (domain/phases.ts): its windows and
   * due date are the phase's unless REPORTING_WINDOWS or REPORT_DUE_DATES name it.
   */
  phase?: { number: number; report: PhaseReport };
  /** The account page's tab that lists it: the reporting phases, or the account's own workflow history. */
  category: 'REPORTING' | 'PERMIT';
  /** 'Start a new task' and documents: e.g. 'Phase 3 Action Plan'. */
  title: string;
  /** In messages and e-mails: e.g. 'Action Plan' ('… is in progress'). */
  name: string;
  /** In 'Type' columns, when it differs from the title (spec §3). */
  typeLabel?: string;
  /** The 'About' text under its 'Start a new task' entry. */
  about?: string[];
  /** Who may start it with POST /requests, and with what start input. Absent: started by the system. */
  create?: {
    roleType: TaskRoleType;
    permission?: Permission;
    /** The schema of the start input (requestCreateActionPayload). */
    input: v.GenericSchema;
    timeline?: string;
    /** Started with no account (account opening creates its own); else only on a LIVE account. */
    withoutAccount?: boolean;
    /**
     * May it start, given the account's requests (the account is LIVE)? Default: once, unless the
     * earlier one was cancelled.
     */
    rule?: (facts: StartFacts) => Availability;
    /** Its initiate and submit windows (the defaults; configuration may replace them). */
    windows?: ReportingWindows;
    /**
     * May it start with this (parsed) start input, given its availability? E.g. only a disaggregated
     * undertaking starts a progress update without the report it would copy. Default: yes.
     */
    admits?: (input: unknown, availability: Availability) => boolean;
    /** Its 'Start a new task' button, when it says more than 'Start'. */
    button?: string;
    /**
     * Offered on the task page of another request on the account to whoever may start it (the start
     * role's users): its heading, its link and what it says when the start fails. Its first task opens
     * with `?about=<that request's id>`.
     */
    fromTask?: { heading: string; link: string; failure: string };
    /** 'Start a new task' offers the disaggregated undertaking's route when the start is valid only without the report before. */
    disaggregated?: boolean;
  };
  /**
   * The task that carries the process's due date: a statutory day ('YYYY-MM-DD', UK; REPORT_DUE_DATES
   * may replace it, REPORT_REMINDER_DAYS its reminders) or working days after it opens
   * (REVIEW_DUE_WORKING_DAYS), and who may change it (an extension), which re-arms its reminders.
   */
  dueDate?: { taskType: string; changePermission?: Permission } & (
    { date: string } | { workingDays: number; remindBeforeMs: number[] }
  );
  reinitiate?: ReinitiateDefinition;
  tasks: Record<string, TaskTypeDefinition>;
  /** Every kind of entry its timeline records. */
  timeline: Record<string, TimelineEntryDefinition>;
  /** The report the process submits (kept in `reports`): its pages, checks, summaries, documents and MI columns. */
  report?: ReportDefinition;
  /**
   * What a new request's report starts from (unless a disaggregated undertaking starts it): the
   * account's submitted report of another process, copied by `build`; without one the start fails
   * with `missing`.
   */
  startsFrom?: {
    requestType: string;
    missing: { code: string; message: string };
    build: (earlier: ReportData, submittedOn: string, newId: () => string) => ReportData;
  };
  /**
   * A new request's report starts with the answers of the account's submitted report of an earlier
   * process (a later phase's notification, from the phase before's) to the questions asked the same
   * way in these sections; each marked until confirmed or changed (domain/reports/carried.ts).
   * Nothing is carried when the account has no such report. `measures`: the account's submitted
   * action plan of that phase (`from[0]`), with what its submitted progress updates (the rest of
   * `from`, in order) said of each measure, as `build` reads them, kept in the draft as
   * `actionPlanMeasures` for the pages that offer them (domain/reports/plan-measures.ts); nothing
   * without a submitted action plan with measures.
   */
  carriesForward?: {
    requestType: string;
    phase: number;
    sections: string[];
    measures?: {
      phase: number;
      from: [actionPlan: string, ...progressUpdates: string[]];
      build: (actionPlan: ReportData, ...progressUpdates: (ReportData | undefined)[]) => PlanMeasure[];
    };
  };
  /** What a snapshot entry shows when the process has no report (an application decision, a closure): its details. */
  summary?: (actionType: string, details: unknown) => DocumentSection[];
  /** The MI report of its submissions. */
  submittedData?: SubmittedDataDefinition;
  /**
   * What the compliance overview breaks its submitted reports down by (the notification's
   * categories): the breakdown's title, each value's label, and the SQL of the value from a
   * submitted report's data (a jsonb expression).
   */
  complianceBreakdown?: { title: string; labels: Record<string, string>; sql: (data: string) => string };
}
