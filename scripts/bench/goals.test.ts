// The bench's goals table: each goal judged on every value the run measured, ✓ only when all meet it.
import { goalTable, type RunFigures } from './goals';
import type { JourneyFigures } from './journey-runs';

const journey = (over: {
  cpu: number;
  workerCpu: number;
  stepP95: number;
  startP95: number;
  fullStepP95: number;
  workerRss: number;
  apiRss: number[];
}) =>
  ({
    one: {},
    ten: { p95: over.stepP95 },
    full: { p95: over.fullStepP95, start: { p95: over.startP95 } },
    cpuPerJourney: { temporal: over.cpu - over.workerCpu, worker: over.workerCpu, api: 0, postgres: 0 },
    events: 33,
    bare: { one: {}, ten: { p95: 100 }, full: {}, cpuPerJourney: { temporal: 40, worker: 20, postgres: 0 } },
    rss: { temporal: 100, worker: over.workerRss, api: over.apiRss },
  }) as unknown as JourneyFigures;

const byGoal = (figures: RunFigures) => Object.fromEntries(goalTable(figures).map((l) => [l.goal, l]));

it('judges each goal on every call and set-up, and says what a run did not measure', () => {
  const lines = byGoal({
    firstLoadKb: 59.9,
    lists: {
      apiRssMb: [200, 240],
      comparisons: [
        { label: 'assigned-to-me', throughputRatio: 0.9, fixedP95Ms: 6, floorFixedP95Ms: 3 },
        { label: 'task page', throughputRatio: 0.8, fixedP95Ms: 9, floorFixedP95Ms: 3 },
      ],
      overview: { overviewP95Ms: 25, taskPageP95Ms: 10 },
    },
    journeys: [
      {
        name: 'dev server (SQLite)',
        r: journey({
          cpu: 72,
          workerCpu: 30,
          stepP95: 130,
          startP95: 900,
          fullStepP95: 1000,
          workerRss: 250,
          apiRss: [200, 260],
        }),
      },
      {
        name: 'Temporal v1.30.4 (PostgreSQL)',
        r: journey({
          cpu: 120,
          workerCpu: 40,
          stepP95: 131,
          startP95: 1100,
          fullStepP95: 1000,
          workerRss: 310,
          apiRss: [200, 200],
        }),
      },
    ],
  });
  expect(lines['journey CPU / the Temporal floor, dev server (SQLite)']).toMatchObject({
    measured: '1.20',
    threshold: '≤ 1.30',
    met: '✓',
  });
  expect(lines['journey CPU / the Temporal floor, Temporal v1.30.4 (PostgreSQL)']).toMatchObject({
    measured: '2.00',
    met: '✗',
  });
  expect(lines["worker CPU / the floor's worker, dev server (SQLite)"]).toMatchObject({ measured: '1.50', met: '✓' });
  expect(lines['10 users: step p95 / the floor, Temporal v1.30.4 (PostgreSQL)']).toMatchObject({
    measured: '1.31',
    met: '✗',
  });
  expect(lines['full load: start p95 / step p95, dev server (SQLite)']).toMatchObject({ measured: '0.90', met: '✓' });
  expect(lines['full load: start p95 / step p95, Temporal v1.30.4 (PostgreSQL)']).toMatchObject({
    measured: '1.10',
    met: '✗',
  });
  expect(lines['lists: API / floor throughput, every call']).toMatchObject({
    measured: '0.90 / 0.80',
    threshold: '≥ 0.85',
    met: '✗',
  });
  expect(lines['lists: fixed-load p95 / floor p95, every call']).toMatchObject({
    measured: '2.00 / 3.00',
    threshold: '≤ 3.00',
    met: '✓',
  });
  expect(lines['worker peak RSS, Temporal v1.30.4 (PostgreSQL)']).toMatchObject({
    measured: '310 MB',
    threshold: '< 300 MB',
    met: '✗',
  });
  expect(lines['API peak RSS, every process']).toMatchObject({
    measured: '200 / 240 / 200 / 260 / 200 / 200 MB',
    met: '✗',
  });
  expect(lines['first-load JavaScript (gzip)']).toMatchObject({
    measured: '59.9 KB',
    threshold: '< 60.0 KB',
    met: '✓',
  });
  expect(lines['compliance overview p95 / task page p95 (issue 29)']).toMatchObject({
    measured: '2.50',
    threshold: '≤ 2.00',
    met: '✗',
  });
});

it('reads "not measured" for the journeys and lists a run left out', () => {
  const lines = goalTable({ firstLoadKb: 83.4 });
  expect(lines.find((l) => l.goal === 'journey CPU / the Temporal floor')).toMatchObject({
    measured: 'not measured',
    met: '–',
  });
  expect(lines.find((l) => l.goal === 'lists: API / floor throughput, every call')).toMatchObject({
    measured: 'not measured',
    met: '–',
  });
  expect(lines.find((l) => l.goal === 'first-load JavaScript (gzip)')).toMatchObject({ measured: '83.4 KB', met: '✗' });
});
