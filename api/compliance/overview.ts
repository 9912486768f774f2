// The compliance overview's numbers and lists, counted and paged in PostgreSQL: every report of the
// registry (a process with a report), for the live accounts of one competent authority. Each
// account's request of a report is found through requests_account_type, its open task (the due date
// a regulator may have moved, the assignee) through request_tasks_request.
import type { Knex } from 'knex';
import type { Config } from '../../infra/config';
import type { CompetentAuthority } from '../../domain/authorities';
import { endOfUkDay } from '../../domain/deadlines';
import { registeredProcesses, processFor, type ProcessDefinition } from '../../processes';
import { configuredWindows, dueDateOf, windowsOf } from '../process-settings';
import { reportOpening } from '../../domain/phases';
import { badRequest } from '../errors';
import {
  complianceStates,
  type ComplianceList,
  type ComplianceListRow,
  type ComplianceOverview,
  type ComplianceSort,
  type ComplianceState,
} from '../../domain/compliance';

type Settings = Pick<Config, 'reporting'>;

/**
 * The processes the overview counts: those with a report, in the registry's order, once their
 * window has opened (a later phase's report is not counted before its phase opens it).
 */
export function complianceReports(config: Settings): ProcessDefinition[] {
  const now = config.reporting.now();
  return registeredProcesses().filter((p) => {
    if (!p.report) return false;
    const windows = configuredWindows(config, p);
    return windows === undefined || reportOpening(windows, now).open || 'closed' in reportOpening(windows, now);
  });
}

/** The report of a list, or 400 for a request type that is not one. */
export function complianceReport(requestType: string): ProcessDefinition {
  const def = processFor(requestType);
  if (!def?.report) throw badRequest(`requestType: ${requestType} is not a report`, 'requestType');
  return def;
}

/** After this moment a report not submitted is overdue: its statutory date's end (UK), else its window's close. */
export function reportDueAt(config: Settings, def: ProcessDefinition): Date {
  const due = dueDateOf(config, def);
  if (due) return /^\d{4}-\d{2}-\d{2}$/.test(due) ? endOfUkDay(due) : new Date(due);
  const close = windowsOf(config, def)?.submit?.to;
  return close ? new Date(close) : new Date(8.64e15);
}

/** The report's due day in words, as the reminder writes it ('5 December 2024'). */
export function reportDueOn(config: Settings, def: ProcessDefinition): string {
  return reportDueAt(config, def).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

// The SQL of an account's standing on one report; `a` the account, `r` its request (left-joined),
// `:due` the report's due moment and `:now` the clock, bound by the caller.
const SUBMITTED = `r.status = 'COMPLETED'`;
const IN_PROGRESS = `r.status = 'IN_PROGRESS'`;
const NOT_STARTED = `(r.status is null or r.status not in ('COMPLETED', 'IN_PROGRESS'))`;
const taskDue = `(select min(t.due_at) from request_tasks t where t.request_id = r.id)`;
const overdue = (due: string, now: string) =>
  `(r.status is distinct from 'COMPLETED' and coalesce(${taskDue}, ${due}) < ${now})`;

const stateSql = (state: ComplianceState, due: string, now: string): string =>
  ({ SUBMITTED, IN_PROGRESS, NOT_STARTED, OVERDUE: overdue(due, now) })[state];

const pct = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 10);

/**
 * The overview of one authority as computed at most `maxAgeSeconds` ago (COMPLIANCE_OVERVIEW_MAX_AGE_SECONDS,
 * default 60; 0 computes every time). It reads every request of the authority's live accounts, about
 * 50 ms of PostgreSQL for 2,000 accounts, which at a dashboard's rate of calls is the service's
 * heaviest read, while its numbers move by the day; callers asking at once share one computation.
 * `asOf` says when it was computed. Kept per API process.
 */
export function recentComplianceOverview(
  db: Knex,
  config: Settings & Pick<Config, 'complianceOverviewMaxAgeSeconds'>,
  ca: CompetentAuthority,
): Promise<ComplianceOverview> {
  const maxAgeMs = config.complianceOverviewMaxAgeSeconds * 1000;
  const kept = recentOverviews.get(ca);
  if (kept && Date.now() - kept.at < maxAgeMs) return kept.overview;
  const overview = complianceOverview(db, config, ca);
  recentOverviews.set(ca, { at: Date.now(), overview });
  // A failed computation is not kept: the next caller tries again.
  overview.catch(() => recentOverviews.get(ca)?.overview === overview && recentOverviews.delete(ca));
  return overview;
}
const recentOverviews = new Map<CompetentAuthority, { at: number; overview: Promise<ComplianceOverview> }>();

/** The overview: counts per report and state, the breakdowns of submitted reports, submissions by day. */
export async function complianceOverview(
  db: Knex,
  config: Settings,
  ca: CompetentAuthority,
): Promise<ComplianceOverview> {
  const now = config.reporting.now();
  const reports = complianceReports(config);
  const types = reports.map((r) => r.requestType);
  const dues = reports.map((r) => reportDueAt(config, r));
  const breakdowns = reports.filter((r) => r.complianceBreakdown);
  const [live, counts, overTime, ...broken] = await Promise.all([
    db('accounts').where({ competent_authority: ca, status: 'LIVE' }).count({ n: '*' }).first(),
    // The requests of the live accounts, each with its open task's due moment if any. An account
    // without a request, or whose request has no due moment, is overdue once the report's own due
    // moment has passed (added below), so the accounts need not be crossed with the reports.
    db.raw<{
      rows: { type: string; submitted: number; in_progress: number; with_task_due: number; overdue_by_task: number }[];
    }>(
      `select r.type,
              count(*) filter (where ${SUBMITTED})::int as submitted,
              count(*) filter (where ${IN_PROGRESS})::int as in_progress,
              count(*) filter (where not ${SUBMITTED} and t.due_at is not null)::int as with_task_due,
              count(*) filter (where not ${SUBMITTED} and t.due_at < ?)::int as overdue_by_task
         from requests r
         join accounts a on a.id = r.account_id and a.status = 'LIVE' and a.competent_authority = ?
         left join (select k.request_id, min(k.due_at) as due_at from request_tasks k join accounts b on b.id = k.account_id and b.competent_authority = ?
                     where k.due_at is not null group by k.request_id) t on t.request_id = r.id
        where r.type = any(?::text[])
        group by r.type`,
      [now, ca, ca, types],
    ),
    db.raw<{ rows: { type: string; day: string; n: number }[] }>(
      `select r.type, to_char(r.submitted_at at time zone 'Europe/London', 'YYYY-MM-DD') as day, count(*)::int as n
         from requests r join accounts a on a.id = r.account_id and a.status = 'LIVE' and a.competent_authority = ?
        where r.type = any(?::text[]) and r.status = 'COMPLETED' and r.submitted_at is not null
        group by 1, 2 order by 1, 2`,
      [ca, types],
    ),
    ...breakdowns.map((def) =>
      db.raw<{ rows: { value: string | null; n: number }[] }>(
        `select ${def.complianceBreakdown!.sql('p.data')} as value, count(*)::int as n
           from accounts a
           join requests r on r.account_id = a.id and r.type = ? and ${SUBMITTED}
           join reports p on p.request_id = r.id
          where a.competent_authority = ? and a.status = 'LIVE'
          group by 1`,
        [def.requestType, ca],
      ),
    ),
  ]);
  const liveAccounts = Number((live as { n?: unknown } | undefined)?.n ?? 0);
  return {
    liveAccounts,
    asOf: now.toISOString(),
    reports: reports.map((def, i) => {
      const row = counts.rows.find((c) => c.type === def.requestType) ?? {
        submitted: 0,
        in_progress: 0,
        with_task_due: 0,
        overdue_by_task: 0,
      };
      const dueByItsDate = liveAccounts - row.submitted - row.with_task_due;
      const byState: Record<ComplianceState, number> = {
        SUBMITTED: row.submitted,
        IN_PROGRESS: row.in_progress,
        NOT_STARTED: liveAccounts - row.submitted - row.in_progress,
        OVERDUE: row.overdue_by_task + (dues[i] < now ? dueByItsDate : 0),
      };
      return {
        requestType: def.requestType,
        name: def.name ?? def.title,
        dueAt: dues[i].toISOString(),
        windowCloses: windowsOf(config, def)?.submit?.to ?? null,
        counts: byState,
        percentages: Object.fromEntries(complianceStates.map((s) => [s, pct(byState[s], liveAccounts)])) as Record<
          ComplianceState,
          number
        >,
      };
    }),
    breakdowns: breakdowns.map((def, i) => {
      const { title, labels } = def.complianceBreakdown!;
      const found = new Map(broken[i].rows.map((r) => [r.value, r.n]));
      return {
        requestType: def.requestType,
        title,
        rows: Object.entries(labels).map(([value, label]) => ({ value, label, count: found.get(value) ?? 0 })),
      };
    }),
    overTime: reports.map((def) => {
      let total = 0;
      return {
        requestType: def.requestType,
        name: def.name ?? def.title,
        windowCloses: windowsOf(config, def)?.submit?.to ?? null,
        points: overTime.rows
          .filter((r) => r.type === def.requestType)
          .map((r) => ({ day: r.day, total: (total += r.n) })),
      };
    }),
  };
}

const lastReminder = `(select max(c.created_at) from compliance_reminders c where c.account_id = a.id and c.type = :type and c.status = 'SENT')`;

/** What each sort orders by, over the list's accounts `a` and requests `r`. */
const sortKeys: Record<ComplianceSort, string> = {
  name: 'a.name',
  registrationNumber: 'a.registration_number',
  dueDate: `coalesce(${taskDue}, :due::timestamptz)`,
  lastReminder,
};

/** The accounts behind a number: a query over the live accounts of `ca`, filtered as the list says. */
function listQuery(db: Knex, config: Settings, ca: CompetentAuthority, list: ComplianceList) {
  const def = complianceReport(list.requestType);
  const due = reportDueAt(config, def).toISOString();
  const now = config.reporting.now().toISOString();
  const breakdown = def.complianceBreakdown;
  if (list.category && !(breakdown && list.category in breakdown.labels))
    throw badRequest(`category: ${list.category} is not a category of ${def.name ?? def.title}`, 'category');
  const where: string[] = ['a.competent_authority = :ca', `a.status = 'LIVE'`];
  if (list.state) where.push(stateSql(list.state, ':due::timestamptz', ':now::timestamptz'));
  if (list.category)
    where.push(
      `${SUBMITTED} and ${breakdown!.sql('(select p.data from reports p where p.request_id = r.id)')} = :category`,
    );
  const search = list.search?.trim();
  if (search)
    where.push(`(a.name ilike :search or a.organisation_id ilike :search or a.registration_number ilike :search)`);
  const bindings = {
    ca,
    type: def.requestType,
    due,
    now,
    category: list.category ?? null,
    search: search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
  };
  const from = `from accounts a
    left join requests r on r.account_id = a.id and r.type = :type
    where ${where.join(' and ')}`;
  return { def, from, bindings };
}

interface ListRowSql {
  id: number;
  organisation_id: string;
  name: string;
  registration_number: string | null;
  request_id: string | null;
  request_status: string | null;
  is_overdue: boolean;
  due_at: Date;
  last_reminder: Date | null;
  assignee: string | null;
  total: number;
}

const rowOf = (r: ListRowSql): ComplianceListRow => ({
  accountId: r.id,
  organisationId: r.organisation_id,
  name: r.name,
  registrationNumber: r.registration_number,
  state:
    r.request_status === 'COMPLETED' ? 'SUBMITTED' : r.request_status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'NOT_STARTED',
  overdue: r.is_overdue,
  requestId: r.request_id,
  dueDate: r.due_at ? new Date(r.due_at).toISOString() : null,
  lastReminder: r.last_reminder ? new Date(r.last_reminder).toISOString() : null,
  assignee: r.assignee,
});

/** A page of the list, sorted and paged in the database, with the list's total. */
export async function complianceListPage(
  db: Knex,
  config: Settings,
  ca: CompetentAuthority,
  list: ComplianceList,
  order: { sort: ComplianceSort; direction: 'asc' | 'desc'; page: number; size: number },
): Promise<{ reportName: string; categoryLabel: string | null; rows: ComplianceListRow[]; total: number }> {
  const { def, from, bindings } = listQuery(db, config, ca, list);
  const direction = order.direction === 'desc' ? 'desc' : 'asc';
  const orderBy = (key: string, id: string) => `${key} ${direction} nulls last, ${id} ${direction}`;
  // The page's accounts and the total first (filter, order, count: only what they need), then
  // the page's own columns for its rows alone.
  const { rows } = await db.raw<{ rows: ListRowSql[] }>(
    `with page as (
       select a.id, r.id as request_id, r.status as request_status, ${overdue(':due::timestamptz', ':now::timestamptz')} as is_overdue,
              ${sortKeys[order.sort]} as sort_key, count(*) over () as total
         ${from}
        order by ${orderBy('sort_key', 'a.id')}
        limit :size offset :offset)
     select p.id, a.organisation_id, a.name, a.registration_number, p.request_id, p.request_status, p.is_overdue, p.total,
            coalesce(t.due_at, :due::timestamptz) as due_at,
            ${lastReminder} as last_reminder,
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as assignee
       from page p
       join accounts a on a.id = p.id
       left join lateral (select t.due_at, t.assignee from request_tasks t where t.request_id = p.request_id order by t.due_at nulls last, t.id limit 1) t on true
       left join users u on u.id = t.assignee
      order by ${orderBy('p.sort_key', 'p.id')}`,
    { ...bindings, size: order.size, offset: order.page * order.size },
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  // A page past the end still says how many there are.
  if (!rows.length && order.page > 0) total = await complianceListCount(db, config, ca, list);
  return {
    reportName: def.name ?? def.title,
    categoryLabel: list.category ? (def.complianceBreakdown?.labels[list.category] ?? null) : null,
    rows: rows.map(rowOf),
    total,
  };
}

export async function complianceListCount(
  db: Knex,
  config: Settings,
  ca: CompetentAuthority,
  list: ComplianceList,
): Promise<number> {
  const { from, bindings } = listQuery(db, config, ca, list);
  const { rows } = await db.raw<{ rows: { n: number }[] }>(`select count(*)::int as n ${from}`, bindings);
  return rows[0]?.n ?? 0;
}

/** Every row of the list in batches, for the export (read a thousand at a time, in the list's order). */
export async function* complianceListBatches(
  db: Knex,
  config: Settings,
  ca: CompetentAuthority,
  list: ComplianceList,
  sort: ComplianceSort,
  direction: 'asc' | 'desc',
): AsyncIterable<ComplianceListRow[]> {
  const size = 1000;
  for (let page = 0; ; page++) {
    const { rows } = await complianceListPage(db, config, ca, list, { sort, direction, page, size });
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

/** The ids and names of every account of the list (a chase's organisations), by name. */
export async function complianceListAccounts(
  db: Knex,
  config: Settings,
  ca: CompetentAuthority,
  list: ComplianceList,
): Promise<{ accountId: number; name: string; organisationId: string }[]> {
  const { from, bindings } = listQuery(db, config, ca, list);
  const { rows } = await db.raw<{ rows: { id: number; name: string; organisation_id: string }[] }>(
    `select a.id, a.name, a.organisation_id ${from} order by a.name, a.id`,
    bindings,
  );
  return rows.map((r) => ({ accountId: r.id, name: r.name, organisationId: r.organisation_id }));
}
