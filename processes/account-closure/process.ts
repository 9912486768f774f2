// ACCOUNT_CLOSURE (reference: workflows §11): a regulator gives a reason and closes a LIVE account;
// the account's other open requests end TERMINATED. Cancel ends it without closing anything.
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import { accountClosureSchema } from './closure';
import { ACCOUNT_CLOSED, ACCOUNT_CLOSURE, CANCEL_CLOSURE, CLOSURE_SUBMIT, SAVE_CLOSURE, SUBMIT_CLOSURE } from './codes';

/** Why the other requests of a closed account ended (their REQUEST_TERMINATED entry). */
export const TERMINATED_BY_CLOSURE = 'Workflow terminated by the system because the account was closed';

export const accountClosureProcess = defineProcess({
  requestType: ACCOUNT_CLOSURE,
  home: 'account-closure',
  workflowType: 'accountClosure',
  id: { prefix: 'ACL' },
  category: 'PERMIT',
  title: 'Account closure',
  name: 'Account closure',
  typeLabel: 'Close account',
  about: [
    'Close this organisation account. Every task and workflow still open on it is ended, and the account becomes read-only.',
  ],
  create: {
    roleType: 'REGULATOR',
    permission: 'PERM_ACCOUNT_CLOSURE_SUBMIT',
    input: v.object({}),
    button: 'Start account closure',
  },
  tasks: {
    [CLOSURE_SUBMIT]: {
      label: 'Close account',
      // Only the closure permission exists for this task: it both shows and allows it.
      roleType: 'REGULATOR',
      view: 'PERM_ACCOUNT_CLOSURE_SUBMIT',
      execute: 'PERM_ACCOUNT_CLOSURE_SUBMIT',
      page: {
        kind: 'form',
        name: 'account-closure',
        actions: { save: SAVE_CLOSURE, submit: SUBMIT_CLOSURE, cancel: CANCEL_CLOSURE },
      },
      actions: {
        [SAVE_CLOSURE]: {
          kind: 'SAVE',
          input: v.object({ accountClosure: v.object({ reason: v.optional(v.pipe(v.string(), v.maxLength(10000))) }) }),
        },
        [SUBMIT_CLOSURE]: { kind: 'TRANSITION', input: accountClosureSchema, timeline: ACCOUNT_CLOSED },
        [CANCEL_CLOSURE]: {
          kind: 'TRANSITION',
          input: v.object({}),
          timeline: 'ACCOUNT_CLOSURE_APPLICATION_CANCELLED',
        },
      },
    },
  },
  timeline: {
    [ACCOUNT_CLOSED]: {
      label: 'Account closed',
      snapshot: true,
      document: 'Account closed',
      documentCopy: 'the decision on account closure (account closed)',
    },
    ACCOUNT_CLOSURE_APPLICATION_CANCELLED: { label: 'Account closure task cancelled', endsRun: true },
  },
  summary: (_actionType, payload) => {
    const reason = (payload as { accountClosure?: { reason?: unknown } } | null)?.accountClosure?.reason;
    return [
      {
        title: 'Account closure',
        rows: [
          {
            key: 'Reason for closing the account',
            value: reason === null || reason === undefined || reason === '' ? [] : [String(reason)],
          },
        ],
      },
    ];
  },
});
