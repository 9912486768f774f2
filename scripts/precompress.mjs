// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of a build, once, at the
// highest levels: the server then answers a client that accepts them with the smaller copy and spends
// no CPU per request (api/static-files.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Extensions worth compressing: text. Fonts (woff2) and images (png) are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.map']);
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

/** Compresses every compressible file under dir; answers the number of files compressed. */
export function precompress(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
    count++;
  }
  return count;
}
