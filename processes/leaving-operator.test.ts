// A removed operator's open tasks (reference real-service-details §E): they go to the account's
// primary contact, e-mailed "New task received" for each, through the request's workflow; with no
// primary contact who may hold them they are released. On a real Temporal dev server and the real API.
import { createUser, grantOperator } from '../test/factories';
import { reportCast } from '../test/workflows/cast';
import { callerOf, type EngineHarness, useEngineHarness } from '../test/workflows/harness';
import { NOTIFICATION, NOTIFICATION_SUBMIT } from './';

let h: EngineHarness;
useEngineHarness((started) => (h = started));
const call = callerOf(() => h);

async function castWithHolder() {
  const cast = await reportCast(h.db);
  const holder = await createUser(h.db, { firstName: 'Lea', lastName: 'Leaver' });
  await grantOperator(h.db, holder, cast.account, 'operator_admin');
  const started = await call(holder, `/requests?accountId=${cast.account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: NOTIFICATION },
  });
  expect(started.status).toBe(201);
  const task = () =>
    h.db('request_tasks').where({ request_id: started.body.requestId, type: NOTIFICATION_SUBMIT }).first();
  expect((await task()).assignee).toBe(holder.id);
  return { ...cast, holder, task };
}

const remove = (by: Parameters<typeof call>[0], accountId: number, userId: string) =>
  call(by, `/operator-authorities/account/${accountId}/${userId}`, { method: 'DELETE' });

describe('a removed operator’s tasks', () => {
  it('go to the primary contact, who is e-mailed for the task', async () => {
    const { account, admin, holder, task } = await castWithHolder();
    const before = await h.db('email_outbox').where({ to_address: admin.email, template: 'EmailAssignedTask' });
    expect((await remove(admin, account.id, holder.id)).status).toBe(204);
    expect((await task()).assignee).toBe(admin.id);
    const after = await h.db('email_outbox').where({ to_address: admin.email, template: 'EmailAssignedTask' });
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ subject: 'New task received - Manage your ESOS reporting' });
    // The audit trail names who removed them as the one who handed the task over.
    const entry = await h
      .db('audit_log')
      .where({ entity: 'request_tasks', entity_key: String((await task()).id), operation: 'UPDATE' })
      .orderBy('id', 'desc')
      .first();
    expect(entry?.actor_user_id).toBe(admin.id);
  });

  it('are released when the account has no primary contact who may hold them', async () => {
    const { account, admin, holder, task } = await castWithHolder();
    await h.db('account_contacts').where({ account_id: account.id, contact_type: 'PRIMARY' }).delete();
    expect((await remove(admin, account.id, holder.id)).status).toBe(204);
    expect((await task()).assignee).toBeNull();
    expect(await h.db('email_outbox').where({ to_address: admin.email, template: 'EmailAssignedTask' })).toEqual([]);
  });

  it('are released when the primary contact is disabled', async () => {
    const { account, admin, holder, task } = await castWithHolder();
    const other = await createUser(h.db);
    await grantOperator(h.db, other, account, 'operator_admin');
    await h.db('authorities').where({ account_id: account.id, user_id: admin.id }).update({ status: 'DISABLED' });
    expect((await remove(other, account.id, holder.id)).status).toBe(204);
    expect((await task()).assignee).toBeNull();
  });
});
