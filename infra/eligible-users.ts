// Who may be given a task: the users holding the permission to execute its type on the task's account
// (operators) or in its competent authority (regulators). One query for the API's candidate
// assignees (api/routes/tasks-assignment.ts) and the workflow's default assignee (activities/requests.ts).
import type { Knex } from 'knex';

/** Users who may execute a task type on an account (operators) or in a CA (regulators). */
export function eligibleUsers(
  db: Knex | Knex.Transaction,
  scope: {
    roleType: 'OPERATOR' | 'REGULATOR';
    permission: string;
    accountId: number | null;
    competentAuthority: string | null;
  },
) {
  const q = db('authorities')
    .where({ status: 'ACTIVE' })
    .whereRaw('? = any(permissions)', [scope.permission])
    .whereNotNull('user_id');
  return scope.roleType === 'OPERATOR'
    ? q.where({ account_id: scope.accountId })
    : q.where({ competent_authority: scope.competentAuthority });
}
