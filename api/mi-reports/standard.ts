// The fixed MI reports of a competent authority as workbooks (reference platform §5): each sheet is
// an ordered query over the service's tables, limited to the caller's competent authority, and a
// function that turns a row into its cells. The same sheets give the pages shown on screen and the
// .xlsx export (api/mi-reports/xlsx.ts).
import type { Knex } from 'knex';
import { ApiError } from '../errors';
import {
  authorityStatusLabels,
  operatorRoles,
  type AuthorityStatus,
  type CompetentAuthority,
} from '../../domain/authorities';
import { accountStatusLabels, locationLabels, type AccountStatus } from '../../domain/accounts';
import {
  accessFor,
  knownTaskTypes,
  processFor,
  requestActionLabel,
  requestTypeName,
  submittedDataReport,
  taskTypeLabel,
} from '../../processes';
import type { SubmittedDataDefinition } from '../../domain/process-definition';
import { formatDateLong } from '../../domain/validation';
import { fullName } from '../../domain/work-items';
import { sectionColumns } from '../../domain/reports/columns';
import { submittedDataSheets, type SubmittedRow } from '../../domain/reports/submitted-data';
import { submittedReportsQuery } from '../../infra/submitted-reports';
import {
  accountsUsersContactsColumns,
  completedWorkColumns,
  fixedMiReports,
  formatMiDateTime,
  outstandingRequestTasksColumns,
  type CompletedWorkParams,
  type MiReportParams,
  type OutstandingTasksParams,
} from '../../domain/mi-reports';

import {
  feedbackQuestions,
  feedbackQuestionText,
  feedbackRatingLabels,
  type FeedbackRating,
} from '../../domain/feedback';

type Row = Record<string, any>;

export interface ReportSheet {
  name: string;
  /** What the sheet holds, for the workbook's table of contents. */
  description: string;
  columns: readonly string[];
  /** The rows, in a stable order. */
  query: Knex.QueryBuilder;
  cells: (row: Row) => string[];
}

export interface ReportWorkbook {
  fileName: string;
  /** The name of a first sheet that lists the others (the submitted-data workbooks). */
  contents?: string;
  sheets: ReportSheet[];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'Yes' : 'No');
const accountStatus = (status: string | null) =>
  status ? (accountStatusLabels[status as AccountStatus] ?? status) : '';
const ACCOUNT_TYPE = 'ORGANISATION';

// ---------------------------------------------------------------------------------------------

function accountsUsersContacts(db: Knex, ca: CompetentAuthority): ReportWorkbook {
  const query = db('accounts as a')
    .leftJoin('authorities as au', 'au.account_id', 'a.id')
    .leftJoin('users as u', 'u.id', 'au.user_id')
    .leftJoin('account_contacts as pc', (j) => j.on('pc.account_id', 'a.id').andOnVal('pc.contact_type', 'PRIMARY'))
    .leftJoin('account_contacts as sc', (j) => j.on('sc.account_id', 'a.id').andOnVal('sc.contact_type', 'SECONDARY'))
    .where('a.competent_authority', ca)
    .orderBy([{ column: 'a.organisation_id' }, { column: 'au.id' }])
    .select(
      'a.registration_number',
      'a.organisation_id',
      'a.name',
      'a.status',
      'a.competent_authority',
      'au.id as authority_id',
      'au.status as authority_status',
      'au.code',
      'au.invited_email',
      'au.invited_profile',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.phone_number',
      'u.email',
      'u.last_sign_in_at',
      'pc.user_id as primary_id',
      'sc.user_id as secondary_id',
    );
  const cells = (r: Row): string[] => {
    const hasUser = r.authority_id !== null;
    const name = r.user_id
      ? fullName({ firstName: r.first_name, lastName: r.last_name })
      : fullName({ firstName: r.invited_profile?.firstName, lastName: r.invited_profile?.lastName });
    return [
      text(r.registration_number),
      r.organisation_id,
      r.name,
      accountStatus(r.status),
      hasUser ? yesNo(r.user_id !== null && r.primary_id === r.user_id) : '',
      hasUser ? yesNo(r.user_id !== null && r.secondary_id === r.user_id) : '',
      hasUser ? (authorityStatusLabels[r.authority_status as AuthorityStatus] ?? r.authority_status) : '',
      name,
      text(r.phone_number),
      formatMiDateTime(r.last_sign_in_at),
      text(r.email ?? r.invited_email),
      r.code ? (operatorRoles[r.code as keyof typeof operatorRoles]?.name ?? r.code) : '',
      locationLabels[r.competent_authority as CompetentAuthority] ?? '',
    ];
  };
  const { name } = fixedMiReports.LIST_OF_ACCOUNTS_USERS_CONTACTS;
  return {
    fileName: `${name}.xlsx`,
    sheets: [{ name: 'Data', description: name, columns: accountsUsersContactsColumns, query, cells }],
  };
}

/** The satisfaction survey's responses, newest first: when, each rating and reason, the suggestion (no names). */
function userFeedback(db: Knex): ReportWorkbook {
  const query = db('user_feedback').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  const columns = [
    'Sent',
    ...feedbackQuestions.flatMap((q) => [feedbackQuestionText[q.field], `${feedbackQuestionText[q.field]} Why?`]),
    'How could we improve the service?',
  ];
  const cells = (r: Row): string[] => {
    const f = (r.payload ?? {}) as Record<string, string | null>;
    return [
      formatMiDateTime(r.created_at),
      ...feedbackQuestions.flatMap((q) => [
        feedbackRatingLabels[f[q.field] as FeedbackRating] ?? text(f[q.field]),
        text(f[q.reasonField]),
      ]),
      text(f.improvementSuggestion),
    ];
  };
  const { name } = fixedMiReports.USER_FEEDBACK;
  return { fileName: `${name}.xlsx`, sheets: [{ name: 'Data', description: name, columns, query, cells }] };
}

/** The task types regulators work on (the filter of the outstanding tasks report). */
export function regulatorTaskTypes(): string[] {
  return knownTaskTypes().filter((type) => accessFor(type)?.roleType === 'REGULATOR');
}

function outstandingTasks(db: Knex, ca: CompetentAuthority, params: OutstandingTasksParams): ReportWorkbook {
  const known = regulatorTaskTypes();
  const unknown = params.requestTaskTypes.find((t) => !known.includes(t));
  if (unknown)
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      `requestTaskTypes: ${unknown.slice(0, 100)} is not a regulator task type`,
      'requestTaskTypes',
    );
  const query = db('request_tasks as t')
    .join('requests as r', 'r.id', 't.request_id')
    .leftJoin('accounts as a', 'a.id', 't.account_id')
    .leftJoin('users as u', 'u.id', 't.assignee')
    .where('r.competent_authority', ca)
    .whereIn('t.type', params.requestTaskTypes.length ? params.requestTaskTypes : known)
    .modify((q) => {
      if (params.userIds.length) q.whereIn('t.assignee', params.userIds);
    })
    .orderByRaw('t.due_date asc nulls last, t.id asc')
    .select(
      'a.organisation_id',
      'a.name as account_name',
      't.request_id',
      'r.type as request_type',
      't.type',
      'u.first_name',
      'u.last_name',
      db.raw(`to_char(t.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw('(t.due_date - current_date) as days_remaining'),
    );
  const cells = (r: Row): string[] => [
    text(r.organisation_id),
    ACCOUNT_TYPE,
    text(r.account_name),
    r.request_id,
    requestTypeName(r.request_type),
    taskTypeLabel(r.type) ?? r.type,
    r.first_name !== null || r.last_name !== null ? fullName({ firstName: r.first_name, lastName: r.last_name }) : '',
    r.due_date ? formatDateLong(r.due_date) : '',
    text(r.days_remaining),
  ];
  const { name } = fixedMiReports.REGULATOR_OUTSTANDING_REQUEST_TASKS;
  return {
    fileName: `${name}.xlsx`,
    sheets: [{ name: 'Data', description: name, columns: outstandingRequestTasksColumns, query, cells }],
  };
}

function completedWork(db: Knex, ca: CompetentAuthority, params: CompletedWorkParams): ReportWorkbook {
  const query = db('request_actions as x')
    .join('requests as r', 'r.id', 'x.request_id')
    .leftJoin('accounts as a', 'a.id', 'r.account_id')
    .where('r.competent_authority', ca)
    .modify((q) => {
      // The days are UK days: from the start of the first to the end of the last.
      if (params.fromDate)
        q.whereRaw(`x.created_at >= (?::date)::timestamp at time zone 'Europe/London'`, [params.fromDate]);
      if (params.toDate)
        q.whereRaw(`x.created_at < (?::date + 1)::timestamp at time zone 'Europe/London'`, [params.toDate]);
    })
    .orderBy([{ column: 'x.created_at' }, { column: 'x.id' }])
    .select(
      'a.organisation_id',
      'a.name as account_name',
      'a.status as account_status',
      'r.id as request_id',
      'r.type as request_type',
      'r.status as request_status',
      'x.type',
      'x.submitter',
      'x.created_at',
    );
  const cells = (r: Row): string[] => [
    text(r.organisation_id),
    ACCOUNT_TYPE,
    text(r.account_name),
    accountStatus(r.account_status),
    r.request_id,
    requestTypeName(r.request_type),
    r.request_status.charAt(0) + r.request_status.slice(1).toLowerCase().replace(/_/g, ' '),
    requestActionLabel(r.type),
    text(r.submitter),
    formatMiDateTime(r.created_at),
  ];
  const { name } = fixedMiReports.COMPLETED_WORK;
  return {
    fileName: `${name}.xlsx`,
    sheets: [{ name: 'Data', description: name, columns: completedWorkColumns, query, cells }],
  };
}

// ---------------------------------------------------------------------------------------------
// Submitted data: one row per submission, the answers in the columns of the report's definition.

function submittedData(
  db: Knex,
  ca: CompetentAuthority,
  report: SubmittedDataDefinition & { requestType: string },
): ReportWorkbook {
  const definition = processFor(report.requestType)!.report!;
  const query = submittedReportsQuery(db, ca, report);
  return {
    fileName: report.fileName,
    contents: report.contents,
    sheets: submittedDataSheets(report, definition, sectionColumns).map((sheet) => ({
      ...sheet,
      query,
      cells: (r: Row) => sheet.cells(r as SubmittedRow),
    })),
  };
}

// ---------------------------------------------------------------------------------------------

/** The workbook of a fixed report for the caller's competent authority. */
export async function standardWorkbook(
  db: Knex,
  ca: CompetentAuthority,
  params: MiReportParams,
): Promise<ReportWorkbook> {
  switch (params.reportType) {
    case 'LIST_OF_ACCOUNTS_USERS_CONTACTS':
      return accountsUsersContacts(db, ca);
    case 'USER_FEEDBACK':
      return userFeedback(db);
    case 'REGULATOR_OUTSTANDING_REQUEST_TASKS':
      return outstandingTasks(db, ca, params as OutstandingTasksParams);
    case 'COMPLETED_WORK':
      return completedWork(db, ca, params as CompletedWorkParams);
    default: {
      const submitted = submittedDataReport(params.reportType);
      if (submitted) return submittedData(db, ca, submitted);
      throw new ApiError(400, 'VALIDATION_ERROR', 'Select a report type', 'reportType');
    }
  }
}
