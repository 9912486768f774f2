import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { searchAttributeKeys } from '../domain/search-attributes';

export function temporalCliPath(): string {
  return process.env.TEMPORAL_CLI_PATH ?? path.join(os.homedir(), '.cache', 'esos-reporting', 'bin', 'temporal');
}

/** A real Temporal dev server from the installed CLI (never a download), with our search attributes. */
export function startTestTemporal(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: temporalCliPath() },
      searchAttributes: searchAttributeKeys,
      log: { format: 'pretty', level: 'warn' },
    },
  });
}
