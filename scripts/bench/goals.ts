// Issue 31's goals: the one table of their thresholds (docs/performance.md quotes it), and the
// bench's last table, each goal with what this run measured and ✓ or ✗.
import type { SetupFigures } from './journeys-table';
import { journeyCpuRatio, workerCpuRatio } from './journeys-table';
import type { ListFigures } from './lists';

type Comparison = '≤' | '≥' | '<';

interface Goal {
  /** What is measured, as the table prints it. */
  measure: string;
  comparison: Comparison;
  limit: number;
  unit: '×' | 'MB' | 'KB';
}

export const GOALS = {
  journeyCpu: { measure: 'journey CPU / the Temporal floor', comparison: '≤', limit: 1.3, unit: '×' },
  workerCpu: { measure: "worker CPU / the floor's worker", comparison: '≤', limit: 1.5, unit: '×' },
  stepP95: { measure: '10 users: step p95 / the floor', comparison: '≤', limit: 1.3, unit: '×' },
  startAgainstStep: { measure: 'full load: start p95 / step p95', comparison: '≤', limit: 1, unit: '×' },
  listThroughput: { measure: 'lists: API / floor throughput, every call', comparison: '≥', limit: 0.85, unit: '×' },
  listFixedLoadP95: { measure: 'lists: fixed-load p95 / floor p95, every call', comparison: '≤', limit: 3, unit: '×' },
  workerRss: { measure: 'worker peak RSS', comparison: '<', limit: 300, unit: 'MB' },
  apiRss: { measure: 'API peak RSS, every process', comparison: '<', limit: 250, unit: 'MB' },
  firstLoadJs: { measure: 'first-load JavaScript (gzip)', comparison: '<', limit: 60, unit: 'KB' },
  complianceOverview: {
    measure: 'compliance overview p95 / task page p95 (issue 29)',
    comparison: '≤',
    limit: 2,
    unit: '×',
  },
} satisfies Record<string, Goal>;

const meets = ({ comparison, limit }: Goal, value: number) =>
  comparison === '≤' ? value <= limit : comparison === '≥' ? value >= limit : value < limit;

const number = (unit: Goal['unit'], value: number) => value.toFixed(unit === '×' ? 2 : unit === 'KB' ? 1 : 0);
const show = (unit: Goal['unit'], value: number) =>
  unit === '×' ? number(unit, value) : `${number(unit, value)} ${unit}`;
/** Several values with the unit once: "0.82 / 0.61", "195 / 197 MB". */
const showAll = (unit: Goal['unit'], values: number[]) =>
  unit === '×'
    ? values.map((v) => number(unit, v)).join(' / ')
    : `${values.map((v) => number(unit, v)).join(' / ')} ${unit}`;

export interface RunFigures {
  lists?: ListFigures;
  journeys?: SetupFigures[];
  firstLoadKb: number;
}

interface GoalRow {
  goal: Goal;
  where?: string;
  /** Every value the goal is judged on (e.g. one per call); none when not measured in this run. */
  values: number[];
}

function goalRows({ lists, journeys, firstLoadKb }: RunFigures): GoalRow[] {
  const perSetup = (goal: Goal, value: (s: SetupFigures) => number[]): GoalRow[] =>
    journeys?.length ? journeys.map((s) => ({ goal, where: s.name, values: value(s) })) : [{ goal, values: [] }];
  const comparisons = lists?.comparisons ?? [];
  return [
    ...perSetup(GOALS.journeyCpu, ({ r }) => [journeyCpuRatio(r)]),
    ...perSetup(GOALS.workerCpu, ({ r }) => [workerCpuRatio(r)]),
    ...perSetup(GOALS.stepP95, ({ r }) => [r.ten.p95 / r.bare.ten.p95]),
    ...perSetup(GOALS.startAgainstStep, ({ r }) => [r.full.start.p95 / r.full.p95]),
    { goal: GOALS.listThroughput, values: comparisons.map((c) => c.throughputRatio) },
    { goal: GOALS.listFixedLoadP95, values: comparisons.map((c) => c.fixedP95Ms / c.floorFixedP95Ms) },
    ...perSetup(GOALS.workerRss, ({ r }) => [r.rss.worker]),
    { goal: GOALS.apiRss, values: [...(lists?.apiRssMb ?? []), ...(journeys ?? []).flatMap(({ r }) => r.rss.api)] },
    { goal: GOALS.firstLoadJs, values: [firstLoadKb] },
    {
      goal: GOALS.complianceOverview,
      values: lists ? [lists.overview.overviewP95Ms / lists.overview.taskPageP95Ms] : [],
    },
  ];
}

export interface GoalLine {
  goal: string;
  measured: string;
  threshold: string;
  /** ✓ when every value meets the goal, ✗ when one does not, – when the run did not measure it. */
  met: '✓' | '✗' | '–';
}

/** The goals with what the run measured. */
export function goalTable(figures: RunFigures): GoalLine[] {
  return goalRows(figures).map(({ goal, where, values }) => ({
    goal: where ? `${goal.measure}, ${where}` : goal.measure,
    measured: values.length ? showAll(goal.unit, values) : 'not measured',
    threshold: `${goal.comparison} ${show(goal.unit, goal.limit)}`,
    met: values.length ? (values.every((v) => meets(goal, v)) ? '✓' : '✗') : '–',
  }));
}

export function printGoals(figures: RunFigures): void {
  console.log('\ngoals (issue 31)');
  console.log(`${'goal'.padEnd(66)} ${'measured'.padEnd(36)} ${'goal'.padEnd(10)} met`);
  for (const line of goalTable(figures))
    console.log(`${line.goal.padEnd(66)} ${line.measured.padEnd(36)} ${line.threshold.padEnd(10)} ${line.met}`);
}
