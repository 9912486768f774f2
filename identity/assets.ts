// Static files of the identity pages under /auth/static: govuk-frontend's stylesheet, ours, and the
// browser scripts, bundled by esbuild in memory on first request (esbuild comes with tsx, which
// runs the server), so there is no separate build step.
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';

const publicDir = path.join(__dirname, 'public');
const govukCss = path.join(
  path.dirname(require.resolve('govuk-frontend/package.json')),
  'dist',
  'govuk',
  'govuk-frontend.min.css',
);

let bundle: Promise<Map<string, string>> | null = null;

async function buildScripts(): Promise<Map<string, string>> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: {
      interaction: path.join(publicDir, 'interaction.ts'),
      'silent-check': path.join(publicDir, 'silent-check.ts'),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: '/out',
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    target: 'es2020',
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((f) => [path.basename(f.path), f.text]));
}

export function identityAssets(): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/auth/static/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = ctx.path.slice('/auth/static/'.length);
    if (name === 'govuk-frontend.min.css' || name === 'identity.css') {
      ctx.type = 'text/css; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = fs.createReadStream(name === 'identity.css' ? path.join(publicDir, 'identity.css') : govukCss);
      return;
    }
    if (/^[\w-]+\.js$/.test(name)) {
      bundle ??= buildScripts().catch((err) => {
        bundle = null;
        throw err;
      });
      const text = (await bundle).get(name);
      if (text !== undefined) {
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = text;
        return;
      }
    }
    return next();
  };
}
