import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Text worth compressing; fonts and images are compressed already. Below 1 KB a copy saves less than its headers. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.map']);
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each compressible built file, once, at the
 * highest levels: the server answers a client that accepts them with the smaller copy and spends no
 * CPU per request (api/static-files.ts).
 */
function precompress(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const { BROTLI_PARAM_QUALITY, BROTLI_MAX_QUALITY, BROTLI_PARAM_SIZE_HINT, Z_BEST_COMPRESSION } = zlib.constants;
    const brotli = { [BROTLI_PARAM_QUALITY]: BROTLI_MAX_QUALITY, [BROTLI_PARAM_SIZE_HINT]: content.length };
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: brotli }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: Z_BEST_COMPRESSION }));
  }
}

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    // Brotli and gzip copies beside each built file, served by content negotiation (api/static-files.ts).
    { name: 'precompress', apply: 'build', writeBundle: (options) => precompress(options.dir!) },
  ],
  // csv-parse's and csv-stringify's package builds need Node's Buffer; their browser bundles carry their own.
  resolve: {
    alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync', 'csv-stringify/sync': 'csv-stringify/browser/esm/sync' },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // /assets is govuk-frontend's fonts and images, served by the API; our build goes to /static.
    assetsDir: 'static',
    // No inline scripts: the CSP forbids them.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // govuk-frontend's CSS keeps old-browser hacks that lightningcss rejects; esbuild minifies it as is.
    cssMinify: 'esbuild',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000', '/assets': 'http://localhost:3000' },
  },
});
