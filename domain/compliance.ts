// The regulators' compliance overview (issue 29): for each report of the registry, where the live
// accounts of the regulator's competent authority stand, the lists behind each number, and the
// chases that remind those organisations. Shared by the API (which counts and lists in SQL) and the
// SPA (which shows them at /compliance).
import * as v from 'valibot';
import { codesOf } from './labels';

/**
 * Where an account stands on a report: its request COMPLETED (submitted), IN_PROGRESS (started or
 * returned for changes), anything else or none (not started). OVERDUE is not submitted and past its
 * due moment: the open task's due date when it has one, else the report's statutory date or, without
 * one, its window's close.
 */
export const complianceStateLabels = {
  SUBMITTED: 'Submitted',
  IN_PROGRESS: 'In progress',
  NOT_STARTED: 'Not started',
  OVERDUE: 'Overdue',
} satisfies Record<string, string>;
export type ComplianceState = keyof typeof complianceStateLabels;
export const complianceStates = codesOf(complianceStateLabels);

export const COMPLIANCE_TITLE = 'Compliance overview';
export const COMPLIANCE_LIST_PAGE_SIZE = 20;
export const COMPLIANCE_LIST_MAX_PAGE_SIZE = 100;
/** The most organisations one chase reminds (a whole competent authority's list fits). */
export const COMPLIANCE_CHASE_MAX = 20_000;

/** An object of a count per key (every key present). */
export const countsOf = <K extends string>(keys: readonly K[]) =>
  v.object(Object.fromEntries(keys.map((k) => [k, v.number()])) as Record<K, v.NumberSchema<undefined>>);

const complianceReportCountsSchema = v.object({
  requestType: v.string(),
  name: v.string(),
  /** The moment after which a report not submitted is overdue (ISO). */
  dueAt: v.string(),
  /** When the report's submission window closes (ISO), if it has one. */
  windowCloses: v.nullable(v.string()),
  counts: countsOf(complianceStates),
  /** Whole per cent of the live accounts, one decimal. */
  percentages: countsOf(complianceStates),
});
export type ComplianceReportCounts = v.InferOutput<typeof complianceReportCountsSchema>;

const complianceBreakdownSchema = v.object({
  requestType: v.string(),
  title: v.string(),
  rows: v.array(v.object({ value: v.string(), label: v.string(), count: v.number() })),
});
export type ComplianceBreakdown = v.InferOutput<typeof complianceBreakdownSchema>;

const complianceOverTimeSchema = v.object({
  requestType: v.string(),
  name: v.string(),
  windowCloses: v.nullable(v.string()),
  /** Cumulative submissions at the end of each day with a submission ('YYYY-MM-DD'). */
  points: v.array(v.object({ day: v.string(), total: v.number() })),
});
export type ComplianceOverTime = v.InferOutput<typeof complianceOverTimeSchema>;

/** GET /compliance/overview. */
export const complianceOverviewSchema = v.object({
  liveAccounts: v.number(),
  asOf: v.string(),
  reports: v.array(complianceReportCountsSchema),
  breakdowns: v.array(complianceBreakdownSchema),
  overTime: v.array(complianceOverTimeSchema),
});
export type ComplianceOverview = v.InferOutput<typeof complianceOverviewSchema>;

const complianceListRowSchema = v.object({
  accountId: v.number(),
  organisationId: v.string(),
  name: v.string(),
  registrationNumber: v.nullable(v.string()),
  /** Where it stands (OVERDUE is told by `overdue`, beside it). */
  state: v.picklist(complianceStates.filter((s) => s !== 'OVERDUE') as Exclude<ComplianceState, 'OVERDUE'>[]),
  overdue: v.boolean(),
  requestId: v.nullable(v.string()),
  dueDate: v.nullable(v.string()),
  lastReminder: v.nullable(v.string()),
  assignee: v.nullable(v.string()),
});
export type ComplianceListRow = v.InferOutput<typeof complianceListRowSchema>;

/** GET /compliance/accounts. */
export const complianceListPageSchema = v.object({
  requestType: v.string(),
  reportName: v.string(),
  state: v.nullable(v.picklist(complianceStates)),
  category: v.nullable(v.string()),
  categoryLabel: v.nullable(v.string()),
  rows: v.array(complianceListRowSchema),
  total: v.number(),
  page: v.number(),
  size: v.number(),
});
export type ComplianceListPage = v.InferOutput<typeof complianceListPageSchema>;

export const complianceSorts = ['name', 'registrationNumber', 'dueDate', 'lastReminder'] as const;
export type ComplianceSort = (typeof complianceSorts)[number];

const digits = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^(0|[1-9][0-9]{0,8})$/, `${name} must be a whole number`),
    v.transform(Number),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** The list behind a number: a report, optionally a state and a breakdown value, a name search. */
export const complianceListSchema = v.object({
  requestType: v.pipe(v.string('requestType is required'), v.regex(/^[A-Z0-9_]{1,60}$/, 'requestType is not a report')),
  state: v.optional(v.picklist(complianceStates, 'state is not a state of a report')),
  category: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,60}$/, 'category is not a category'))),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'search must be 100 characters or fewer'))),
});
export type ComplianceList = v.InferOutput<typeof complianceListSchema>;

export const complianceListQuerySchema = v.object({
  ...complianceListSchema.entries,
  sort: v.optional(v.picklist(complianceSorts, 'sort is not a column of the list'), 'name'),
  direction: v.optional(v.picklist(['asc', 'desc'], 'direction must be asc or desc'), 'asc'),
  page: v.optional(digits('page', 1_000_000), '0'),
  size: v.optional(
    v.pipe(digits('size', COMPLIANCE_LIST_MAX_PAGE_SIZE), v.minValue(1, 'size must be at least 1')),
    String(COMPLIANCE_LIST_PAGE_SIZE),
  ),
});

/** The query string of a list (the drill-down's address and its API's). */
export function complianceListQuery(
  list: Partial<ComplianceList> & { sort?: string; direction?: string; page?: number; size?: number },
): string {
  const q = new URLSearchParams();
  for (const [k, val] of Object.entries(list))
    if (val !== undefined && val !== null && val !== '') q.set(k, String(val));
  return q.toString();
}

// ---------------------------------------------------------------------------------------------
// Chases

/** Only a list of one state other than submitted can be sent a reminder. */
export const canChase = (state: ComplianceState | null | undefined): boolean => !!state && state !== 'SUBMITTED';

export const complianceChaseSchema = v.object({
  list: complianceListSchema,
  /** How many organisations the check page showed: a list that changed since is refused. */
  expected: v.pipe(
    v.number('expected must be a number'),
    v.integer('expected must be a whole number'),
    v.minValue(1, 'expected must be at least 1'),
    v.maxValue(COMPLIANCE_CHASE_MAX, `expected must be at most ${COMPLIANCE_CHASE_MAX}`),
  ),
});

export const chaseOutcomes = ['SENT', 'NO_CONTACT', 'ALREADY_REMINDED'] as const;
export type ChaseOutcome = (typeof chaseOutcomes)[number];
export const chaseOutcomeLabels: Record<ChaseOutcome | 'PENDING', string> = {
  SENT: 'Reminder sent',
  NO_CONTACT: 'Not sent: no primary contact',
  ALREADY_REMINDED: 'Not sent: reminded already',
  PENDING: 'Waiting',
};

/** An organisation of a list, as a check names it. */
export const listOrganisationSchema = v.object({ accountId: v.number(), name: v.string(), organisationId: v.string() });

/** GET /compliance/chases/check. */
export const chaseCheckSchema = v.object({
  list: complianceListSchema,
  reportName: v.string(),
  /** Organisations that will be reminded now. */
  count: v.number(),
  /** Organisations of the list reminded of this report within the interval: they are left out. */
  remindedAlready: v.array(v.object({ accountId: v.number(), name: v.string(), at: v.string() })),
  intervalDays: v.number(),
  organisations: v.array(listOrganisationSchema),
  template: v.object({ name: v.string(), subject: v.string(), body: v.string() }),
});
export type ChaseCheck = v.InferOutput<typeof chaseCheckSchema>;

/**
 * A batch's progress (a chase, a request for information to a list): its counts by outcome, 'done',
 * who started it, and each organisation's outcome; `fields` and `row` are the batch's own.
 */
export const batchProgressSchema = <
  const O extends readonly string[],
  F extends v.ObjectEntries,
  R extends v.ObjectEntries,
>(
  outcomes: O,
  fields: F,
  row: R,
) =>
  v.object({
    id: v.number(),
    reportName: v.string(),
    ...fields,
    total: v.number(),
    counts: countsOf([...outcomes, 'PENDING'] as const),
    done: v.boolean(),
    createdAt: v.string(),
    createdBy: v.string(),
    organisations: v.array(
      v.object({
        accountId: v.number(),
        name: v.string(),
        outcome: v.picklist([...outcomes, 'PENDING'] as const),
        ...row,
      }),
    ),
  });

/** GET /compliance/chases/{id}: each organisation's outcome a page at a time (by name). */
export const chaseProgressSchema = batchProgressSchema(chaseOutcomes, {}, { to: v.nullable(v.string()) });
export type ChaseProgress = v.InferOutput<typeof chaseProgressSchema>;

export const CHASE_TEMPLATE = 'ComplianceReminder';

/** A chase's workflow id, as the Temporal UI shows it. */
export const chaseWorkflowId = (id: number) => `compliance-chase-${id}`;

/**
 * The reminder's subject and words: one source for the check page's preview and the e-mail. A due
 * date still ahead 'is due by' it; one passed 'was due on' it (`duePassed`; a chase started before
 * it was known reads as passed, as it did).
 */
export function chaseEmail(
  report: { name: string; dueOn: string; duePassed?: boolean },
  organisation: string,
): { subject: string; paragraphs: string[] } {
  const due = report.duePassed === false ? `which is due by ${report.dueOn}` : `which was due on ${report.dueOn}`;
  return {
    subject: `Reminder: your ESOS ${report.name} - Manage your ESOS reporting`,
    paragraphs: [
      `Our records show that ${organisation} has not yet submitted its ${report.name}, ${due}.`,
      'Sign in to Manage your ESOS reporting to complete and submit it, or contact your regulator if you think this is wrong.',
    ],
  };
}
