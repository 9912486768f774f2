// Who may move a report task's due date (read by api/route-access.test.ts): a regulator of the
// task's competent authority holding the report's return permission. The prepared task is an
// action plan of account A (England); an empty body shows who gets past the access rule (400).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/db';
import type { AccessExpectation, World } from '../route-access';

async function prepare(db: Db, w: World): Promise<Record<string, string | number>> {
  const requestId = `AD${randomUUID().slice(0, 12)}`;
  await db('requests').insert({
    id: requestId,
    type: 'ACTION_PLAN_P3',
    status: 'IN_PROGRESS',
    account_id: w.accountA,
    competent_authority: 'ENGLAND',
  });
  const [task] = await db('request_tasks')
    .insert({
      request_id: requestId,
      type: 'ACTION_PLAN_P3_APPLICATION_SUBMIT',
      assignee: w.users.adminOfA.id,
      account_id: w.accountA,
      competent_authority: 'ENGLAND',
    })
    .returning('id');
  return { taskId: Number(task.id) };
}

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  //                                                                                                  anon adminA restrA opB regEN regWA regNone verifier
  'PUT /v1.0/tasks/:id/due-date': { prepare, url: (_w, p) => `/api/v1.0/tasks/${p.taskId}/due-date`, body: {}, expect: [401, 403, 403, 404, 400, 404, 403, 404] },
};
