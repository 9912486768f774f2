import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Delivers one message or throws (MailServerAway when the server is not there to take it). */
export type Mailer = (email: OutgoingEmail) => Promise<void>;

/**
 * The mail server is not there to take mail: nothing listens on its port, it does not answer in
 * time, or it greets with 421 (not available, try later; `npm start`'s mailbox says so while it is
 * being built). Not a failure of the message: the outbox keeps it waiting without counting an
 * attempt (activities/email.ts).
 */
export class MailServerAway extends Error {}

/** Is nodemailer's error one of the mail server not being there (refused, timed out or greeting 421), before any message was sent? */
export function isMailServerAway(err: unknown): boolean {
  const e = err as { code?: string; command?: string; responseCode?: number; message?: string } | null;
  if (e?.command !== 'CONN') return false;
  return e.responseCode === 421 || e.code === 'ETIMEDOUT' || /\bECONNREFUSED\b/.test(e.message ?? '');
}

/**
 * SMTP when SMTP_URL is set: `npm start` and `npm run start:cluster` set it to their mailbox
 * (Mailpit). Without it nothing is sent: the dispatcher marks each message SENT and it stays
 * readable in the email_outbox table.
 */
export function createMailer(smtpUrl: string, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (email) => {
    await transport
      .sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? undefined,
        messageId: email.messageId,
        attachments: email.attachments,
      })
      .catch((err: unknown) => {
        throw isMailServerAway(err) ? new MailServerAway((err as Error).message) : err;
      });
  };
}
