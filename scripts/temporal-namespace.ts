// Run by `npm run start:cluster` once the Temporal server answers: registers the namespace when it
// is missing (a real server, unlike the dev server, has none until asked) and our search attributes,
// then waits until the frontend serves the namespace (its namespace cache refreshes every few seconds).
//   tsx scripts/temporal-namespace.ts   (TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE as for the worker)
import { Client, Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { loadConfig } from '../infra/config';
import { ensureSearchAttributes } from '../infra/temporal';

const RETENTION_MS = 30 * 24 * 3600 * 1000;

export async function prepareNamespace(
  address: string,
  namespace: string,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    try {
      await connection.workflowService.describeNamespace({ namespace });
    } catch (err) {
      if ((err as { code?: number }).code !== 5 /* NOT_FOUND */) throw err;
      await connection.workflowService.registerNamespace({
        namespace,
        workflowExecutionRetentionPeriod: msToTs(RETENTION_MS),
      });
      log(`Temporal namespace "${namespace}" registered (retention 30 days).`);
    }
    const client = new Client({ connection, namespace });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await ensureSearchAttributes(client, namespace);
        await client.workflowService.countWorkflowExecutions({ namespace, query: '' });
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await connection.close();
  }
}

if (require.main === module) {
  const config = loadConfig();
  prepareNamespace(config.temporal.address, config.temporal.namespace, (line) => console.log(`[esos] ${line}`)).catch(
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
