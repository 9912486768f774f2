// Replays every saved history in test/histories/ against the current workflow code: a change that
// would break running requests (non-determinism) fails here, before it is deployed. Record new
// histories with `RECORD_HISTORIES=1 npm test -- engine/request-engine.test.ts`
// (`RECORD_HISTORIES=<suffix>` keeps the earlier ones: the `-local-writes` files are the runs with
// local activities, engine/activity-proxies.ts; the others, the remote activities before them).
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker, type ReplayResult } from '@temporalio/worker';
import { historiesDir, loadHistory } from '../test/workflows/harness';

const files = fs
  .readdirSync(historiesDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const histories = () =>
  files.map((f) => ({ workflowId: f.replace(/\.json$/, ''), history: loadHistory(path.join(historiesDir, f)) }));

async function replayAll(workflowsPath: string, only: (file: string) => boolean = () => true): Promise<ReplayResult[]> {
  const workflowBundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  const results: ReplayResult[] = [];
  for await (const result of Worker.runReplayHistories(
    { workflowBundle },
    histories().filter((h) => only(h.workflowId)),
  ))
    results.push(result);
  return results;
}

// The unpatched variant fails its workflow tasks on purpose: the SDK's warnings of it are not news.
beforeAll(() =>
  Runtime.install({
    logger: new DefaultLogger('ERROR'),
    telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' }, forward: {} } },
  }),
);

it('has saved histories of the request workflows', () => {
  expect(files.length).toBeGreaterThanOrEqual(3);
});

it('replays every saved history against the current workflow code without a determinism error', async () => {
  const results = await replayAll(require.resolve('../test/workflows/index'));
  expect(results.map((r) => ({ workflowId: r.workflowId, error: r.error?.message }))).toEqual(
    files.map((f) => ({ workflowId: f.replace(/\.json$/, ''), error: undefined })),
  );
});

it('fails on a change made without a patch, and passes when the same change is behind patched()', async () => {
  // The variants change the engine's test process only.
  const twoStep = (file: string) => file.startsWith('testTwoStepRequest-');
  const expected = files.filter((f) => twoStep(f.replace(/\.json$/, '')));
  const broken = await replayAll(require.resolve('../test/workflows/variants/unpatched-change'), twoStep);
  expect(broken.map((r) => r.error?.name)).toEqual(expected.map(() => 'DeterminismViolationError'));
  const patched = await replayAll(require.resolve('../test/workflows/variants/patched-change'), twoStep);
  expect(patched.map((r) => r.error?.message)).toEqual(expected.map(() => undefined));
});
