// The ClamAV daemon's client. Every upload is scanned before it is stored (reference platform §4.5:
// clamd, "Virus found"; api/files/uploads.ts), by clamd over its socket: the INSTREAM command streams the bytes in chunks and clamd answers
// "stream: OK" or "stream: <threat> FOUND". Where clamd listens is configuration (CLAMAV_SOCKET, or
// CLAMAV_HOST and CLAMAV_PORT; infra/config.ts). A scanner that cannot be reached, times out or
// answers anything else is an error, which the upload answers with 503: nothing unscanned is stored.
import net from 'node:net';

export type ScanResult = { clean: true } | { clean: false; threat: string };

export interface VirusScanner {
  scan(data: Buffer, fileName: string): Promise<ScanResult>;
}

export interface ClamdAddress {
  /** A Unix socket (clamd's LocalSocket), or else host and port (TCPSocket, default 3310). */
  socket?: string;
  host?: string;
  port?: number;
  timeoutMs?: number;
}

/** Chunks of the INSTREAM command; clamd's StreamMaxLength bounds their total (set it above the upload limit). */
const CHUNK = 64 * 1024;

export class ClamdScanner implements VirusScanner {
  constructor(readonly address: ClamdAddress) {}

  async scan(data: Buffer, _fileName?: string): Promise<ScanResult> {
    const reply = await this.command((socket) => {
      socket.write('zINSTREAM\0');
      for (let at = 0; at < data.length; at += CHUNK) {
        const chunk = data.subarray(at, at + CHUNK);
        const size = Buffer.alloc(4);
        size.writeUInt32BE(chunk.length);
        socket.write(size);
        socket.write(chunk);
      }
      socket.write(Buffer.alloc(4)); // a chunk of length 0 ends the stream
    });
    if (/^stream: OK$/.test(reply)) return { clean: true };
    const found = /^stream: (.+) FOUND$/.exec(reply);
    if (found) return { clean: false, threat: found[1] };
    throw new Error(`clamd answered "${reply}"`);
  }

  /** PONG when clamd is up. */
  ping(): Promise<string> {
    return this.command((socket) => socket.write('zPING\0'));
  }

  /** Sends one command and reads clamd's answer, up to the NUL it ends with; clamd closes the connection after it. */
  private command(send: (socket: net.Socket) => void): Promise<string> {
    const { socket: path, host, port = 3310, timeoutMs = 30_000 } = this.address;
    return new Promise((resolve, reject) => {
      const socket = path ? net.connect(path) : net.connect(port, host ?? '127.0.0.1');
      const received: Buffer[] = [];
      const answer = () =>
        Buffer.concat(received)
          .toString('utf8')
          .replace(/\0[\s\S]*$/, '')
          .trim();
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`clamd did not answer within ${timeoutMs} ms`)));
      socket.once('connect', () => send(socket));
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk);
        if (chunk.includes(0)) socket.end();
      });
      // clamd may answer (e.g. "INSTREAM size limit exceeded") and close while we still write: the answer counts.
      socket.once('error', (err) => (received.length ? resolve(answer()) : reject(err)));
      socket.once('close', () =>
        received.length ? resolve(answer()) : reject(new Error('clamd closed the connection without an answer')),
      );
    });
  }
}
