// The HTTP server around the Koa app, for the web process and the tests alike. Requests Node itself
// refuses before Koa sees them (headers or address over Node's 16 KB, a malformed request line) get
// the API's JSON error shape and the security headers too, not Node's bare status line.
import http, { STATUS_CODES } from 'node:http';
import type Koa from 'koa';
import { securityHeaderValues } from './middleware/security-headers';

export function createHttpServer(app: Koa): http.Server {
  const server = http.createServer(app.callback());
  const headers = Object.entries(securityHeaderValues())
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      tooLarge
        ? { code: 'HEADERS_TOO_LARGE', message: 'The address or the headers of the request are too large' }
        : { code: 'BAD_REQUEST', message: 'The request could not be read' },
    );
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`,
    );
    // Read and drop what the client is still sending (a large body after a refused address): closing
    // with unread data would reset the connection and could lose the answer before the client reads it.
    socket.resume();
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
  return server;
}
