import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.mjs';

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    // Brotli and gzip copies beside each built file, served by content negotiation (api/static-files.ts).
    { name: 'precompress', apply: 'build', writeBundle: (options) => void precompress(options.dir!) },
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
