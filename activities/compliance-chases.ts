// A chase's sends (issue 29): each organisation's reminder is one transaction that writes its
// compliance_reminders row (unique per chase and account) and queues the e-mail to the account's
// primary contact, so a send retried after a worker's death finds its row and queues nothing more.
// The row's audit trigger puts the send in the account's audit trail, in the name of the regulator
// who started the chase.
import type { Db } from '../infra/db';
import { loadConfig } from '../infra/config';
import { compose } from '../infra/email-layout';
import { queueEmails } from '../infra/outbox';
import { CHASE_TEMPLATE, chaseEmail, type ChaseOutcome } from '../domain/compliance';
import type { Actor } from '../domain/request-messages';

export interface ChaseSend {
  chaseId: number;
  accountIds: number[];
  /** The regulator who started the chase (the audit trail's actor). */
  by: Actor;
  report: { requestType: string; name: string; dueOn: string; duePassed?: boolean };
  /** An organisation reminded of this report this recently, by another chase, is not reminded again. */
  intervalDays: number;
}

export function createComplianceChaseActivities(options: { db: Db; homeUrl?: string }) {
  const { db } = options;
  const homeUrl = options.homeUrl ?? loadConfig().publicUrl;
  return {
    /** The organisations a chase reminds, in the order it reminds them. */
    async chaseAccounts(args: { chaseId: number }): Promise<number[]> {
      const chase = await db('compliance_chases').where({ id: args.chaseId }).first('account_ids');
      return (chase?.account_ids as number[] | undefined) ?? [];
    },

    /** Reminds each organisation once; returns each one's outcome (also when it was decided by an earlier try). */
    async sendChaseReminders(args: ChaseSend): Promise<Record<number, ChaseOutcome>> {
      const outcomes: Record<number, ChaseOutcome> = {};
      for (const accountId of args.accountIds) {
        outcomes[accountId] = await db.transaction(async (trx) => {
          // One chase at a time per account, so two chases at once cannot both remind it.
          await trx.raw('select pg_advisory_xact_lock(hashtext(?), ?)', ['compliance_reminders', accountId]);
          const done = await trx('compliance_reminders')
            .where({ chase_id: args.chaseId, account_id: accountId })
            .first('status');
          if (done) return done.status as ChaseOutcome;
          const recent = await trx('compliance_reminders')
            .where({ account_id: accountId, type: args.report.requestType, status: 'SENT' })
            .whereNot('chase_id', args.chaseId)
            .where('created_at', '>', trx.raw(`now() - make_interval(days => ?)`, [args.intervalDays]))
            .first('id');
          const contact = recent
            ? null
            : await trx('account_contacts as c')
                .join('users as u', 'u.id', 'c.user_id')
                .join('accounts as a', 'a.id', 'c.account_id')
                .where({ 'c.account_id': accountId, 'c.contact_type': 'PRIMARY' })
                .first('u.email', 'a.name');
          const status: ChaseOutcome = recent ? 'ALREADY_REMINDED' : contact ? 'SENT' : 'NO_CONTACT';
          await trx('compliance_reminders').insert({
            chase_id: args.chaseId,
            account_id: accountId,
            type: args.report.requestType,
            status,
            to_address: contact?.email ?? null,
            submitter_id: args.by.userId,
            submitter: args.by.fullName,
          });
          if (contact) {
            const words = chaseEmail(args.report, contact.name);
            await queueEmails(trx, [
              compose(CHASE_TEMPLATE, contact.email, words.subject, [
                ...words.paragraphs,
                { text: 'Sign in to your account', link: homeUrl },
              ]),
            ]);
          }
          return status;
        });
      }
      return outcomes;
    },

    async finishChase(args: { chaseId: number }): Promise<void> {
      await db('compliance_chases')
        .where({ id: args.chaseId })
        .whereNull('completed_at')
        .update({ completed_at: db.fn.now() });
    },
  };
}

export type ComplianceChaseActivities = ReturnType<typeof createComplianceChaseActivities>;
