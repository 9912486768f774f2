// Publishing a version of a public dataset (docs/published-data.md): started by the API when a
// regulator publishes (workflow id `published-data-{id}`); writes the files, then serves the version
// with its change log. When the files cannot be written after the retries, the version is marked
// failed and the workflow fails, so the Temporal UI shows why.
import { proxyActivities } from '@temporalio/workflow';
import type { PublicationStep, PublishedDataActivities } from '../activities/published-data';

const { writePublishedFiles, completePublication, failPublication } = proxyActivities<PublishedDataActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 },
});

export async function publishDataset(step: PublicationStep): Promise<{ rows: number }> {
  try {
    const { rows } = await writePublishedFiles(step);
    await completePublication(step);
    return { rows };
  } catch (err) {
    await failPublication(step);
    throw err;
  }
}
