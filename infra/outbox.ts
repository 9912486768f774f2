import type { Knex } from 'knex';

export interface EmailToQueue {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template?: string;
  /** Stored files (uuids in `files`) sent as attachments: the outbox keeps the reference, not the bytes. */
  attachments?: string[];
}

/** Queues e-mails inside the caller's transaction, so they exist exactly when the change commits. */
export async function queueEmails(trx: Knex | Knex.Transaction, emails: EmailToQueue[]): Promise<void> {
  if (emails.length === 0) return;
  await trx('email_outbox').insert(
    emails.map((e) => ({
      to_address: e.to,
      subject: e.subject,
      body_text: e.text,
      body_html: e.html ?? null,
      template: e.template ?? null,
      ...(e.attachments?.length ? { attachments: e.attachments } : {}),
    })),
  );
}
