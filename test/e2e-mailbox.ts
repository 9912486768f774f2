// What the e2e service's mailbox received (test/setup/e2e-setup.ts): Mailpit, read through its API,
// or the SMTP peer's files where Mailpit is not built. Null for a service the tests did not start,
// whose mail server is its own business.
import fs from 'node:fs';
import path from 'node:path';

export interface ReceivedMail {
  /** The recipients, comma-separated. */
  to: string;
  /** The message as sent: headers and MIME body. */
  raw: string;
}

/** The Mailpit of the e2e run: its web page and API. */
export const mailpitUrl = (): string | undefined => process.env.E2E_MAILPIT_URL;

async function fromMailpit(url: string): Promise<ReceivedMail[]> {
  const { messages } = (await (await fetch(`${url}/api/v1/messages?limit=1000`)).json()) as {
    messages: { ID: string; To: { Address: string }[] }[];
  };
  return Promise.all(
    messages.map(async (m) => ({
      to: m.To.map((t) => t.Address).join(', '),
      raw: await (await fetch(`${url}/api/v1/message/${m.ID}/raw`)).text(),
    })),
  );
}

function fromDir(dir: string): ReceivedMail[] {
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .map((raw) => ({ to: /^X-Envelope-To: (.*)\r?$/m.exec(raw)![1]!, raw }));
}

/** The messages received that mention `text`. */
export async function receivedMails(text: string): Promise<ReceivedMail[] | null> {
  const url = mailpitUrl();
  const dir = process.env.E2E_MAILDIR;
  if (!url && !dir) return null;
  const all = url ? await fromMailpit(url) : fromDir(dir!);
  return all.filter((m) => m.raw.includes(text));
}
