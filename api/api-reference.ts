// The API reference page: Swagger UI (swagger-ui-dist) over /api/v3/api-docs, at /api-reference.
// Served as files, our page and its start-up script included, so the strict CSP needs no exception;
// not part of the SPA, so its first load does not grow.
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';

const swaggerUi = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ours = path.join(__dirname, 'api-reference');

const files: Record<string, { file: string; type: string }> = {
  '/api-reference': { file: path.join(ours, 'index.html'), type: 'text/html; charset=utf-8' },
  '/api-reference/init.js': { file: path.join(ours, 'init.js'), type: 'text/javascript; charset=utf-8' },
  '/api-reference/page.css': { file: path.join(ours, 'page.css'), type: 'text/css; charset=utf-8' },
  '/api-reference/swagger-ui.css': { file: path.join(swaggerUi, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  '/api-reference/swagger-ui-bundle.js': {
    file: path.join(swaggerUi, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

export function apiReference(): Middleware {
  return async (ctx, next) => {
    const found = (ctx.method === 'GET' || ctx.method === 'HEAD') && files[ctx.path];
    if (!found) return next();
    ctx.type = found.type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = fs.createReadStream(found.file);
  };
}
