// Serves the built SPA (with index.html for every client-side route) and govuk-frontend's fonts
// and images from our own origin: no CDN.
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file.startsWith(root + path.sep) ? file : null;
}

/** The copies the build writes beside a text file (vite.config.mts), best first. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

async function fileStat(file: string): Promise<fs.Stats | null> {
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat?.isFile() ? stat : null;
}

async function sendFile(ctx: Parameters<Middleware>[0], file: string, cache: string): Promise<boolean> {
  const stat = await fileStat(file);
  if (!stat) return false;
  ctx.type = types[path.extname(file)] ?? 'application/octet-stream';
  ctx.set('Cache-Control', cache);
  ctx.set('Last-Modified', stat.mtime.toUTCString());
  // The smallest copy the client accepts; the answer differs by Accept-Encoding, so caches must know it.
  let sent = { file, size: stat.size };
  for (const { name, suffix } of encodings) {
    const copy = await fileStat(file + suffix);
    if (!copy) continue;
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings(name, 'identity') !== name) continue;
    ctx.set('Content-Encoding', name);
    sent = { file: file + suffix, size: copy.size };
    break;
  }
  ctx.length = sent.size;
  // Also for HEAD: Koa then sends only the headers (a null body would make it a 204) and closes the stream.
  ctx.body = fs.createReadStream(sent.file);
  return true;
}

export function staticFiles(opts: { webRoot: string; govukAssets: string }): Middleware {
  const webRoot = path.resolve(opts.webRoot);
  const govukAssets = path.resolve(opts.govukAssets);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/assets/')) {
      const file = resolveInside(govukAssets, ctx.path.slice('/assets'.length));
      if (file && (await sendFile(ctx, file, 'public, max-age=86400'))) return;
      return next();
    }
    if (ctx.path.startsWith('/static/')) {
      // Content-hashed build output: cache for a year.
      const file = resolveInside(webRoot, ctx.path);
      if (file && (await sendFile(ctx, file, 'public, max-age=31536000, immutable'))) return;
      return next();
    }
    const file = resolveInside(webRoot, ctx.path);
    if (file && path.basename(file) !== 'index.html' && (await sendFile(ctx, file, 'public, max-age=3600'))) return;
    // Any other path is a client-side route.
    if (await sendFile(ctx, path.join(webRoot, 'index.html'), 'no-cache')) return;
    ctx.status = 503;
    ctx.type = 'text/plain';
    ctx.body = 'The web application has not been built yet: run `npm run build`.';
  };
}
