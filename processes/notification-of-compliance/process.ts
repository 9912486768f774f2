// NOTIFICATION_OF_COMPLIANCE_P3 (reference workflows §7): an Advanced user fills in the
// notification section by section, may send it to a Restricted user to review (who returns it),
// and submits it to the regulator. One per account ever; a regulator may return a completed one
// for changes (re-initiate), which restarts it from what was submitted.
import * as v from 'valibot';
import { defineProcess } from '../registry';
import { taskAccess } from '../task-access';
import { requestId } from '../../domain/requests';
import type { Violation } from '../../domain/reports/report';
import { notificationReport } from './report';
import { reportSaveAction, reportSubmitCheck } from '../../domain/reports/report-actions';

export const NOTIFICATION = 'NOTIFICATION_OF_COMPLIANCE_P3';
export const NOTIFICATION_SUBMIT = 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT';
export const NOTIFICATION_EDIT = 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT';
export const NOTIFICATION_WAIT = 'NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT';
export const SAVE_NOTIFICATION = 'NOTIFICATION_OF_COMPLIANCE_P3_SAVE_APPLICATION_SUBMIT';
export const SAVE_NOTIFICATION_EDIT = 'NOTIFICATION_OF_COMPLIANCE_P3_SAVE_APPLICATION_EDIT';
export const SEND_NOTIFICATION_TO_EDIT = 'NOTIFICATION_OF_COMPLIANCE_P3_SEND_TO_EDIT';
export const RETURN_NOTIFICATION = 'NOTIFICATION_OF_COMPLIANCE_P3_RETURN_TO_SUBMIT';
export const SUBMIT_NOTIFICATION = 'NOTIFICATION_OF_COMPLIANCE_P3_SUBMIT_APPLICATION';
export const REINITIATE_NOTIFICATION = 'RE_INITIATE_NOTIFICATION_OF_COMPLIANCE_P3';

export const SELECT_A_USER = 'Select a user';
export const REGISTRATION_NUMBER_NOT_VALID = 'Responsible undertaking organisation registration number is not valid';

/** The registration number of the responsible undertaking must be on the company register (§7.5). */
async function registeredUndertaking(payload: { report: Record<string, Record<string, unknown>> }, ctx: { companyExists: (n: string) => Promise<boolean> }): Promise<Violation[]> {
  const details = payload.report.responsibleUndertaking?.organisationDetails as { registrationNumberExist?: boolean; registrationNumber?: string } | undefined;
  if (!details?.registrationNumberExist || !details.registrationNumber) return [];
  if (await ctx.companyExists(details.registrationNumber)) return [];
  return [{ section: 'responsibleUndertaking', step: 'organisation-details', path: 'organisationDetails.registrationNumber', message: REGISTRATION_NUMBER_NOT_VALID }];
}

export const notificationProcess = defineProcess({
  requestType: NOTIFICATION,
  workflowType: 'notificationOfComplianceP3',
  requestId: (accountId: number) => requestId(NOTIFICATION, accountId),
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
    payload: v.object({}),
    windowed: true,
    // Only one notification ever, whatever became of it (changes go through re-initiate).
    rule: ({ statuses, inWindow }) => (statuses[NOTIFICATION] ? { valid: false, requests: [NOTIFICATION] } : inWindow ? { valid: true } : { valid: false }),
  },
  report: notificationReport,
  reinitiate: {
    actionType: REINITIATE_NOTIFICATION,
    permission: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_RE_INITIATE_TASK',
    timeline: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RE_INITIATED',
  },
  tasks: {
    [NOTIFICATION_SUBMIT]: {
      ...taskAccess.NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT,
      actions: {
        [SAVE_NOTIFICATION]: reportSaveAction(notificationReport),
        [SEND_NOTIFICATION_TO_EDIT]: {
          kind: 'TRANSITION',
          payload: v.object({ supportingOperator: v.pipe(v.optional(v.string(SELECT_A_USER), ''), v.minLength(1, SELECT_A_USER), v.maxLength(255, SELECT_A_USER)) }),
          timeline: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SENT_TO_EDIT',
          snapshot: true,
          check: async (_saved, input, ctx) => {
            const { supportingOperator } = input as { supportingOperator: string };
            if (supportingOperator !== ctx.userId && (await ctx.isCandidate(supportingOperator, NOTIFICATION_EDIT))) return null;
            return { code: 'ITEM1000', message: 'Can not assign request to the provided user', violations: [{ path: 'supportingOperator', message: 'Can not assign request to the provided user' }] };
          },
        },
        [SUBMIT_NOTIFICATION]: {
          kind: 'TRANSITION',
          payload: v.object({}),
          timeline: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED',
          snapshot: true,
          submitWindow: { code: 'NOC1002', message: 'Invalid Submission Date' },
          check: reportSubmitCheck(notificationReport, 'NOC1001', 'Invalid NOC', registeredUndertaking),
        },
      },
    },
    [NOTIFICATION_EDIT]: {
      ...taskAccess.NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT,
      supporting: true,
      actions: {
        [SAVE_NOTIFICATION_EDIT]: reportSaveAction(notificationReport),
        [RETURN_NOTIFICATION]: { kind: 'TRANSITION', payload: v.object({}), timeline: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RETURNED_TO_SUBMIT', snapshot: true },
      },
    },
    // The Advanced user waits while it is reviewed; nothing to do but wait (reference §7.2).
    [NOTIFICATION_WAIT]: { ...taskAccess.NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT, actions: {} },
  },
});
