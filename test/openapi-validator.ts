// Validates an OpenAPI document with @seriousme/openapi-schema-validator (the official JSON Schemas
// of each OpenAPI version). It is an ES module that finds its schemas through import.meta, which
// Jest's CommonJS runtime cannot load, so it runs in a child Node process.
import { execFile } from 'node:child_process';

const SCRIPT = `
import { Validator } from '@seriousme/openapi-schema-validator';
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const result = await new Validator().validate(JSON.parse(Buffer.concat(chunks).toString()));
process.stdout.write(JSON.stringify(result));
`;

export function validateOpenApi(document: unknown): Promise<{ valid: boolean; version?: string; errors?: unknown }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${err.message}\n${stderr}`));
        resolve(JSON.parse(stdout));
      },
    );
    child.stdin!.end(JSON.stringify(document));
  });
}
