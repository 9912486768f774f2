// Side effects of the report workflows: what the account prefills in a new report (reference
// workflows §7.2 initialisers), what a report starts from when its process copies an earlier one
// (the progress updates, §9.2, §10.2), the submitted report kept for later processes and MI, and the
// receipt of a submission.
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../infra/db';
import { loadConfig } from '../infra/config';
import { queueEmails } from '../infra/outbox';
import type { Values } from '../domain/reports/fields';
import type { ReportData } from '../domain/reports/report';
import { carriedAnswers } from '../domain/reports/carried';
import type { PlanMeasures } from '../domain/reports/plan-measures';
import type { ProcessDefinition } from '../domain/process-definition';
import { ukDate } from '../domain/deadlines';
import { processFor, requestIdOf } from '../domain/process-registry';
import { phoneOf } from '../domain/phone';

const SERVICE = 'Manage your ESOS reporting';

/** A user's profile as a report's contact person. */
function contactOf(user: Record<string, any> | undefined): Values | undefined {
  if (!user) return undefined;
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    jobTitle: user.job_title ?? undefined,
    email: user.email,
    phoneNumber: phoneOf(user.phone_number),
    mobileNumber: phoneOf(user.mobile_number),
    address: user.address ?? undefined,
  };
}

export function createReportActivities(options: { db: Db; homeUrl?: string }) {
  const { db } = options;
  const homeUrl = options.homeUrl ?? loadConfig().publicUrl;

  /** The account's submitted report of a type and the day it was submitted (UK), or null. */
  async function submitted(
    accountId: number,
    type: string,
  ): Promise<{ data: ReportData; submittedOn: string | null } | null> {
    const def = processFor(type);
    if (!def) return null;
    const row = await db('requests as r')
      .join('reports as p', 'p.request_id', 'r.id')
      .where({ 'r.id': requestIdOf(def, accountId), 'r.status': 'COMPLETED' })
      .first('p.data', 'r.submitted_at');
    return row
      ? { data: row.data as ReportData, submittedOn: row.submitted_at ? ukDate(new Date(row.submitted_at)) : null }
      : null;
  }

  /** The measures of the account's submitted action plan with its progress updates' word on each, or null. */
  async function planMeasures(
    accountId: number,
    of: NonNullable<NonNullable<ProcessDefinition['carriesForward']>['measures']>,
  ): Promise<PlanMeasures | null> {
    const [plan, ...updates] = await Promise.all(of.from.map((type) => submitted(accountId, type)));
    const def = processFor(of.from[0]);
    if (!plan || !def) return null;
    const measures = of.build(plan.data, ...updates.map((u) => u?.data));
    return measures.length ? { phase: of.phase, requestId: requestIdOf(def, accountId), measures } : null;
  }

  return {
    /** The organisation's details and its primary and secondary contacts, to start a report from. */
    async reportPrefill(args: { accountId: number }): Promise<Values> {
      const account = await db('accounts').where({ id: args.accountId }).first();
      if (!account) return {};
      const contacts = await db('account_contacts as c')
        .join('users as u', 'u.id', 'c.user_id')
        .where('c.account_id', args.accountId)
        .whereIn('c.contact_type', ['PRIMARY', 'SECONDARY'])
        .select('c.contact_type', 'u.*');
      const of = (type: string) => contactOf(contacts.find((c) => c.contact_type === type));
      return {
        organisationDetails: {
          name: account.name,
          registrationNumber: account.registration_number,
          address: {
            line1: account.address_line1,
            line2: account.address_line2,
            city: account.city,
            county: account.county,
            postcode: account.postcode,
          },
          codes: Array.isArray(account.classification_codes) ? undefined : account.classification_codes,
        },
        primaryContact: of('PRIMARY'),
        secondaryContact: of('SECONDARY'),
      };
    },

    /**
     * Keeps what was submitted: the report row (replaced on a resubmission) and the request's data
     * (the submitted draft, in `requests.payload`) and submission date, which a re-initiate starts from.
     */
    async storeSubmittedReport(args: {
      requestId: string;
      accountId: number;
      requestType: string;
      draft: Values;
      submittedBy: string;
      submittedAt?: string;
    }): Promise<void> {
      await db.transaction(async (trx) => {
        const data = JSON.stringify(args.draft.report ?? {});
        const at = args.submittedAt ?? trx.fn.now();
        await trx('reports')
          .insert({
            request_id: args.requestId,
            account_id: args.accountId,
            type: args.requestType,
            data,
            submitted_by: args.submittedBy,
            submitted_at: at,
          })
          .onConflict('request_id')
          .merge({ data, submitted_by: args.submittedBy, submitted_at: at });
        await trx('requests')
          .where({ id: args.requestId })
          .update({ payload: JSON.stringify({ ...args.draft, submittedBy: args.submittedBy }), submitted_at: at });
      });
    },

    /**
     * What a new report's task starts from when its process copies an earlier report (`startsFrom`):
     * the account's submitted report of that type, copied with new ids; nothing for a disaggregated
     * undertaking. Named after the progress updates, the first to have one (workflow histories name it).
     */
    async progressUpdateStart(args: {
      accountId: number;
      requestType: string;
      isDisaggregateUndertaking: boolean;
    }): Promise<Values> {
      const prefill = { isDisaggregateUndertaking: args.isDisaggregateUndertaking };
      const from = processFor(args.requestType)?.startsFrom;
      if (args.isDisaggregateUndertaking || !from) return { report: {}, sectionsCompleted: {}, prefill };
      const earlier = await submitted(args.accountId, from.requestType);
      if (!earlier?.submittedOn)
        throw ApplicationFailure.create({ type: from.missing.code, message: from.missing.message, nonRetryable: true });
      return { report: from.build(earlier.data, earlier.submittedOn, randomUUID), sectionsCompleted: {}, prefill };
    },

    /**
     * What a new report carries forward from the account's submitted report of an earlier process
     * (`carriesForward`): the answers to the questions asked the same way, each section's status in
     * progress (to be checked), and the mark of what was carried; and the measures of the account's
     * submitted action plan (`actionPlanMeasures`); null when there is nothing to carry. Only the
     * account's own reports: each is looked up by the account's request id.
     */
    async carriedReport(args: { accountId: number; requestType: string }): Promise<Values | null> {
      const def = processFor(args.requestType);
      const carry = def?.carriesForward;
      const from = carry && processFor(carry.requestType);
      if (!def?.report || !carry || !from?.report) return null;
      const earlier = await submitted(args.accountId, carry.requestType);
      const answers = earlier ? carriedAnswers(from.report, def.report, earlier.data, carry.sections) : {};
      const measures = carry.measures && (await planMeasures(args.accountId, carry.measures));
      if (Object.keys(answers).length === 0 && !measures) return null;
      return {
        report: structuredClone(answers),
        sectionsCompleted: Object.fromEntries(Object.keys(answers).map((id) => [id, 'IN_PROGRESS'])),
        ...(Object.keys(answers).length
          ? { carried: { phase: carry.phase, requestId: requestIdOf(from, args.accountId), answers } }
          : {}),
        ...(measures ? { actionPlanMeasures: measures } : {}),
      };
    },

    /**
     * Tells the competent authority's team that a report was submitted; once per submitted task (a
     * retried activity sends nothing again). The submitter's receipt is the e-mail of the submission
     * document, with the PDF of what they sent (activities/documents.ts): one receipt, not two.
     */
    async sendSubmissionReceipt(args: {
      taskId: number;
      requestId: string;
      requestType: string;
      submittedBy: string;
    }): Promise<void> {
      await db.transaction(async (trx) => {
        const inserted = await trx('request_task_notices')
          .insert({ task_id: args.taskId, kind: 'SUBMITTED' })
          .onConflict(['task_id', 'kind', 'due_at'])
          .ignore()
          .returning('task_id');
        if (inserted.length === 0) return;
        const row = await trx('requests as r')
          .join('accounts as a', 'a.id', 'r.account_id')
          .join('competent_authorities as ca', 'ca.code', 'r.competent_authority')
          .where('r.id', args.requestId)
          .first('a.name', 'a.organisation_id', 'ca.name as ca_name', 'ca.email as ca_email');
        if (!row) return;
        const name = processFor(args.requestType)?.name ?? args.requestType;
        const organisation = `${row.name} (ID: ${row.organisation_id})`;
        await queueEmails(trx, [
          {
            to: row.ca_email as string,
            subject: `${name} received - ${SERVICE}`,
            text: `${organisation} has submitted its ${name}, reference ${args.requestId}. Sign in to view it: ${homeUrl}`,
            template: 'ReportReceived',
          },
        ]);
      });
    },
  };
}

export type ReportActivities = ReturnType<typeof createReportActivities>;
