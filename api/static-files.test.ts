// The SPA's files: client-side routes get index.html, and HEAD answers as GET does, without a body.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { staticFiles } from './static-files';

let server: Server;
let url: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-static-'));
const INDEX = '<!doctype html><title>ESOS</title>';

beforeAll(async () => {
  fs.writeFileSync(path.join(root, 'index.html'), INDEX);
  const app = new Koa();
  app.use(staticFiles({ webRoot: root, govukAssets: root }));
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

it('answers a client-side route with index.html', async () => {
  const res = await fetch(`${url}/dashboard`);
  expect({ status: res.status, type: res.headers.get('content-type'), body: await res.text() }).toEqual({
    status: 200,
    type: 'text/html; charset=utf-8',
    body: INDEX,
  });
});

it('answers HEAD with the status and headers of GET and no body', async () => {
  const res = await fetch(`${url}/dashboard`, { method: 'HEAD' });
  expect({
    status: res.status,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    body: await res.text(),
  }).toEqual({
    status: 200,
    type: 'text/html; charset=utf-8',
    length: String(INDEX.length),
    body: '',
  });
});
