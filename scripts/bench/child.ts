// The entry of the bench's child processes (started by children.ts): `api`, `floor` or `journey-worker`.
import { serveApi } from './api-server';
import { serveFloor } from './floor-server';
import { serveJourneyWorker } from './journey-worker';

export type ChildMode = 'api' | 'floor' | 'journey-worker';

const serve: Record<ChildMode, () => Promise<void>> = {
  api: serveApi,
  floor: serveFloor,
  'journey-worker': serveJourneyWorker,
};

serve[process.argv[2] as ChildMode]().catch((err) => {
  console.error(err);
  process.exit(1);
});
