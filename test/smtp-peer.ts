// A real SMTP server (the smtp-server package) that records what it receives, for tests.
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * `saveTo`: also writes each message received to a file there (for processes that cannot share
 * memory); `port`: listens there (a free one when not given).
 */
export async function startSmtpPeer(opts: { failFirst?: number; saveTo?: string; port?: number } = {}) {
  const received: ReceivedMail[] = [];
  let failuresLeft = opts.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (failuresLeft > 0) {
          failuresLeft--;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(err);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        if (opts.saveTo)
          fs.writeFileSync(
            path.join(opts.saveTo, `${Date.now()}-${received.length}.eml`),
            `X-Envelope-To: ${session.envelope.rcptTo.map((r) => r.address).join(', ')}\r\n${raw}`,
          );
        callback();
      });
    },
  });
  // A sender killed in the middle of a message resets its connection (ECONNRESET): the message is
  // not recorded and the sender sends it again. The server reports that as an 'error' event, which
  // would otherwise end the test process that runs it.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
