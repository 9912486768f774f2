// Workflows bundled once into a file, for worker processes started with WORKFLOW_BUNDLE_PATH (the
// fault run's worker, the bench's, a batch of compliance reports), so a (re)started worker starts in
// seconds instead of bundling again.
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';

/** The product's workflows (or those of `workflowsPath`) bundled into `dir`/workflow-bundle.js; answers its path. */
export async function bundleWorkflows(dir: string, workflowsPath = require.resolve('../workflows')): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  const file = path.join(dir, 'workflow-bundle.js');
  fs.writeFileSync(file, code);
  return file;
}
