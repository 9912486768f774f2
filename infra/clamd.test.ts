// The ClamAV client against the test run's real clamd (test/setup/test-clamd.ts, Debian's clamd with
// the EICAR test signature): what it finds, what it passes, and how it fails when clamd cannot answer.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ClamdScanner } from './clamd';
import { loadConfig } from './config';
import { EICAR_TEST_STRING } from './local-clamd';
import { UPLOAD_MAX_BYTES } from '../domain/files';

const clamd = () => new ClamdScanner(loadConfig().clamav);

it('is configured by the run to its own clamd, which answers PING', async () => {
  expect(loadConfig().clamav.socket).toBe(process.env.ESOS_TEST_CLAMAV_SOCKET);
  await expect(clamd().ping()).resolves.toBe('PONG');
});

it('finds the EICAR test file, alone or inside other bytes, and passes clean files up to the upload limit', async () => {
  expect(EICAR_TEST_STRING).toHaveLength(68);
  await expect(clamd().scan(Buffer.from(EICAR_TEST_STRING))).resolves.toEqual({
    clean: false,
    threat: 'Eicar-Test-Signature.UNOFFICIAL',
  });
  await expect(
    clamd().scan(Buffer.concat([Buffer.alloc(200_000, 'a'), Buffer.from(EICAR_TEST_STRING), Buffer.alloc(10, 'b')])),
  ).resolves.toMatchObject({ clean: false });
  await expect(clamd().scan(Buffer.from('%PDF-1.4 a harmless report\n'))).resolves.toEqual({ clean: true });
  await expect(clamd().scan(Buffer.alloc(UPLOAD_MAX_BYTES, 'c'))).resolves.toEqual({ clean: true });
});

it('scans many files at once', async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => clamd().scan(Buffer.from(i % 2 ? EICAR_TEST_STRING : `clean ${i}`))),
  );
  expect(results.filter((r) => !r.clean)).toHaveLength(10);
});

describe('fails (and an upload then answers 503) when clamd', () => {
  it('is not running at its socket', async () => {
    await expect(
      new ClamdScanner({ socket: path.join(os.tmpdir(), 'no-clamd-here.sock') }).scan(Buffer.from('x')),
    ).rejects.toThrow(/ENOENT|ECONNREFUSED/);
  });

  it('is not listening on its TCP port', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((r) => server.close(r));
    await expect(new ClamdScanner({ host: '127.0.0.1', port }).scan(Buffer.from('x'))).rejects.toThrow(/ECONNREFUSED/);
  });

  /** A pretend clamd on a socket of its own: `answer` handles each connection. */
  async function fakeClamd(answer: (s: net.Socket) => void, test: (socket: string) => Promise<void>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-fake-clamd-'));
    const socket = path.join(dir, 'clamd.sock');
    const connections = new Set<net.Socket>();
    const server = net.createServer((s) => {
      connections.add(s);
      s.on('error', () => undefined);
      answer(s);
    });
    await new Promise<void>((r) => server.listen(socket, r));
    try {
      await test(socket);
    } finally {
      for (const c of connections) c.destroy();
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('accepts the connection but never answers', async () => {
    await fakeClamd(
      (s) => s.resume(),
      (socket) =>
        expect(new ClamdScanner({ socket, timeoutMs: 300 }).scan(Buffer.from('x'))).rejects.toThrow(
          'clamd did not answer within 300 ms',
        ),
    );
  });

  it('answers with an error', async () => {
    await fakeClamd(
      (s) => s.end('INSTREAM size limit exceeded. ERROR\0'),
      (socket) =>
        expect(new ClamdScanner({ socket }).scan(Buffer.alloc(100_000))).rejects.toThrow(
          'clamd answered "INSTREAM size limit exceeded. ERROR"',
        ),
    );
  });
});
