// ORGANISATION_ACCOUNT_OPENING (reference: workflows §6): an applicant applies; a verified applicant
// gets the account at once, otherwise a regulator of the account's competent authority reviews it,
// may amend name, address and codes, and approves or rejects with a reason.
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import type { DocumentSection, TaskDeadline } from '../../domain/process-definition';
import {
  applicationDecisionSchema,
  organisationAccountApplicationSchema,
  organisationDetailsSchema,
} from '../../domain/accounts';
import { DAY } from '../../domain/working-days';
import { workingDaysDeadline } from '../../domain/deadlines';
import {
  ACCOUNT_CREATED,
  ACCOUNT_OPENING,
  AMEND_APPLICATION,
  APPLICATION_APPROVED,
  APPLICATION_REJECTED,
  APPLICATION_REVIEW,
  APPLICATION_SUBMITTED,
  SUBMIT_DECISION,
} from './codes';

/** The review is due this many working days after the application (REVIEW_DUE_WORKING_DAYS). */
export const DEFAULT_REVIEW_WORKING_DAYS = 10;
/** The assignee is reminded this long before the review falls due. */
export const REVIEW_REMINDER_BEFORE_MS = 2 * DAY;

/** The review's deadline from `now`, in working days where the account's regulator is (its nation). */
export function reviewDeadline(
  now: Date,
  workingDays = DEFAULT_REVIEW_WORKING_DAYS,
  nation?: string | null,
): TaskDeadline {
  return workingDaysDeadline(now, workingDays, [REVIEW_REMINDER_BEFORE_MS], nation);
}

const text = (value: unknown): string[] =>
  value === null || value === undefined || value === '' ? [] : [String(value)];
const addressLines = (address: Record<string, unknown> | undefined): string[] =>
  address ? ['line1', 'line2', 'city', 'county', 'postcode'].flatMap((k) => text(address[k])) : [];

/** What the decision on an application shows, on the request page and in its document. */
function decisionSummary(_actionType: string, payload: unknown): DocumentSection[] {
  const p = (payload ?? {}) as Record<string, any>;
  const account = (p.account ?? {}) as Record<string, any>;
  const codes = account.codes as { type?: string; codes?: unknown[] } | undefined;
  return [
    {
      title: 'Decision',
      rows: [
        {
          key: 'Decision',
          value: text(
            p.decision?.decision === 'APPROVED'
              ? 'Approved'
              : p.decision?.decision === 'REJECTED'
                ? 'Rejected'
                : p.decision?.decision,
          ),
        },
        { key: 'Reason', value: text(p.decision?.reason) },
      ],
    },
    {
      title: 'Organisation details',
      rows: [
        { key: 'Organisation name', value: text(account.name) },
        {
          key: 'Company registration number',
          value: account.registrationNumber
            ? [String(account.registrationNumber)]
            : ['Not registered at Companies House'],
        },
        { key: 'Address', value: addressLines(account.address) },
        {
          key: 'Classification codes',
          value: (codes?.codes ?? []).map((c) =>
            String(typeof c === 'object' && c ? ((c as { code?: unknown }).code ?? '') : c),
          ),
        },
        { key: 'Location', value: text(account.competentAuthority) },
      ],
    },
  ];
}

export const organisationAccountOpeningProcess = defineProcess({
  requestType: ACCOUNT_OPENING,
  home: 'organisation-account-opening',
  workflowType: 'organisationAccountOpening',
  id: { prefix: 'ACC' },
  category: 'PERMIT',
  title: 'Organisation account',
  name: 'Organisation account',
  // Started without an account: the request creates it (reference §5, last row).
  create: { roleType: 'OPERATOR', withoutAccount: true, input: organisationAccountApplicationSchema },
  dueDate: {
    taskType: APPLICATION_REVIEW,
    workingDays: DEFAULT_REVIEW_WORKING_DAYS,
    remindBeforeMs: [REVIEW_REMINDER_BEFORE_MS],
  },
  tasks: {
    [APPLICATION_REVIEW]: {
      label: 'Review organisation account application',
      roleType: 'REGULATOR',
      view: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
      execute: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_EXECUTE_TASK',
      page: {
        kind: 'form',
        name: 'application-review',
        actions: { amend: AMEND_APPLICATION, decide: SUBMIT_DECISION },
      },
      actions: {
        // Registration number and competent authority are not amendable (reference §6.3).
        [AMEND_APPLICATION]: { kind: 'SAVE', input: v.object({ amendedAccount: organisationDetailsSchema }) },
        [SUBMIT_DECISION]: { kind: 'TRANSITION', input: applicationDecisionSchema },
      },
    },
  },
  timeline: {
    [APPLICATION_SUBMITTED]: { label: 'Original application submitted' },
    [ACCOUNT_CREATED]: { label: 'Original application created' },
    // The applicant gets the decision on their application too.
    [APPLICATION_APPROVED]: {
      label: 'Organisation account approved',
      snapshot: true,
      document: 'Application approved',
      documentFileWord: 'approved',
      documentCopy: 'the decision on organisation account (application approved)',
      documentToStarter: true,
    },
    [APPLICATION_REJECTED]: {
      label: 'Organisation account rejected',
      snapshot: true,
      document: 'Application rejected',
      documentFileWord: 'rejected',
      documentCopy: 'the decision on organisation account (application rejected)',
      documentToStarter: true,
    },
  },
  summary: decisionSummary,
});
