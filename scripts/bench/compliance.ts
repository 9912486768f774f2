// The regulators' compliance overview at full load, right after the task page in the same API process
// and run: issue 29 asks for its p95 to be at most twice the task page's.
import { closedLoad, type LoadResult, type Target } from './load';
import type { BenchChild } from './children';
import { options } from './options';
import { mint } from './tokens';

export interface OverviewFigures {
  overviewP95Ms: number;
  taskPageP95Ms: number;
}

/** The 25 regulators (five authorities, about 2,000 live accounts each) asking for their overview in turn. */
export async function benchComplianceOverview(api: BenchChild, taskPage: LoadResult): Promise<OverviewFigures> {
  const targets: Target[] = [];
  for (let i = 1; i <= 25; i++) targets.push({ token: await mint(`reg-${i}`), path: '/api/v1.0/compliance/overview' });
  await closedLoad(api.port, 'warm-up', targets, Math.min(3, options.durationS));
  const r = await closedLoad(api.port, 'compliance overview', targets);
  console.log(`\ncompliance overview: ${options.concurrency} concurrent regulators, ${options.durationS} s`);
  console.log('call                 requests   req/s    p50 ms   p95 ms   errors   p95 / task page p95');
  console.log(
    `${r.label.padEnd(20)} ${String(r.requests).padStart(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)}   ${(r.p95 / taskPage.p95).toFixed(2).padStart(8)}`,
  );
  return { overviewP95Ms: r.p95, taskPageP95Ms: taskPage.p95 };
}
