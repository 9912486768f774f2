// What the fault run's parts need before they start: a temporary folder, the workflows bundled once
// (so a restarted worker starts in seconds).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';

/** Workflows (the product's, or those of `workflowsPath`) bundled once, so a (re)started worker starts in seconds. */
export async function bundleWorkflows(dir: string, workflowsPath = require.resolve('../../workflows')): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  const file = path.join(dir, 'workflow-bundle.js');
  fs.writeFileSync(file, code);
  return file;
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the PostgreSQL folder inside belongs to the postgres user
  return dir;
}
