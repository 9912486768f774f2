// Who may call the engine's routes (read by api/route-access.test.ts). The prepared request is on
// account A (England) with an operator task (action plan submit) and a timeline entry.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/db';
import type { AccessExpectation, World } from '../route-access';

async function prepare(db: Db, w: World): Promise<Record<string, string | number>> {
  const requestId = `AX${randomUUID().slice(0, 12)}`;
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
  const [action] = await db('request_actions')
    .insert({ request_id: requestId, type: 'ACTION_PLAN_P3_APPLICATION_SUBMITTED', submitter: 'Test User' })
    .returning('id');
  return { requestId, taskId: Number(task.id), actionId: Number(action.id) };
}

const list = (name: string): AccessExpectation => ({
  url: () => `/api/v1.0/ORGANISATION/items/${name}?page=0&size=10`,
  expect: [401, 200, 200, 200, 200, 200, 200, 200],
});
// Anyone with an authority on account A, or in its CA (England); for anyone else it does not exist.
const onAccountA: AccessExpectation['expect'] = [401, 200, 200, 404, 200, 404, 200, 404];
// Only A's administrator may view (and assign) the action plan task; those who see account A but
// not the task's type are refused, the others are told it does not exist.
const operatorTask: AccessExpectation['expect'] = [401, 200, 403, 404, 403, 404, 403, 404];
const badBody: AccessExpectation['expect'] = [401, 400, 400, 400, 400, 400, 400, 400];

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v1.0/:accountType/items/assigned-to-me': list('assigned-to-me'),
  'GET /v1.0/:accountType/items/assigned-to-others': list('assigned-to-others'),
  'GET /v1.0/:accountType/items/unassigned': list('unassigned'),
  'GET /v1.0/items/:requestId': { prepare, url: (_w, p) => `/api/v1.0/items/${p.requestId}`, expect: onAccountA },
  'GET /v1.0/tasks/:id': { prepare, url: (_w, p) => `/api/v1.0/tasks/${p.taskId}`, expect: operatorTask },
  'POST /v1.0/tasks/actions': { url: () => '/api/v1.0/tasks/actions', body: {}, expect: badBody },
  'POST /v1.0/tasks-assignment/assign': { url: () => '/api/v1.0/tasks-assignment/assign', body: {}, expect: badBody },
  // Operator tasks cannot be released: the administrator gets past the access rule to that 400.
  'DELETE /v1.0/tasks-assignment/release/:taskId': { prepare, url: (_w, p) => `/api/v1.0/tasks-assignment/release/${p.taskId}`, expect: [401, 400, 403, 404, 403, 404, 403, 404] },
  'GET /v1.0/tasks-assignment/:taskId/candidate-assignees': { prepare, url: (_w, p) => `/api/v1.0/tasks-assignment/${p.taskId}/candidate-assignees`, expect: operatorTask },
  'GET /v1.0/tasks-assignment/:taskId/candidate-assignees/:taskType': { prepare, url: (_w, p) => `/api/v1.0/tasks-assignment/${p.taskId}/candidate-assignees/ACTION_PLAN_P3_APPLICATION_SUBMIT`, expect: operatorTask },
  'GET /v1.0/requests/available-workflows/permit/:accountId': { url: (w) => `/api/v1.0/requests/available-workflows/permit/${w.accountA}`, expect: onAccountA },
  'GET /v1.0/requests/available-workflows/reporting/related-actions/:requestId': { prepare, url: (_w, p) => `/api/v1.0/requests/available-workflows/reporting/related-actions/${p.requestId}`, expect: onAccountA },
  'POST /v1.0/requests/workflows': { url: () => '/api/v1.0/requests/workflows', body: {}, expect: badBody },
  'GET /v1.0/requests/:id': { prepare, url: (_w, p) => `/api/v1.0/requests/${p.requestId}`, expect: onAccountA },
  'POST /v1.0/requests': { url: () => '/api/v1.0/requests', body: {}, expect: badBody },
  'GET /v1.0/request-actions': { prepare, url: (_w, p) => `/api/v1.0/request-actions?requestId=${p.requestId}`, expect: onAccountA },
  'GET /v1.0/request-actions/:id': { prepare, url: (_w, p) => `/api/v1.0/request-actions/${p.actionId}`, expect: onAccountA },
};
