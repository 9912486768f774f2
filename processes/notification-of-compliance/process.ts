// NOTIFICATION_OF_COMPLIANCE_P<n> (reference workflows §7): an Advanced user fills in the
// notification section by section, may send it to a Restricted user to review (who returns it),
// and submits it to the regulator. One per account and phase ever; a regulator may return a
// completed one for changes (re-initiate), which restarts it from what was submitted. It serves
// every phase of domain/phases.ts from phase 3 on, each its own request type: its words, codes,
// windows, MI report and report definition follow from the phase's number.
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import type { ProcessDefinition, ReportTexts } from '../../domain/process-definition';
import { registerAnswers, type ReportDefinition, type ReportDraft, type Violation } from '../../domain/reports/report';
import { ordinal, phaseCode, phaseTitle, SEEDED_PHASES } from '../../domain/phases';
import { notificationReportFor } from './report';
import { categoryLabels, categorySql } from './category';
import { reportSaveAction, reportSubmitCheck } from '../../domain/reports/report-actions';
import { notificationCodes } from './codes';
import { ACTION_PLAN } from '../action-plan/codes';
import { PROGRESS_UPDATE_1 } from '../progress-update-1/codes';
import { PROGRESS_UPDATE_2 } from '../progress-update-2/codes';
import { planMeasuresOf } from '../../domain/reports/plan-measures';

export const SELECT_A_USER = 'Select a user';

/** The registration numbers that must be on the company register are (the responsible undertaking's, §7.5). */
const onRegister =
  (report: ReportDefinition) =>
  async (payload: ReportDraft, ctx: { companyExists: (n: string) => Promise<boolean> }): Promise<Violation[]> => {
    const violations: Violation[] = [];
    for (const answer of registerAnswers(report, payload.report)) {
      if (!(await ctx.companyExists(answer.number)))
        violations.push({ section: answer.section, step: answer.step, path: answer.path, message: answer.message });
    }
    return violations;
  };

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

/** What a later phase's notification carries from the phase before's: who the organisation is and who assessed it. */
export const CARRIED_SECTIONS = ['responsibleUndertaking', 'contactPersons', 'organisationStructure', 'leadAssessor'];

/** The phases whose notification the service runs: every seeded phase from 3 on. */
export const NOTIFICATION_PHASES = SEEDED_PHASES.filter((p) => p.number >= 3).map((p) => p.number);

const definitions = new Map<
  number,
  ProcessDefinition & Required<Pick<ProcessDefinition, 'submittedData' | 'report'>>
>();

/**
 * The notification of a phase: phase 3's as it always was, a later phase's the same process with
 * the phase's words and codes and its own report (report.ts). One object per phase.
 */
export function notificationProcessFor(phase: number) {
  const kept = definitions.get(phase);
  if (kept) return kept;
  const c = notificationCodes(phase);
  const report = notificationReportFor(phase);
  const P = phaseTitle(phase);
  const definition = {
    requestType: c.NOTIFICATION,
    // Phase 3's workflow keeps its name (its histories replay under it); later phases share one.
    workflowType: phase === 3 ? 'notificationOfComplianceP3' : 'notificationOfCompliance',
    id: { prefix: 'NOC', suffix: `-${phaseCode(phase)}` },
    phase: { number: phase, report: 'notification' as const },
    category: 'REPORTING',
    title: `${P} Notification`,
    name: 'Notification of Compliance',
    about: [
      `Use this task to notify your regulator that your organisation has complied with ESOS for the ${ordinal(phase)} compliance period, or to tell them that it does not qualify.`,
      'Your answers are saved as you go, so you can come back to them. An Advanced user can send the notification to a Restricted user to review before submitting it.',
      'You will be emailed the response you give when you submit your notification.',
    ],
    create: {
      roleType: 'OPERATOR',
      permission: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
      input: v.object({}),
      // The phase's (domain/phases.ts; ESOS_PHASES may change them, api/process-settings.ts).
      windows: SEEDED_PHASES.find((p) => p.number === phase)?.reports.notification.windows ?? undefined,
      // Only one notification of the phase ever, whatever became of it (changes go through re-initiate).
      rule: ({ statuses, inWindow }) =>
        statuses[c.NOTIFICATION]
          ? { valid: false, requests: [c.NOTIFICATION] }
          : inWindow
            ? { valid: true }
            : { valid: false },
    },
    report,
    reinitiate: {
      actionType: c.REINITIATE_NOTIFICATION,
      permission: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_RE_INITIATE_TASK',
      timeline: c.RE_INITIATED,
    },
    tasks: {
      [c.NOTIFICATION_SUBMIT]: {
        label: `Submit ${P} notification`,
        roleType: 'OPERATOR',
        view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
        execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
        page: {
          kind: 'report',
          save: c.SAVE_NOTIFICATION,
          submit: c.SUBMIT_NOTIFICATION,
          sendForReview: c.SEND_NOTIFICATION_TO_EDIT,
          reviewTask: c.NOTIFICATION_EDIT,
          texts,
        },
        actions: {
          [c.SAVE_NOTIFICATION]: reportSaveAction(report),
          [c.SEND_NOTIFICATION_TO_EDIT]: {
            kind: 'TRANSITION',
            input: v.object({
              supportingOperator: v.pipe(
                v.optional(v.string(SELECT_A_USER), ''),
                v.minLength(1, SELECT_A_USER),
                v.maxLength(255, SELECT_A_USER),
              ),
            }),
            timeline: c.SENT_TO_EDIT,
            snapshot: true,
            check: async (_saved, input, ctx) => {
              const { supportingOperator } = input as { supportingOperator: string };
              if (supportingOperator !== ctx.userId && (await ctx.isCandidate(supportingOperator, c.NOTIFICATION_EDIT)))
                return null;
              return {
                code: 'ITEM1000',
                message: 'Can not assign request to the provided user',
                violations: [{ path: 'supportingOperator', message: 'Can not assign request to the provided user' }],
              };
            },
          },
          [c.SUBMIT_NOTIFICATION]: {
            kind: 'TRANSITION',
            input: v.object({}),
            timeline: c.NOTIFICATION_SUBMITTED,
            snapshot: true,
            submitWindow: { code: 'NOC1002', message: 'Invalid Submission Date' },
            check: reportSubmitCheck(report, 'NOC1001', 'Invalid NOC', onRegister(report)),
          },
        },
      },
      [c.NOTIFICATION_EDIT]: {
        label: `Review ${P} notification`,
        roleType: 'OPERATOR',
        view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_VIEW_TASK',
        execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_EXECUTE_TASK',
        supporting: true,
        page: { kind: 'report', save: c.SAVE_NOTIFICATION_EDIT, returnToSubmit: c.RETURN_NOTIFICATION, texts },
        actions: {
          [c.SAVE_NOTIFICATION_EDIT]: reportSaveAction(report),
          [c.RETURN_NOTIFICATION]: {
            kind: 'TRANSITION',
            input: v.object({}),
            timeline: c.RETURNED_TO_SUBMIT,
            snapshot: true,
          },
        },
      },
      // The Advanced user waits while it is reviewed; nothing to do but wait (reference §7.2), covered
      // by the submit permissions (reference §2).
      [c.NOTIFICATION_WAIT]: {
        label: `Awaiting external review of ${P} notification`,
        roleType: 'OPERATOR',
        view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
        execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
        page: { kind: 'report', texts },
        actions: {},
      },
    },
    timeline: {
      [c.SENT_TO_EDIT]: { label: 'Notification sent for review', snapshot: true },
      [c.RETURNED_TO_SUBMIT]: { label: 'Notification returned', snapshot: true },
      [c.NOTIFICATION_SUBMITTED]: { label: 'Notification submitted', snapshot: true, document: 'Submitted' },
      [c.RE_INITIATED]: { label: 'Notification returned for changes' },
    },
    // The organisation's answers of the phase before's notification, where the question is the same;
    // and its action plan's measures, where the savings achieved are asked (phase 3's is the only
    // action plan served yet).
    ...(phase > 3
      ? {
          carriesForward: {
            requestType: notificationCodes(phase - 1).NOTIFICATION,
            phase: phase - 1,
            sections: CARRIED_SECTIONS,
            ...(phase - 1 === 3
              ? {
                  measures: {
                    phase: 3,
                    from: [ACTION_PLAN, PROGRESS_UPDATE_1, PROGRESS_UPDATE_2],
                    build: planMeasuresOf,
                  },
                }
              : {}),
          },
        }
      : {}),
    complianceBreakdown: {
      title: `${P} notifications by reporting obligation category`,
      labels: categoryLabels,
      sql: categorySql,
    },
    submittedData: {
      reportType: `NOC_SUBMITTED_DATA_${phaseCode(phase)}`,
      name: `Notification of compliance (${P}) submitted data`,
      slug: phase === 3 ? 'noc-submitted-data' : `noc-submitted-data-phase-${phase}`,
      fileName: `Energy_Savings_Opportunity_Scheme_Phase_${phase}.xlsx`,
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
  } satisfies ProcessDefinition;
  definitions.set(phase, definition);
  return definition;
}

/** Each phase's notification, defined in the registry. */
export const notificationProcesses = NOTIFICATION_PHASES.map((n) => defineProcess(notificationProcessFor(n)));

/** Phase 3's notification, which phase 3's action plan and progress updates follow. */
export const notificationProcess = notificationProcessFor(3);
