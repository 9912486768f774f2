// The fault run's killers follow the run's progress as well as the clock: with no step done since
// the last fault, no new fault however long the wait (a starved machine gets no more faults per
// organisation than a quick one).
import { Chaos } from './chaos';
import type { PatientClient } from './client';
import type { Parts } from './environment';
import { emptyReport } from './report';
import { sleep } from './waiting';

it('faults again only once the organisations have done the given number of steps since the last one', async () => {
  const worker = { pid: 1, kill: jest.fn(), start: jest.fn() };
  const report = emptyReport(1);
  const lines: string[] = [];
  // rnd() = 0: every fault is a worker kill, down for 500 ms; gaps of 20 ms.
  const chaos = new Chaos(
    { worker } as unknown as Parts,
    {} as PatientClient,
    {} as never,
    () => 0,
    [20, 20],
    3,
    report,
    jest.fn(),
    (l) => lines.push(l),
  );
  chaos.start();
  try {
    await sleep(600);
    expect(worker.kill).not.toHaveBeenCalled();

    report.stepsDone = 3;
    await waitUntil(() => worker.kill.mock.calls.length === 1);
    await waitUntil(() => worker.start.mock.calls.length === 1);
    await sleep(800); // many gaps, no step: no second fault
    expect(worker.kill).toHaveBeenCalledTimes(1);

    report.stepsDone = 6;
    await waitUntil(() => worker.kill.mock.calls.length === 2);
  } finally {
    report.stepsDone = Number.MAX_SAFE_INTEGER;
    await chaos.stop();
  }
  expect(report.kills.worker).toBeGreaterThanOrEqual(2);
  expect(lines[0]).toBe('  fault: worker killed (SIGKILL), back after 500 ms');
});

async function waitUntil(ok: () => boolean): Promise<void> {
  const until = Date.now() + 5000;
  while (!ok()) {
    if (Date.now() > until) throw new Error('not in time');
    await sleep(20);
  }
}
