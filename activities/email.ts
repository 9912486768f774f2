import type { Db } from '../infra/db';
import { heartbeat } from './heartbeat';
import { MailServerAway, type Mailer } from '../infra/mailer';

export const MAX_EMAIL_ATTEMPTS = 10;

/** How often a mail server that is not there (MailServerAway) is tried again while e-mails wait for it. */
export const MAIL_SERVER_RECHECK_MS = 10_000;

/** Exponential backoff between attempts: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export function createEmailActivities(deps: {
  db: Db;
  mailer: Mailer | null;
  domain: string;
  /** MAIL_SERVER_RECHECK_MS unless a test says otherwise. */
  mailServerRecheckMs?: number;
}) {
  const recheckMs = deps.mailServerRecheckMs ?? MAIL_SERVER_RECHECK_MS;
  return {
    /**
     * Sends the e-mails that are due, one at a time. Each is first claimed in a transaction of its
     * own (status SENDING with a lease of SEND_LEASE_SECONDS; two dispatchers never take the same
     * row), then handed to SMTP, then marked SENT — that last write retried until the database takes
     * it, so a database outage after the hand-over does not send the message again. Only a worker
     * dying in the instant between SMTP's "250 OK" and that write resends it, once the lease runs out,
     * with the same Message-ID, which mail systems use to drop the copy: delivery is at least once.
     *
     * A mail server that is not there (nothing listens, or it greets with 421: MailServerAway) is
     * not the message's failure: the message is put back as it was, due, with no attempt counted
     * (its last_error says why it waits), the batch stops, and the server is tried again in
     * `recheckMs`. So e-mails queued before `npm start`'s mailbox is built wait for it, and a mail
     * server away for hours does not turn them FAILED; the outbox's metrics show them waiting.
     */
    async deliverDueEmails(batchSize: number): Promise<{ sent: number; failed: number; nextDueInMs: number | null }> {
      let sent = 0;
      let failed = 0;
      let serverAway = false;
      for (let i = 0; i < batchSize; i++) {
        heartbeat();
        const row = await deps.db.transaction(async (trx) => {
          const due = await trx('email_outbox')
            .whereIn('status', ['PENDING', 'SENDING'])
            .andWhere('next_attempt_at', '<=', trx.fn.now())
            // The one due longest first: a message made due again (a retry, an operator's resend) is
            // not stuck behind a backlog queued after it.
            .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
            .forUpdate()
            .skipLocked()
            .first();
          if (!due) return null;
          const messageId = due.message_id ?? `<outbox-${due.id}@${deps.domain}>`;
          await trx('email_outbox')
            .where({ id: due.id })
            .update({
              status: 'SENDING',
              message_id: messageId,
              next_attempt_at: trx.raw(`now() + interval '${SEND_LEASE_SECONDS} seconds'`),
            });
          return { ...due, message_id: messageId };
        });
        if (!row) break;
        let outcome: Record<string, unknown>;
        if (!deps.mailer) outcome = { status: 'SENT', sent_at: deps.db.fn.now(), attempts: row.attempts + 1 };
        else {
          try {
            // Attachments are stored files named by the outbox row; their bytes are read as it is sent.
            const attachments = row.attachments?.length
              ? (
                  await deps
                    .db('files')
                    .whereIn('uuid', row.attachments)
                    .select('uuid', 'file_name', 'content_type', 'content')
                )
                  .sort((a, b) => row.attachments.indexOf(a.uuid) - row.attachments.indexOf(b.uuid))
                  .map((f) => ({
                    filename: f.file_name as string,
                    content: f.content as Buffer,
                    contentType: f.content_type as string,
                  }))
              : undefined;
            await deps.mailer({
              to: row.to_address,
              subject: row.subject,
              text: row.body_text,
              html: row.body_html,
              messageId: row.message_id,
              attachments,
            });
            outcome = { status: 'SENT', sent_at: deps.db.fn.now(), attempts: row.attempts + 1, last_error: null };
          } catch (err) {
            if (err instanceof MailServerAway) {
              serverAway = true;
              const waiting = `The mail server is not answering; waiting for it (no attempt counted): ${err.message}`;
              outcome = { status: 'PENDING', next_attempt_at: row.next_attempt_at, last_error: waiting.slice(0, 2000) };
            } else {
              const attempts = row.attempts + 1;
              outcome = {
                attempts,
                last_error: String((err as Error).message ?? err).slice(0, 2000),
                status: attempts >= MAX_EMAIL_ATTEMPTS ? 'FAILED' : 'PENDING',
                next_attempt_at: deps.db.raw(`now() + interval '${retryDelaySeconds(attempts)} seconds'`),
              };
            }
          }
        }
        await untilWritten(() => deps.db('email_outbox').where({ id: row.id, status: 'SENDING' }).update(outcome));
        if (serverAway) break;
        if (outcome.status === 'SENT') sent++;
        else failed++;
      }
      const next = await deps
        .db('email_outbox')
        .whereIn('status', ['PENDING', 'SENDING'])
        .min({ at: 'next_attempt_at' })
        .first();
      const nextDueInMs = serverAway
        ? recheckMs
        : next?.at
          ? Math.max(0, new Date(next.at).getTime() - Date.now())
          : null;
      return { sent, failed, nextDueInMs };
    },
  };
}

/** How long a claimed message is left to its sender before another attempt may take it. */
export const SEND_LEASE_SECONDS = 120;

/** Retries a write while the database is away (heartbeating, so Temporal knows the attempt lives). */
async function untilWritten(write: () => Promise<unknown>): Promise<void> {
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      await write();
      return;
    } catch {
      heartbeat();
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

export type EmailActivities = ReturnType<typeof createEmailActivities>;
