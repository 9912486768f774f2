// ORGANISATION_ACCOUNT_OPENING on the engine (reference: workflows §6.3). The account exists from
// the start (AWAITING_APPROVAL); a verified applicant's goes LIVE at once, any other waits for a
// regulator's review, which is due in working days with a reminder and an overdue notice.
import { patched } from '@temporalio/workflow';
import type { AccountActivities, ApplicationAccount } from '../../activities/accounts';
import { organisationAccountOpeningProcess, reviewDeadline } from './process';
import {
  ACCOUNT_CREATED,
  APPLICATION_APPROVED,
  APPLICATION_REJECTED,
  APPLICATION_REVIEW,
  APPLICATION_SUBMITTED,
} from './codes';
import {
  REGISTRATION_NUMBER_TAKEN,
  type ApplicationDecisionPayload as ApplicationDecision,
  type OrganisationDetails,
} from '../../domain/accounts';
import { runRequest, type RequestContext } from '../../engine/request-engine';
import type { RequestInput } from '../../domain/request-messages';
import { fileSubmissionDocument } from '../../engine/submission-document';
import { stepActivities } from '../../engine/activity-proxies';

const accounts = stepActivities<AccountActivities>();

/**
 * The review's deadline counts the nation's bank holidays. Only used when the start input carries no
 * deadline (the API always sends one): a workflow started before the change keeps weekends only.
 */
export const REVIEW_BANK_HOLIDAYS_PATCH = 'review-deadline-bank-holidays';

function fallbackReviewDeadline(input: RequestInput) {
  if (input.deadlines?.[APPLICATION_REVIEW]) return undefined;
  return reviewDeadline(new Date(), undefined, patched(REVIEW_BANK_HOLIDAYS_PATCH) ? input.competentAuthority : null);
}

export async function organisationAccountOpening(input: RequestInput): Promise<string> {
  const accountId = input.accountId!;
  const applicant = input.startedBy!;
  const account = (input.payload as { account: ApplicationAccount }).account;

  /** The number went LIVE on another account meanwhile: the database refused this one. */
  async function refuseDuplicate(ctx: RequestContext): Promise<string> {
    await accounts.denyAccount({
      accountId,
      applicantId: applicant.userId,
      reason: REGISTRATION_NUMBER_TAKEN,
      amended: null,
    });
    await ctx.recordAction(
      APPLICATION_REJECTED,
      { decision: { decision: 'REJECTED', reason: REGISTRATION_NUMBER_TAKEN } },
      null,
    );
    return 'REJECTED';
  }

  return runRequest(
    input,
    organisationAccountOpeningProcess,
    async (ctx) => {
      if (
        await accounts.isVerifiedApplicant({
          applicantId: applicant.userId,
          registrationNumber: account.registrationNumber,
        })
      ) {
        await ctx.recordAction(ACCOUNT_CREATED, input.payload, applicant);
        const activation = await accounts.activateAccount({
          accountId,
          applicantId: applicant.userId,
          amended: null,
          verified: true,
        });
        return activation.activated ? 'COMPLETED' : refuseDuplicate(ctx);
      }

      await ctx.recordAction(APPLICATION_SUBMITTED, input.payload, applicant);
      const review = await ctx.userTask({
        taskType: APPLICATION_REVIEW,
        draft: input.payload,
        deadline: fallbackReviewDeadline(input),
      });
      const decision = review.input as ApplicationDecision;
      const amended = (review.draft.amendedAccount as OrganisationDetails | undefined) ?? null;
      const outcome = { decision, account: { ...account, ...(amended ?? {}) } };

      if (decision.decision === 'APPROVED') {
        const activation = await accounts.activateAccount({
          accountId,
          applicantId: applicant.userId,
          amended,
          verified: false,
          by: review.by,
        });
        if (!activation.activated) return refuseDuplicate(ctx);
        await ctx.recordAction(APPLICATION_APPROVED, outcome, review.by);
        await fileSubmissionDocument(input.requestId, APPLICATION_APPROVED);
        return 'APPROVED';
      }
      await accounts.denyAccount({
        accountId,
        applicantId: applicant.userId,
        reason: decision.reason,
        amended,
        by: review.by,
      });
      await ctx.recordAction(APPLICATION_REJECTED, outcome, review.by);
      await fileSubmissionDocument(input.requestId, APPLICATION_REJECTED);
      return 'REJECTED';
    },
    { prepare: () => accounts.createApplicationAccount({ accountId, account }) },
  );
}
