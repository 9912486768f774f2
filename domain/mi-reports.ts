// Management-information reports of regulators (reference platform §5): their types, names, the
// parameters each takes, the column headings of the fixed reports and the custom SQL report's
// rules. Shared by the API (which builds them) and the SPA (which shows and downloads them).
import * as v from 'valibot';
import { requiredText } from './validation';

/**
 * The reports that are not a process's submitted data (each process with a report has its own,
 * processes/mi-reports.ts lists them all): their types, names and addresses under /mi-reports.
 */
export const fixedMiReports = {
  LIST_OF_ACCOUNTS_USERS_CONTACTS: { name: 'List of Accounts, Users and Contacts', slug: 'accounts-users-contacts' },
  REGULATOR_OUTSTANDING_REQUEST_TASKS: { name: 'Regulator outstanding request tasks', slug: 'outstanding-request-tasks' },
  COMPLETED_WORK: { name: 'Completed work', slug: 'completed-work' },
  CUSTOM: { name: 'Custom sql report', slug: 'custom' },
} as const;
export type FixedMiReportType = keyof typeof fixedMiReports;

/** A report's type: a fixed report's, or a process's submitted-data report (e.g. ACTION_PLAN_SUBMITTED_DATA_P3). */
export type MiReportType = string;

/** Rows per page on screen (reference §5: preview tables paginate 20 rows). */
export const MI_PAGE_SIZE = 20;
export const MI_MAX_PAGE_SIZE = 100;

/** One entry of GET /{accountType}/mireports/types. */
export interface MiReportTypeEntry {
  miReportType: MiReportType;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Column headings of the fixed reports (reference §5 and the real service's report classes).

export const accountsUsersContactsColumns = [
  'Account registration number',
  'Account ID',
  'Account name',
  'Account status',
  'Is User Primary contact?',
  'Is User Secondary contact?',
  'User status',
  'Name',
  'Telephone',
  'Last logon',
  'Email',
  'User role',
  'Location of registered office',
] as const;

export const outstandingRequestTasksColumns = [
  'Account ID',
  'Account type',
  'Account name',
  'Workflow ID',
  'Workflow type',
  'Workflow task name',
  'Workflow task assignee',
  'Workflow task due date',
  'Workflow task days remaining',
] as const;

export const completedWorkColumns = [
  'Account ID',
  'Account type',
  'Account name',
  'Account status',
  'Workflow ID',
  'Workflow type',
  'Workflow status',
  'Timeline event type',
  'Timeline event Completed by',
  'Timeline event Date Completed',
] as const;

/** A moment as the reports write it, in UK time: '05 March 2025 14:03:09' (dd MMMM yyyy HH:mm:ss). */
export function formatMiDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A day as the reports write it: '5 March 2025'. */
export function formatMiDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });
}

// ---------------------------------------------------------------------------------------------
// Parameters (spec §3 "MI report params": custom, empty, executed request actions, outstanding
// regulator request tasks).

const isoDate = (message: string) => v.pipe(v.string(message), v.isoDate(message));
export const MI_FROM_DATE = 'Enter a valid from date';
export const MI_TO_DATE = 'Enter a valid to date';
export const MI_DATE_ORDER = 'The to date must be the same as or after the from date';

export const miReportPaging = {
  page: v.optional(v.pipe(v.number('page must be a number'), v.integer('page must be a whole number'), v.minValue(0, 'page must be zero or more')), 0),
  size: v.optional(
    v.pipe(v.number('size must be a number'), v.integer('size must be a whole number'), v.minValue(1, 'size must be at least 1'), v.maxValue(MI_MAX_PAGE_SIZE, `size must be at most ${MI_MAX_PAGE_SIZE}`)),
    MI_PAGE_SIZE,
  ),
  /** Which sheet of a workbook to show (default its first sheet of data). */
  sheet: v.optional(v.pipe(v.string('sheet must be text'), v.maxLength(100, 'sheet must be at most 100 characters'))),
};

/** The parameters of a report that takes none but its page (a list, a process's submitted data). */
export const emptyParamsSchema = <T extends string>(type: T) => v.object({ reportType: v.literal(type), ...miReportPaging });

export const completedWorkParamsSchema = v.pipe(
  v.object({
    reportType: v.literal('COMPLETED_WORK'),
    fromDate: v.nullish(isoDate(MI_FROM_DATE), null),
    toDate: v.nullish(isoDate(MI_TO_DATE), null),
    ...miReportPaging,
  }),
  v.forward(
    v.check((p) => !p.fromDate || !p.toDate || p.fromDate <= p.toDate, MI_DATE_ORDER),
    ['toDate'],
  ),
);

export const outstandingTasksParamsSchema = v.object({
  reportType: v.literal('REGULATOR_OUTSTANDING_REQUEST_TASKS'),
  requestTaskTypes: v.optional(v.pipe(v.array(v.pipe(v.string('Select a task type'), v.maxLength(100)), 'requestTaskTypes must be a list'), v.maxLength(50)), []),
  userIds: v.optional(v.pipe(v.array(v.pipe(v.string('Select a regulator'), v.maxLength(255)), 'userIds must be a list'), v.maxLength(500)), []),
  ...miReportPaging,
});

export type CompletedWorkParams = v.InferOutput<typeof completedWorkParamsSchema>;
export type OutstandingTasksParams = v.InferOutput<typeof outstandingTasksParamsSchema>;

/** POST /{accountType}/mireports (and its export): the report and its parameters (processes/mi-reports.ts). */
export type MiReportParams = CompletedWorkParams | OutstandingTasksParams | v.InferOutput<ReturnType<typeof emptyParamsSchema<string>>>;

// ---------------------------------------------------------------------------------------------
// The custom SQL report

export const SQL_QUERY_REQUIRED = 'Enter a SQL query';
export const SQL_QUERY_MAX = 10000;
/** REPORT1001 (reference §1.7): the database refused or gave up on the query; its own message follows. */
export const CUSTOM_QUERY_FAILED = 'Custom query could not be executed';

export const customReportParamsSchema = v.object({
  reportType: v.optional(v.literal('CUSTOM', 'reportType must be CUSTOM'), 'CUSTOM'),
  sqlQuery: requiredText(SQL_QUERY_REQUIRED, { maxLength: SQL_QUERY_MAX }),
  ...miReportPaging,
});
export type CustomReportParams = v.InferOutput<typeof customReportParamsSchema>;

/** Tables a custom query reads: views of the caller's competent authority's data (migrations/…_mi_report_views.ts). */
export const customReportTables = [
  'accounts',
  'account_contacts',
  'users',
  'authorities',
  'requests',
  'request_tasks',
  'request_task_history',
  'request_actions',
  'reports',
  'account_onboarding_registry',
  'competent_authorities',
  'verification_bodies',
] as const;

// ---------------------------------------------------------------------------------------------
// Answers

/** A page of a report on screen: rows as text cells in the order of `columnNames`. */
export interface MiReportPage {
  reportType: MiReportType;
  /** The workbook's sheets of data (one for most reports) and the one shown. */
  sheets: string[];
  sheet: string;
  columnNames: string[];
  results: string[][];
  total: number;
  page: number;
  size: number;
}

export interface CustomReportPage {
  reportType: 'CUSTOM';
  columnNames: string[];
  results: string[][];
  /** Rows the query gave, up to the row limit. */
  total: number;
  /** The query gave more rows than the limit; only the first `rowLimit` are shown and exported. */
  truncated: boolean;
  rowLimit: number;
  page: number;
  size: number;
}
