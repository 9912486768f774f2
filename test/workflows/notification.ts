// A submitted notification, which the action plan follows: the shortest one, an organisation that
// does not qualify, through the API as its operator submits it.
import type { TestAccount, TestUser } from '../factories';
import { NOTIFICATION, NOTIFICATION_SUBMIT, SAVE_NOTIFICATION, SUBMIT_NOTIFICATION } from '../../processes';
import { callAs, type EngineHarness } from './harness';

export async function submitNotification(h: EngineHarness, admin: TestUser, account: TestAccount): Promise<string> {
  const call = (path: string, body: unknown) => callAs(h.api, admin, path, { method: 'POST', body });
  const started = await call(`/requests?accountId=${account.id}`, { requestCreateActionType: NOTIFICATION });
  if (started.status !== 201) throw new Error(`notification not started: ${JSON.stringify(started.body)}`);
  const task = await h
    .db('request_tasks')
    .where({ request_id: started.body.requestId, type: NOTIFICATION_SUBMIT })
    .first();
  const data = {
    qualificationType: 'NOT_QUALIFY',
    noQualificationReason: 'Not a large undertaking on the qualification date',
  };
  await call('/tasks/actions', {
    requestTaskId: Number(task.id),
    requestTaskActionType: SAVE_NOTIFICATION,
    requestTaskActionPayload: { section: 'reportingObligation', data, complete: true },
    version: task.version,
  });
  const submitted = await call('/tasks/actions', {
    requestTaskId: Number(task.id),
    requestTaskActionType: SUBMIT_NOTIFICATION,
    requestTaskActionPayload: {},
  });
  if (submitted.body.requestStatus !== 'COMPLETED')
    throw new Error(`notification not submitted: ${JSON.stringify(submitted.body)}`);
  return started.body.requestId;
}
