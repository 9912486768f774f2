// Publishing a version of a public dataset (docs/published-data.md): started by the API when a
// regulator publishes (workflow id `published-data-{id}`); writes the files, then serves the version
// with its change log. When the files cannot be written after the retries, the version is marked
// failed and the workflow fails, so the Temporal UI shows why.
import { proxyActivities } from '@temporalio/workflow';
import type { PublicationStep, PublishedDataActivities } from '../activities/published-data';

const retry = { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 };
// A large authority's files take minutes; the attempt heartbeats with each batch of rows, so a
// worker killed half-way is noticed in 30 s and the build tried again, not after the 10 minutes.
const { writePublishedFiles } = proxyActivities<PublishedDataActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry,
});
// One short transaction each: a worker killed under one is noticed when its minute is up.
const { completePublication, failPublication } = proxyActivities<PublishedDataActivities>({
  startToCloseTimeout: '1 minute',
  retry,
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
