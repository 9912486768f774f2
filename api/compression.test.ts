// What a phone on a slow network receives: the built SPA's files as their brotli or gzip copies, the
// API's larger answers compressed, and the identity provider's pages left alone (BREACH).
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { startApi, type ApiHarness } from '../test/api-harness';
import { webRoot } from './app';
import { COMPRESSION_THRESHOLD_BYTES, compressAnswers } from './middleware/compression';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const get = (url: string, acceptEncoding: string) =>
  fetch(api.url + url, { headers: { 'accept-encoding': acceptEncoding } });

function entryScript(): string {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no entry script: is dist/web built?');
  return src;
}

describe('the built SPA', () => {
  it('sends the entry script as its brotli copy to a client that accepts br, smaller than the file', async () => {
    const src = entryScript();
    const original = fs.readFileSync(path.join(webRoot, src));
    const res = await get(src, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(res.headers.get('content-length'))).toBeLessThan(original.length / 2);
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
  });

  it('sends gzip to a client without br, and the file itself to a client that accepts neither', async () => {
    const src = entryScript();
    const original = fs.readFileSync(path.join(webRoot, src));
    const gzip = await get(src, 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gzip.arrayBuffer()).equals(original)).toBe(true);
    const plain = await get(src, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(original.length);
  });

  it('sends the page itself (index.html for a client-side route) compressed too', async () => {
    const res = await get('/dashboard', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('<div id="root">');
  });
});

describe('the API', () => {
  it('compresses an answer over the threshold (the API description) for a client that accepts br', async () => {
    const res = await get('/api/v3/api-docs', 'br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect((await res.json()).openapi).toMatch(/^3\./);
  });

  it('leaves a small answer and a client that accepts no encoding alone', async () => {
    expect((await get('/api/version', 'br')).headers.get('content-encoding')).toBeNull();
    expect((await get('/api/v3/api-docs', 'identity')).headers.get('content-encoding')).toBeNull();
  });

  it("compresses the API reference's heavy script, which only its own page loads", async () => {
    const res = await get('/api-reference/swagger-ui-bundle.js', 'br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it("leaves the identity provider's pages uncompressed (a CSRF token beside echoed input: BREACH)", async () => {
    const app = new Koa();
    app.use(compressAnswers());
    app.use((ctx) => {
      ctx.type = 'text/html';
      ctx.body = '<form>'.padEnd(COMPRESSION_THRESHOLD_BYTES * 4, '.');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const auth = await fetch(`${base}/auth/interaction/abc`, { headers: { 'accept-encoding': 'br' } });
      expect(auth.headers.get('content-encoding')).toBeNull();
      const other = await fetch(`${base}/api/anything`, { headers: { 'accept-encoding': 'br' } });
      expect(other.headers.get('content-encoding')).toBe('br');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
