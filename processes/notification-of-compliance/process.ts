// NOTIFICATION_OF_COMPLIANCE_P3 (reference workflows §7): an Advanced user fills in the
// notification section by section, may send it to a Restricted user to review (who returns it),
// and submits it to the regulator. One per account ever; a regulator may return a completed one
// for changes (re-initiate), which restarts it from what was submitted.
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import type { ReportTexts } from '../../domain/process-definition';
import { registerAnswers, type ReportDraft, type Violation } from '../../domain/reports/report';
import { notificationReport } from './report';
import { categoryLabels, categorySql } from './category';
import { reportSaveAction, reportSubmitCheck } from '../../domain/reports/report-actions';
import {
  NOTIFICATION,
  NOTIFICATION_EDIT,
  NOTIFICATION_SUBMIT,
  NOTIFICATION_SUBMITTED,
  NOTIFICATION_WAIT,
  REINITIATE_NOTIFICATION,
  RETURN_NOTIFICATION,
  SAVE_NOTIFICATION,
  SAVE_NOTIFICATION_EDIT,
  SEND_NOTIFICATION_TO_EDIT,
  SUBMIT_NOTIFICATION,
} from './codes';

export const SELECT_A_USER = 'Select a user';

/** The registration numbers that must be on the company register are (the responsible undertaking's, §7.5). */
async function onRegister(
  payload: ReportDraft,
  ctx: { companyExists: (n: string) => Promise<boolean> },
): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const answer of registerAnswers(notificationReport, payload.report)) {
    if (!(await ctx.companyExists(answer.number)))
      violations.push({ section: answer.section, step: answer.step, path: answer.path, message: answer.message });
  }
  return violations;
}

const texts: ReportTexts = {
  name: 'notification',
  submitted: {
    panel: 'Notification sent to regulator',
    body: (authority) =>
      `The notification has been sent to ${authority}. Contact your regulator if you need to make any updates to the notification.`,
  },
  submitConfirm: [
    'Your notification will be sent directly to your regulator.',
    "By selecting 'Confirm and send' you confirm that the information in your notification is correct to the best of your knowledge.",
  ],
  sendForReview: {
    heading: 'Send notification for review',
    select: 'Select a user to edit notification details',
    texts: [
      "By selecting 'Confirm and send', you confirm that this notification will be sent to another user who can edit the notification details.",
      'Once you send this notification, you will not be able to make any changes unless it is returned to you.',
    ],
    panel: (name) => `The notification has been sent to ${name}`,
    body: 'The notification has been sent to the selected user for review. Once this user has reviewed the notification it will be returned to you.',
  },
  returnToSubmit: {
    caption: 'Return notification',
    heading: 'Are you sure you want to return the notification?',
    text: 'You will not be able to make any changes after returning the notification.',
    panel: 'Notification has been returned',
    body: 'The notification has been returned to the user responsible for submitting it.',
  },
  waiting: 'Waiting for review. You cannot make any changes.',
};

export const notificationProcess = defineProcess({
  requestType: NOTIFICATION,
  workflowType: 'notificationOfComplianceP3',
  id: { prefix: 'NOC', suffix: '-P3' },
  category: 'REPORTING',
  title: 'Phase 3 Notification',
  name: 'Notification of Compliance',
  about: [
    'Use this task to notify your regulator that your organisation has complied with ESOS for the third compliance period, or to tell them that it does not qualify.',
    'Your answers are saved as you go, so you can come back to them. An Advanced user can send the notification to a Restricted user to review before submitting it.',
    'You will be emailed the response you give when you submit your notification.',
  ],
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
    input: v.object({}),
    // Reference workflows §13.1: inclusive, UK time (given here in UTC).
    windows: {
      initiate: { from: '2022-12-06T00:00:00Z', to: '2026-12-06T00:00:00Z' },
      submit: { from: '2022-12-06T00:00:00Z', to: '2026-12-06T00:00:00Z' },
    },
    // Only one notification ever, whatever became of it (changes go through re-initiate).
    rule: ({ statuses, inWindow }) =>
      statuses[NOTIFICATION]
        ? { valid: false, requests: [NOTIFICATION] }
        : inWindow
          ? { valid: true }
          : { valid: false },
  },
  report: notificationReport,
  reinitiate: {
    actionType: REINITIATE_NOTIFICATION,
    permission: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_RE_INITIATE_TASK',
    timeline: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RE_INITIATED',
  },
  tasks: {
    [NOTIFICATION_SUBMIT]: {
      label: 'Submit Phase 3 notification',
      roleType: 'OPERATOR',
      view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
      execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
      page: {
        kind: 'report',
        save: SAVE_NOTIFICATION,
        submit: SUBMIT_NOTIFICATION,
        sendForReview: SEND_NOTIFICATION_TO_EDIT,
        reviewTask: NOTIFICATION_EDIT,
        texts,
      },
      actions: {
        [SAVE_NOTIFICATION]: reportSaveAction(notificationReport),
        [SEND_NOTIFICATION_TO_EDIT]: {
          kind: 'TRANSITION',
          input: v.object({
            supportingOperator: v.pipe(
              v.optional(v.string(SELECT_A_USER), ''),
              v.minLength(1, SELECT_A_USER),
              v.maxLength(255, SELECT_A_USER),
            ),
          }),
          timeline: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SENT_TO_EDIT',
          snapshot: true,
          check: async (_saved, input, ctx) => {
            const { supportingOperator } = input as { supportingOperator: string };
            if (supportingOperator !== ctx.userId && (await ctx.isCandidate(supportingOperator, NOTIFICATION_EDIT)))
              return null;
            return {
              code: 'ITEM1000',
              message: 'Can not assign request to the provided user',
              violations: [{ path: 'supportingOperator', message: 'Can not assign request to the provided user' }],
            };
          },
        },
        [SUBMIT_NOTIFICATION]: {
          kind: 'TRANSITION',
          input: v.object({}),
          timeline: NOTIFICATION_SUBMITTED,
          snapshot: true,
          submitWindow: { code: 'NOC1002', message: 'Invalid Submission Date' },
          check: reportSubmitCheck(notificationReport, 'NOC1001', 'Invalid NOC', onRegister),
        },
      },
    },
    [NOTIFICATION_EDIT]: {
      label: 'Review Phase 3 notification',
      roleType: 'OPERATOR',
      view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_VIEW_TASK',
      execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_EXECUTE_TASK',
      supporting: true,
      page: { kind: 'report', save: SAVE_NOTIFICATION_EDIT, returnToSubmit: RETURN_NOTIFICATION, texts },
      actions: {
        [SAVE_NOTIFICATION_EDIT]: reportSaveAction(notificationReport),
        [RETURN_NOTIFICATION]: {
          kind: 'TRANSITION',
          input: v.object({}),
          timeline: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RETURNED_TO_SUBMIT',
          snapshot: true,
        },
      },
    },
    // The Advanced user waits while it is reviewed; nothing to do but wait (reference §7.2), covered
    // by the submit permissions (reference §2).
    [NOTIFICATION_WAIT]: {
      label: 'Awaiting external review of Phase 3 notification',
      roleType: 'OPERATOR',
      view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
      execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
      page: { kind: 'report', texts },
      actions: {},
    },
  },
  timeline: {
    NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SENT_TO_EDIT: { label: 'Notification sent for review', snapshot: true },
    NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RETURNED_TO_SUBMIT: { label: 'Notification returned', snapshot: true },
    [NOTIFICATION_SUBMITTED]: { label: 'Notification submitted', snapshot: true, document: 'Submitted' },
    NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RE_INITIATED: { label: 'Notification returned for changes' },
  },
  complianceBreakdown: {
    title: 'Notifications by reporting obligation category',
    labels: categoryLabels,
    sql: categorySql,
  },
  submittedData: {
    reportType: 'NOC_SUBMITTED_DATA_P3',
    name: 'Notification of compliance (Phase 3) submitted data',
    slug: 'noc-submitted-data',
    fileName: 'Energy_Savings_Opportunity_Scheme_Phase_3.xlsx',
    contents: 'Table of contents',
    leading: [
      { heading: 'NOC ID', cell: 'requestId' },
      { heading: 'Organisation name', cell: 'organisationName' },
      { heading: 'Company registration number', cell: 'registrationNumber' },
      { heading: 'Account status', cell: 'accountStatus' },
    ],
    sheets: [
      ['Reporting Obligation', ['reportingObligation']],
      ['Responsible Undertaking', ['responsibleUndertaking', 'contactPersons']],
      ['Organisation Structure', ['organisationStructure']],
      ['Compliance Route', ['complianceRoute']],
      ['Energy Consumption', ['energyConsumptionDetails']],
      ['Energy Savings Opportunities', ['energySavingsOpportunities']],
      ['Alternative Routes Compliance', ['alternativeComplianceRoutes']],
      ['Energy Savings Achieved', ['energySavingsAchieved']],
      ['Lead Assessor', ['leadAssessor', 'assessmentPersonnel']],
      ['Responsible Confirmations', ['confirmations']],
    ],
  },
});
