// ACCOUNT_CLOSURE (reference: workflows §11): a regulator gives a reason and closes a LIVE account;
// the account's other open requests end TERMINATED. Cancel ends it without closing anything.
import * as v from 'valibot';
import { defineProcess } from '../registry';
import { taskAccess } from '../task-access';
import { accountClosureSchema } from '../../domain/accounts';
import { requestId } from '../../domain/requests';

export const ACCOUNT_CLOSURE = 'ACCOUNT_CLOSURE';
export const CLOSURE_SUBMIT = 'ACCOUNT_CLOSURE_SUBMIT';
export const SAVE_CLOSURE = 'ACCOUNT_CLOSURE_SAVE_APPLICATION_SUBMIT';
export const SUBMIT_CLOSURE = 'ACCOUNT_CLOSURE_SUBMIT_APPLICATION';
export const CANCEL_CLOSURE = 'ACCOUNT_CLOSURE_CANCEL_APPLICATION';

/** Why the other requests of a closed account ended (their REQUEST_TERMINATED entry). */
export const TERMINATED_BY_CLOSURE = 'Workflow terminated by the system because the account was closed';

export const accountClosureProcess = defineProcess({
  requestType: ACCOUNT_CLOSURE,
  workflowType: 'accountClosure',
  requestId: (accountId: number) => requestId(ACCOUNT_CLOSURE, accountId),
  create: { roleType: 'REGULATOR', permission: 'PERM_ACCOUNT_CLOSURE_SUBMIT', payload: v.object({}) },
  tasks: {
    [CLOSURE_SUBMIT]: {
      ...taskAccess.ACCOUNT_CLOSURE_SUBMIT,
      actions: {
        [SAVE_CLOSURE]: { kind: 'SAVE', payload: v.object({ accountClosure: v.object({ reason: v.optional(v.pipe(v.string(), v.maxLength(10000))) }) }) },
        [SUBMIT_CLOSURE]: { kind: 'TRANSITION', payload: accountClosureSchema, timeline: 'ACCOUNT_CLOSURE_APPLICATION_SUBMITTED' },
        [CANCEL_CLOSURE]: { kind: 'TRANSITION', payload: v.object({}), timeline: 'ACCOUNT_CLOSURE_APPLICATION_CANCELLED' },
      },
    },
  },
});
