// A process used only by the engine's tests: an operator submits, a regulator reviews. It has the
// shape the scheme's processes share (draft saves, a transition, a second role's task) without
// being one of them, so the engine is proven before any product process lands.
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';

export const TWO_STEP = 'TEST_TWO_STEP';
export const TWO_STEP_SUBMIT = 'TEST_TWO_STEP_SUBMIT';
export const TWO_STEP_REVIEW = 'TEST_TWO_STEP_REVIEW';

const submission = v.object({
  summary: v.pipe(v.string(), v.trim(), v.minLength(1, 'Enter a summary'), v.maxLength(200)),
});

export const twoStepProcess = defineProcess({
  requestType: TWO_STEP,
  workflowType: 'testTwoStepRequest',
  id: { prefix: 'TST' },
  category: 'PERMIT',
  title: 'Test two-step request',
  name: 'Two-step request',
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
    input: v.object({}),
    timeline: 'TEST_TWO_STEP_STARTED',
  },
  tasks: {
    [TWO_STEP_SUBMIT]: {
      label: 'Submit the two-step request',
      roleType: 'OPERATOR',
      view: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK',
      execute: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
      actions: {
        TEST_TWO_STEP_SAVE: {
          kind: 'SAVE',
          input: v.object({ summary: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
        },
        TEST_TWO_STEP_SUBMIT_APPLICATION: {
          kind: 'TRANSITION',
          input: submission,
          timeline: 'TEST_TWO_STEP_SUBMITTED',
        },
      },
    },
    [TWO_STEP_REVIEW]: {
      label: 'Review the two-step request',
      roleType: 'REGULATOR',
      view: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
      execute: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_EXECUTE_TASK',
      actions: {
        TEST_TWO_STEP_DECIDE: {
          kind: 'TRANSITION',
          input: v.object({ decision: v.picklist(['ACCEPTED', 'REJECTED'], 'Select a decision') }),
          timeline: 'TEST_TWO_STEP_DECIDED',
        },
      },
    },
  },
  timeline: {
    TEST_TWO_STEP_STARTED: { label: 'Two-step request started' },
    TEST_TWO_STEP_SUBMITTED: { label: 'Two-step request submitted' },
    TEST_TWO_STEP_DECIDED: { label: 'Two-step request decided' },
  },
});
