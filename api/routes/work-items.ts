// The dashboard lists (spec §7 "Work-item lists"): open tasks the caller may view, newest first,
// paged in the database. The SQL reads the request_tasks projection the workflows write.
import type { Knex } from 'knex';
import { queryPrepared } from '../../infra/prepared';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { pageParams, pageQuery } from '../params';
import { notFound } from '../errors';
import { assertVisible, listScope } from '../tasks/task-access';
import {
  accountTypes,
  MAX_PAGE_SIZE,
  workItemLists,
  workItemPageSchema,
  type WorkItem,
  type WorkItemList,
  type WorkItemPage,
} from '../../domain/work-items';

const itemColumns = `rt.id, rt.type, rt.request_id, rt.account_id, r.type as request_type,
  a.name as account_name, a.registration_number, a.organisation_id,
  u.first_name, u.last_name, (rt.due_date - current_date) as days_remaining, (v.task_id is null) as is_new`;

const itemJoins = `join requests r on r.id = rt.request_id
  left join accounts a on a.id = rt.account_id
  left join users u on u.id = rt.assignee
  left join request_task_visits v on v.task_id = rt.id and v.user_id = ?`;

interface ItemRow {
  id: string;
  type: string;
  request_id: string;
  account_id: number | null;
  request_type: string;
  account_name: string | null;
  registration_number: string | null;
  organisation_id: string | null;
  first_name: string | null;
  last_name: string | null;
  days_remaining: number | null;
  is_new: boolean;
}

function toItem(row: ItemRow): WorkItem {
  return {
    taskId: Number(row.id),
    taskType: row.type,
    taskAssignee:
      row.first_name !== null || row.last_name !== null
        ? { firstName: row.first_name ?? '', lastName: row.last_name ?? '' }
        : null,
    daysRemaining: row.days_remaining,
    requestId: row.request_id,
    requestType: row.request_type,
    accountId: row.account_id,
    accountName: row.account_name,
    accountRegistrationNumber: row.registration_number,
    accountOrganisationId: row.organisation_id,
    isNew: row.is_new,
  };
}

/** The page size as written into the statement: only a whole number the route validated. */
function pageSize(size: number): number {
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw new Error(`page size out of range: ${size}`);
  return size;
}

/**
 * The statement of one list page and its total (? placeholders), or null when the caller sees no
 * list. The page size is part of the statement (1–100): a generic plan that knows it fetches 10 rows
 * joins them by index; with the size a parameter it planned for a tenth of the table and joined by
 * hash over sequential scans (a regulator's list took 50 ms instead of 2.5). The total is the outer
 * row, so a page past the end still carries it (one row with no task): one round trip in every case.
 */
export function workItemPageStatement(
  user: CurrentUser,
  list: WorkItemList,
  page: number,
  size: number,
): { sql: string; bindings: Knex.Value[] } | null {
  const scope = listScope(user);
  if (!scope) return null;
  const assignment =
    list === 'assigned-to-me'
      ? 'rt.assignee = ?'
      : list === 'assigned-to-others'
        ? 'rt.assignee <> ?'
        : 'rt.assignee is null';
  const where = `${assignment} and ${scope.sql}`;
  const whereBindings: Knex.Value[] = [...(list === 'unassigned' ? [] : [user.userId]), ...scope.bindings];
  return {
    sql: `with total as (select count(*)::int as n from request_tasks rt where ${where}),
     page as (select rt.id from request_tasks rt where ${where} order by rt.start_date desc, rt.id desc limit ${pageSize(size)} offset ?)
     select ${itemColumns}, total.n as total_items
       from total left join (page p join request_tasks rt on rt.id = p.id ${itemJoins}) on true
       order by rt.start_date desc, rt.id desc`,
    bindings: [...whereBindings, ...whereBindings, page * size, user.userId],
  };
}

export async function workItemPage(
  db: Knex,
  user: CurrentUser,
  list: WorkItemList,
  page: number,
  size: number,
): Promise<WorkItemPage> {
  const statement = workItemPageStatement(user, list, page, size);
  if (!statement) return { items: [], totalItems: 0 };
  const rows = await queryPrepared<ItemRow & { total_items: number }>(db, statement.sql, statement.bindings);
  return { items: rows.filter((row) => row.id !== null).map(toItem), totalItems: rows[0].total_items };
}

export const workItemRoutes: RouteDef[] = [
  ...workItemLists.map((list): RouteDef => ({
    method: 'get',
    path: `/:accountType/items/${list}`,
    access: AUTHENTICATED,
    query: pageQuery,
    response: workItemPageSchema,
    handler: async (ctx, { db }) => {
      const accountType = ctx.params.accountType;
      if (!(accountTypes as readonly string[]).includes(accountType))
        throw notFound(`Unknown account type ${accountType}`);
      const { page, size } = pageParams(ctx.query);
      ctx.body = await workItemPage(db, currentUser(ctx), list, page, size);
    },
  })),
  {
    method: 'get',
    path: '/items/:requestId',
    access: AUTHENTICATED,
    response: workItemPageSchema,
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const request = await db('requests')
        .where({ id: ctx.params.requestId })
        .first('id', 'account_id', 'competent_authority');
      if (!request) throw notFound('Request not found');
      assertVisible(
        user,
        { accountId: request.account_id, competentAuthority: request.competent_authority },
        'Request',
      );
      const scope = listScope(user);
      if (!scope) {
        ctx.body = { items: [], totalItems: 0 };
        return;
      }
      const result = await db.raw(
        `select ${itemColumns} from request_tasks rt ${itemJoins} where rt.request_id = ? and ${scope.sql} order by rt.start_date desc, rt.id desc`,
        [user.userId, request.id, ...scope.bindings],
      );
      const items = (result.rows as ItemRow[]).map(toItem);
      ctx.body = { items, totalItems: items.length };
    },
  },
];
