import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Delivers one message or throws. */
export type Mailer = (email: OutgoingEmail) => Promise<void>;

/**
 * SMTP when SMTP_URL is set: `npm start` and `npm run start:cluster` set it to their mailbox
 * (Mailpit). Without it nothing is sent: the dispatcher marks each message SENT and it stays
 * readable in the email_outbox table.
 */
export function createMailer(smtpUrl: string, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (email) => {
    await transport.sendMail({
      from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      messageId: email.messageId,
      attachments: email.attachments,
    });
  };
}
