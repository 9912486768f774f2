import { Context } from '@temporalio/activity';
import type { Db } from '../infra/db';
import type { Mailer } from '../infra/mailer';

export const MAX_EMAIL_ATTEMPTS = 10;

/** Exponential backoff between attempts: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Tells Temporal this attempt is alive (its heartbeat timeout spots a worker that died); a no-op outside an activity. */
function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // called directly, as the unit tests do
  }
}

export function createEmailActivities(deps: { db: Db; mailer: Mailer | null; domain: string }) {
  return {
    /**
     * Sends the e-mails that are due, each in its own transaction holding the row lock, so two
     * dispatchers never send the same message. Returns how many were sent and when the next is due.
     * Delivery is at least once: a crash between the SMTP hand-over and the commit resends the
     * message with the same Message-ID, which mail systems use to drop the copy.
     */
    async deliverDueEmails(batchSize: number): Promise<{ sent: number; failed: number; nextDueInMs: number | null }> {
      let sent = 0;
      let failed = 0;
      for (let i = 0; i < batchSize; i++) {
        heartbeat();
        const outcome = await deps.db.transaction(async (trx) => {
          const row = await trx('email_outbox')
            .where({ status: 'PENDING' })
            .andWhere('next_attempt_at', '<=', trx.fn.now())
            .orderBy('id')
            .forUpdate()
            .skipLocked()
            .first();
          if (!row) return 'none' as const;
          const messageId = row.message_id ?? `<outbox-${row.id}@${deps.domain}>`;
          if (!deps.mailer) {
            await trx('email_outbox').where({ id: row.id }).update({ status: 'SENT', sent_at: trx.fn.now(), message_id: messageId, attempts: row.attempts + 1 });
            return 'sent' as const;
          }
          try {
            await deps.mailer({ to: row.to_address, subject: row.subject, text: row.body_text, html: row.body_html, messageId });
            await trx('email_outbox').where({ id: row.id }).update({ status: 'SENT', sent_at: trx.fn.now(), message_id: messageId, attempts: row.attempts + 1, last_error: null });
            return 'sent' as const;
          } catch (err) {
            const attempts = row.attempts + 1;
            await trx('email_outbox').where({ id: row.id }).update({
              attempts,
              message_id: messageId,
              last_error: String((err as Error).message ?? err).slice(0, 2000),
              status: attempts >= MAX_EMAIL_ATTEMPTS ? 'FAILED' : 'PENDING',
              next_attempt_at: trx.raw(`now() + interval '${retryDelaySeconds(attempts)} seconds'`),
            });
            return 'failed' as const;
          }
        });
        if (outcome === 'none') break;
        if (outcome === 'sent') sent++;
        else failed++;
      }
      const next = await deps.db('email_outbox').where({ status: 'PENDING' }).min({ at: 'next_attempt_at' }).first();
      const nextDueInMs = next?.at ? Math.max(0, new Date(next.at).getTime() - Date.now()) : null;
      return { sent, failed, nextDueInMs };
    },
  };
}

export type EmailActivities = ReturnType<typeof createEmailActivities>;
