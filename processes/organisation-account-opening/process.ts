// ORGANISATION_ACCOUNT_OPENING (reference: workflows §6): an applicant applies; a verified applicant
// gets the account at once, otherwise a regulator of the account's competent authority reviews it,
// may amend name, address and codes, and approves or rejects with a reason.
import * as v from 'valibot';
import { defineProcess } from '../registry';
import type { TaskDeadline } from '../../domain/process-definition';
import { taskAccess } from '../task-access';
import { applicationDecisionSchema, organisationAccountApplicationSchema, organisationDetailsSchema } from '../../domain/accounts';
import { requestId } from '../../domain/requests';
import { addWorkingDays, DAY } from '../../domain/working-days';

export const ACCOUNT_OPENING = 'ORGANISATION_ACCOUNT_OPENING';
export const APPLICATION_REVIEW = 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW';
export const AMEND_APPLICATION = 'ORGANISATION_ACCOUNT_OPENING_AMEND_APPLICATION';
export const SUBMIT_DECISION = 'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION';

/** The review is due this many working days after the application (REVIEW_DUE_WORKING_DAYS). */
export const DEFAULT_REVIEW_WORKING_DAYS = 10;
/** The assignee is reminded this long before the review falls due. */
export const REVIEW_REMINDER_BEFORE_MS = 2 * DAY;

export function reviewDeadline(now: Date, workingDays = DEFAULT_REVIEW_WORKING_DAYS): TaskDeadline {
  return { dueInMs: addWorkingDays(now, workingDays).getTime() - now.getTime(), remindBeforeMs: [REVIEW_REMINDER_BEFORE_MS] };
}

export const organisationAccountOpeningProcess = defineProcess({
  requestType: ACCOUNT_OPENING,
  workflowType: 'organisationAccountOpening',
  requestId: (accountId: number) => requestId(ACCOUNT_OPENING, accountId),
  // Started without an account: the request creates it (reference §5, last row).
  create: { roleType: 'OPERATOR', withoutAccount: true, payload: organisationAccountApplicationSchema },
  tasks: {
    [APPLICATION_REVIEW]: {
      ...taskAccess.ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW,
      actions: {
        // Registration number and competent authority are not amendable (reference §6.3).
        [AMEND_APPLICATION]: { kind: 'SAVE', payload: v.object({ amendedAccount: organisationDetailsSchema }) },
        [SUBMIT_DECISION]: { kind: 'TRANSITION', payload: applicationDecisionSchema },
      },
    },
  },
});
