// A process used only by the engine's tests: an operator submits, a regulator reviews. It has the
// shape the scheme's processes share (draft saves, a transition, a second role's task) without
// being one of them, so the engine is proven before any product process lands.
import * as v from 'valibot';
import { defineProcess } from '../../processes/registry';

export const TWO_STEP = 'TEST_TWO_STEP';
export const TWO_STEP_SUBMIT = 'TEST_TWO_STEP_SUBMIT';
export const TWO_STEP_REVIEW = 'TEST_TWO_STEP_REVIEW';

const submission = v.object({ summary: v.pipe(v.string(), v.trim(), v.minLength(1, 'Enter a summary'), v.maxLength(200)) });

export const twoStepProcess = defineProcess({
  requestType: TWO_STEP,
  workflowType: 'testTwoStepRequest',
  requestId: (accountId: number) => `TST${String(accountId).padStart(6, '0')}`,
  create: { roleType: 'OPERATOR', permission: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK', payload: v.object({}), timeline: 'TEST_TWO_STEP_STARTED' },
  tasks: {
    [TWO_STEP_SUBMIT]: {
      roleType: 'OPERATOR',
      view: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK',
      execute: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
      actions: {
        TEST_TWO_STEP_SAVE: { kind: 'SAVE', payload: v.object({ summary: v.optional(v.pipe(v.string(), v.maxLength(200))) }) },
        TEST_TWO_STEP_SUBMIT_APPLICATION: { kind: 'TRANSITION', payload: submission, timeline: 'TEST_TWO_STEP_SUBMITTED' },
      },
    },
    [TWO_STEP_REVIEW]: {
      roleType: 'REGULATOR',
      view: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
      execute: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_EXECUTE_TASK',
      actions: {
        TEST_TWO_STEP_DECIDE: { kind: 'TRANSITION', payload: v.object({ decision: v.picklist(['ACCEPTED', 'REJECTED'], 'Select a decision') }), timeline: 'TEST_TWO_STEP_DECIDED' },
      },
    },
  },
});
