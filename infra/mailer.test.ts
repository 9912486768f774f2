// Which failures of the mail server are the server not being there (the outbox waits for it,
// counting no attempt: activities/email.ts) and which are the message's (counted, retried, then FAILED).
import { freePort } from '../test/free-port';
import { startSmtpPeer } from '../test/smtp-peer';
import { createMailer, isMailServerAway, MailServerAway } from './mailer';

const email = { to: 'ann@example.com', subject: 'Hello', text: 'Hello', messageId: '<1@esos.test>' };

it('calls a mail server that nothing listens for away', async () => {
  const send = createMailer(`smtp://127.0.0.1:${await freePort()}`, 'ESOS <no-reply@esos.test>')!;
  await expect(send(email)).rejects.toBeInstanceOf(MailServerAway);
});

it('calls a message the server refused the message’s failure, not the server away', async () => {
  const smtp = await startSmtpPeer({ failFirst: 1 });
  try {
    const send = createMailer(smtp.url, 'ESOS <no-reply@esos.test>')!;
    const refused = await send(email).catch((err: unknown) => err);
    expect(refused).not.toBeInstanceOf(MailServerAway);
    expect(String(refused)).toContain('Mailbox temporarily unavailable');
    await send(email);
    expect(smtp.received).toHaveLength(1);
  } finally {
    await smtp.close();
  }
});

it('calls a server that does not answer in time, or greets with 421, away; nothing after the greeting', () => {
  // nodemailer's errors as it raises them (smtp-connection): the stage is `command`.
  expect(isMailServerAway({ command: 'CONN', code: 'ETIMEDOUT', message: 'Greeting never received' })).toBe(true);
  expect(isMailServerAway({ command: 'CONN', code: 'EPROTOCOL', responseCode: 421, message: 'Invalid greeting' })).toBe(
    true,
  );
  expect(isMailServerAway({ command: 'CONN', code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:1025' })).toBe(
    true,
  );
  expect(isMailServerAway({ command: 'RCPT TO', code: 'EENVELOPE', responseCode: 421, message: '421 busy' })).toBe(
    false,
  );
  expect(isMailServerAway({ command: 'DATA', code: 'EMESSAGE', responseCode: 554, message: 'rejected' })).toBe(false);
  expect(isMailServerAway(new Error('something else'))).toBe(false);
});
