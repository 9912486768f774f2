// The text of a PDF, read by unpdf (PDF.js) the way a person's viewer reads it. PDF.js is an ES
// module that Jest's CommonJS runtime cannot import, so it runs in a child Node process.
import { execFile } from 'node:child_process';

const SCRIPT = `
import { extractText, getDocumentProxy } from 'unpdf';
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const { text, totalPages } = await extractText(pdf, { mergePages: false });
process.stdout.write(JSON.stringify({ pages: text, totalPages }));
`;

export function pdfText(pdf: Buffer | Uint8Array): Promise<{ pages: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${err.message}\n${stderr}`));
        const { pages } = JSON.parse(stdout) as { pages: string[] };
        resolve({ pages, text: pages.join('\n') });
      },
    );
    child.stdin!.end(Buffer.from(pdf));
  });
}
