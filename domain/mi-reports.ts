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
  REGULATOR_OUTSTANDING_REQUEST_TASKS: {
    name: 'Regulator outstanding request tasks',
    slug: 'outstanding-request-tasks',
  },
  COMPLETED_WORK: { name: 'Completed work', slug: 'completed-work' },
  CUSTOM: { name: 'Custom sql report', slug: 'custom' },
  /** The satisfaction survey's responses (every competent authority's users: the survey is about the service). */
  USER_FEEDBACK: { name: 'User feedback', slug: 'user-feedback' },
} as const;
export type FixedMiReportType = keyof typeof fixedMiReports;

/** A report's type: a fixed report's, or a process's submitted-data report (e.g. ACTION_PLAN_SUBMITTED_DATA_P3). */
export type MiReportType = string;

/** Rows per page on screen (reference §5: preview tables paginate 20 rows). */
export const MI_PAGE_SIZE = 20;
export const MI_MAX_PAGE_SIZE = 100;

/** One entry of GET /{accountType}/mireports/types. */
export const miReportTypeEntrySchema = v.object({ miReportType: v.string(), name: v.string() });
export type MiReportTypeEntry = v.InferOutput<typeof miReportTypeEntrySchema>;

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
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      day: '2-digit',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
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
  return date.toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

// ---------------------------------------------------------------------------------------------
// Parameters (spec §3 "MI report params": custom, empty, executed request actions, outstanding
// regulator request tasks).

const isoDate = (message: string) => v.pipe(v.string(message), v.isoDate(message));
export const MI_FROM_DATE = 'Enter a valid from date';
export const MI_TO_DATE = 'Enter a valid to date';
export const MI_DATE_ORDER = 'The to date must be the same as or after the from date';

export const miReportPaging = {
  page: v.optional(
    v.pipe(
      v.number('page must be a number'),
      v.integer('page must be a whole number'),
      v.minValue(0, 'page must be zero or more'),
    ),
    0,
  ),
  size: v.optional(
    v.pipe(
      v.number('size must be a number'),
      v.integer('size must be a whole number'),
      v.minValue(1, 'size must be at least 1'),
      v.maxValue(MI_MAX_PAGE_SIZE, `size must be at most ${MI_MAX_PAGE_SIZE}`),
    ),
    MI_PAGE_SIZE,
  ),
  /** Which sheet of a workbook to show (default its first sheet of data). */
  sheet: v.optional(v.pipe(v.string('sheet must be text'), v.maxLength(100, 'sheet must be at most 100 characters'))),
};

/** The parameters of a report that takes none but its page (a list, a process's submitted data). */
export const emptyParamsSchema = <T extends string>(type: T) =>
  v.object({ reportType: v.literal(type), ...miReportPaging });

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
  requestTaskTypes: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('Select a task type'), v.maxLength(100)), 'requestTaskTypes must be a list'),
      v.maxLength(50),
    ),
    [],
  ),
  userIds: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('Select a regulator'), v.maxLength(255)), 'userIds must be a list'),
      v.maxLength(500),
    ),
    [],
  ),
  ...miReportPaging,
});

export type CompletedWorkParams = v.InferOutput<typeof completedWorkParamsSchema>;
export type OutstandingTasksParams = v.InferOutput<typeof outstandingTasksParamsSchema>;

/** POST /{accountType}/mireports (and its export): the report and its parameters (processes/mi-reports.ts). */
export type MiReportParams =
  CompletedWorkParams | OutstandingTasksParams | v.InferOutput<ReturnType<typeof emptyParamsSchema<string>>>;

// ---------------------------------------------------------------------------------------------
// The custom SQL report

export const SQL_QUERY_REQUIRED = 'Enter a SQL query';
export const SQL_QUERY_MAX = 10000;
/** REPORT1001 (reference §1.7): the database refused or gave up on the query; its own message follows. */
export const CUSTOM_QUERY_FAILED = 'Custom query could not be executed';

/**
 * What a custom query may be, said when the database refuses one that is not (api/mi-reports/
 * custom-query-errors.ts): one SELECT over the listed tables (customReportTables).
 */
export const customQueryRefusals = {
  changes: (keyword: string, what: 'data' | 'the database') =>
    `Only a SELECT query can be run: ${keyword} changes ${what}`,
  notSelect: (keyword: string) => `Only a SELECT query can be run, not ${keyword}`,
  changesInWith: 'Only a SELECT query can be run: a WITH part that changes data is refused',
  locks: 'Only a SELECT query that only reads can be run: this one would change or lock rows',
  oneAtATime: 'Run one query at a time: the text holds more than one statement',
  notListed: (name: string, example: string) =>
    `${name} cannot be read: select from the listed tables, e.g. ${example}`,
  noSuchTable: (name: string, example: string) =>
    `There is no table called ${name}: select from the listed tables, e.g. ${example}`,
  function: (name: string) => `${name} cannot be used in a custom query: select from the listed tables`,
};

// The custom query's limits beyond its rows (MI_REPORT_ROW_LIMIT) and its time a statement
// (MI_REPORT_TIMEOUT_MS), project issue 27: what one query may make the web process hold, send and
// write, and how many one person may run at once. Sizes are of the values as text, in bytes.

/** One value (a cell): Excel's own limit is 32,767 characters, and bytes are never fewer. */
export const MI_CUSTOM_CELL_MAX_BYTES = 32_767;
/** One row, all its values together. */
export const MI_CUSTOM_ROW_MAX_BYTES = 256 * 1024;
/** One page of results on screen (the answer of POST …/mireports/custom). */
export const MI_CUSTOM_PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** One download: its rows as read, and the .xlsx file written. */
export const MI_CUSTOM_EXPORT_MAX_BYTES = 50 * 1024 * 1024;
/** One download, from the query's start to the file's last byte written. */
export const MI_CUSTOM_EXPORT_MAX_MS = 60_000;
/** Custom queries (pages and downloads) one person may have running at once, across every API process. */
export const MI_CUSTOM_CONCURRENT_PER_USER = 2;

/** A size as people read it: 32767 → '32,767 bytes', 300000 → '293 KB', 2097152 → '2 MB', 20000000 → '19.1 MB'. */
export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes < 64 * 1024) return `${bytes.toLocaleString('en-GB')} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / MB).toFixed(1))} MB`;
}

/** 60000 → '60 seconds', 1500 → '1.5 seconds'. */
export const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} seconds`;

/** What the custom report page says of the limits. */
export const customReportLimitsHint = () =>
  `A value may be at most ${formatBytes(MI_CUSTOM_CELL_MAX_BYTES)}, a row ${formatBytes(MI_CUSTOM_ROW_MAX_BYTES)} and a page of results ${formatBytes(MI_CUSTOM_PAGE_MAX_BYTES)}; ` +
  `a download at most ${formatBytes(MI_CUSTOM_EXPORT_MAX_BYTES)}, written within ${formatSeconds(MI_CUSTOM_EXPORT_MAX_MS)}. You can run ${MI_CUSTOM_CONCURRENT_PER_USER} queries at a time.`;

const SHORTER = 'Select fewer or shorter columns';
/** REPORT1003: a result past one of the size limits; each says which, and what to do. */
export const customResultTooLarge = {
  cell: (row: number, column: string, bytes: number, limit: number) => {
    const name = /^[a-z_][a-z0-9_]*$/.test(column) ? column : `"${column.replace(/"/g, '""')}"`;
    const expression = column === '?column?' ? '…' : name;
    return `The value of column ${name} in row ${row.toLocaleString('en-GB')} is ${formatBytes(bytes)}; a value may be at most ${formatBytes(limit)}. Select less of it, for example with left(${expression}, 1000), or leave the column out`;
  },
  row: (row: number, bytes: number, limit: number) =>
    `Row ${row.toLocaleString('en-GB')} is ${formatBytes(bytes)}; a row may be at most ${formatBytes(limit)}. ${SHORTER}`,
  page: (limit: number) => `This page of results is more than ${formatBytes(limit)}. ${SHORTER}`,
  export: (limit: number) =>
    `The download would be more than ${formatBytes(limit)}. ${SHORTER}, or fewer rows (with WHERE or LIMIT)`,
};
/** REPORT1004: the download took longer than its time. */
export const customExportTooSlow = (ms: number) =>
  `The download took longer than ${formatSeconds(ms)} to write. ${SHORTER}, or fewer rows (with WHERE or LIMIT)`;
/** REPORT1005 (429): the person has as many custom queries running as they may. */
export const customQueriesBusy = (limit: number) =>
  `You already have ${limit} custom ${limit === 1 ? 'query' : 'queries'} running. Wait for ${limit === 1 ? 'it' : 'one'} to finish, then try again`;

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

const textRows = v.array(v.array(v.string()));

/** A page of a report on screen: rows as text cells in the order of `columnNames`. */
export const miReportPageSchema = v.object({
  reportType: v.string(),
  /** The workbook's sheets of data (one for most reports) and the one shown. */
  sheets: v.array(v.string()),
  sheet: v.string(),
  columnNames: v.array(v.string()),
  results: textRows,
  total: v.number(),
  page: v.number(),
  size: v.number(),
});
export type MiReportPage = v.InferOutput<typeof miReportPageSchema>;

export const customReportPageSchema = v.object({
  reportType: v.literal('CUSTOM'),
  columnNames: v.array(v.string()),
  results: textRows,
  /** Rows the query gave, up to the row limit. */
  total: v.number(),
  /** The query gave more rows than the limit; only the first `rowLimit` are shown and exported. */
  truncated: v.boolean(),
  rowLimit: v.number(),
  page: v.number(),
  size: v.number(),
});
export type CustomReportPage = v.InferOutput<typeof customReportPageSchema>;
