// The work-item lists and the task page under load: each call on the API at full load and right
// after it on the list floor, then both at a fixed offered load of half the floor's throughput.
// Prints its tables and answers the figures the goals are judged on.
import type { Knex } from 'knex';
import { startChild, stopChild, type BenchChild } from './children';
import { benchComplianceOverview, type OverviewFigures } from './compliance';
import { closedLoad, fixedLoad, type LoadResult, type Target } from './load';
import { loadAverage, options } from './options';
import { cpuSince, postgresCpu, type ApiStats } from './process-stats';
import { mint } from './tokens';
import os from 'node:os';

export interface Phase {
  label: string;
  targets: Target[];
}

type PhaseResult = LoadResult & { apiUs: number; eachUs: number[]; pgUs: number };

/** A call's figures against the floor's: throughput at full load, p95 at the same fixed offered load. */
export interface ListComparison {
  label: string;
  throughputRatio: number;
  fixedP95Ms: number;
  floorFixedP95Ms: number;
}

export interface ListFigures {
  /** Peak RSS of each API process. */
  apiRssMb: number[];
  /** Empty when the floor was skipped. */
  comparisons: ListComparison[];
  overview: OverviewFigures;
}

const showRss = (r: ApiStats) =>
  `${r.maxRssMb.toFixed(0)} MB${r.each ? ` (${r.each.map((m) => m.toFixed(0)).join(' + ')} MB)` : ''}`;

export async function benchLists(env: NodeJS.ProcessEnv, statsDb: Knex): Promise<ListFigures> {
  const api = await startChild('api', env, 'api-lists.log');
  const floor = options.skipFloor ? null : await startChild('floor', env, 'floor.log');
  try {
    const phases = await listPhases(statsDb);
    const { apiResults, floorResults } = await bothAtFullLoad(api, floor, phases, statsDb);
    const overview = await benchComplianceOverview(api, apiResults.get('task page')!);
    const apiRss = await api.stats();
    console.log(`API peak RSS: ${showRss(apiRss)}`);
    const comparisons = floor ? await floorComparison(api, floor, apiResults, floorResults, phases) : [];
    return { apiRssMb: apiRss.each ?? [apiRss.maxRssMb], comparisons, overview };
  } finally {
    for (const child of [api, floor]) if (child) await stopChild(child);
  }
}

/** Pages 1 to 3 of each list for 25 regulators and 25 operators, then twenty task pages each may open. */
async function listPhases(statsDb: Knex): Promise<Phase[]> {
  const users: { id: string; token: string }[] = [];
  for (let i = 1; i <= 25; i++)
    users.push(
      { id: `reg-${i}`, token: await mint(`reg-${i}`) },
      { id: `op-${i * 17}`, token: await mint(`op-${i * 17}`) },
    );
  return [
    ...options.lists.map((list) => ({ label: list, targets: listTargets(list, users) })),
    { label: 'task page', targets: await taskTargets(statsDb, users) },
  ];
}

const listTargets = (list: string, users: { token: string }[]): Target[] =>
  users.flatMap(({ token }) =>
    [0, 1, 2].map((page) => ({ token, path: `/api/v1.0/ORGANISATION/items/${list}?page=${page}&size=10` })),
  );

/** Twenty tasks each user may open (their competent authority's, or their account's). */
async function taskTargets(statsDb: Knex, users: { id: string; token: string }[]): Promise<Target[]> {
  const targets: Target[] = [];
  for (const user of users) {
    const { rows } = await statsDb.raw(
      `select rt.id from request_tasks rt join authorities a on a.user_id = ?
        where (a.competent_authority = rt.competent_authority and rt.type = 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW') or (a.account_id = rt.account_id and rt.type <> 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW')
        order by rt.id limit 20`,
      [user.id],
    );
    for (const { id } of rows as { id: string }[]) targets.push({ token: user.token, path: `/api/v1.0/tasks/${id}` });
  }
  return targets;
}

/**
 * Each call at full load on the API and, right after it, on the floor: measured back to back, so a
 * drift of the machine (a checkpoint, autovacuum, another process) falls on both alike. (Measured
 * minutes apart, one call's API/floor ratio moved from 0.90 to 0.39 between two runs.)
 */
async function bothAtFullLoad(api: BenchChild, floor: BenchChild | null, phases: Phase[], statsDb: Knex) {
  console.log(
    `\nwork-item lists and task pages: ${options.concurrency} concurrent clients, ${options.durationS} s each, half regulators (about 4,000 tasks in their CA) and half operators`,
  );
  console.log(
    `API: ${options.apiProcesses} process(es), token cache ${options.tokenCache || 'off'}; ${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  console.log('CPU per request (µs): of the API processes, of PostgreSQL, of this load generator.');
  console.log(
    'call                 requests   req/s    p50 ms   p95 ms   p99 ms   errors   API µs   PG µs  load µs   load average after',
  );
  const apiResults = new Map<string, PhaseResult>();
  const floorResults = new Map<string, PhaseResult>();
  // Every call once on both before any is measured: the API has more code for the JIT to settle
  // than the floor, and with only its own call's warm-up the first call measured cost the API a
  // quarter more CPU per request than the later ones.
  for (const phase of phases)
    for (const server of [api, floor])
      if (server) await closedLoad(server.port, phase.label, phase.targets, Math.min(3, options.durationS));
  for (const phase of phases) {
    const loadBefore = process.cpuUsage();
    const r = await measuredPhase(api, phase, statsDb);
    apiResults.set(phase.label, r);
    const loadCpu = process.cpuUsage(loadBefore);
    const loadUs = (loadCpu.user + loadCpu.system) / r.requests;
    console.log(
      `${r.label.padEnd(20)} ${String(r.requests).padStart(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)} ${r.apiUs.toFixed(0).padStart(8)} ${r.pgUs.toFixed(0).padStart(7)} ${loadUs.toFixed(0).padStart(8)}   ${loadAverage()}`,
    );
    if (floor) floorResults.set(phase.label, await measuredPhase(floor, phase, statsDb));
  }
  return { apiResults, floorResults };
}

/** One phase at full load against a server (API or floor), with CPU per request per process. */
async function measuredPhase(server: BenchChild, phase: Phase, statsDb: Knex): Promise<PhaseResult> {
  // Warmed up right before it is measured (connections, statements, the JIT, PostgreSQL's caches):
  // warmed up once for all phases, the first measured one came out up to a third slower in
  // PostgreSQL than the same call measured third, whichever call it was.
  await closedLoad(server.port, phase.label, phase.targets, Math.min(3, options.durationS));
  const before = await server.stats();
  const pgBefore = await postgresCpu(statsDb);
  const r = await closedLoad(server.port, phase.label, phase.targets);
  const after = await server.stats();
  const pgUs = (cpuSince(pgBefore, await postgresCpu(statsDb)) * 1000) / r.requests;
  const eachUs = (after.eachCpuMs ?? [after.cpuMs]).map(
    (ms, i) => ((ms - (before.eachCpuMs ?? [before.cpuMs])[i]) * 1000) / r.requests,
  );
  return { ...r, apiUs: ((after.cpuMs - before.cpuMs) * 1000) / r.requests, eachUs, pgUs };
}

/** The floor's figures beside the API's, call by call, then the API's p95 at half the floor's rate. */
async function floorComparison(
  api: BenchChild,
  floor: BenchChild,
  apiResults: Map<string, PhaseResult>,
  floorResults: Map<string, PhaseResult>,
  phases: Phase[],
): Promise<ListComparison[]> {
  const rates = printFloor(apiResults, floorResults, phases);
  const comparisons = await bothAtFixedLoad(api, floor, phases, rates);
  const rss = await floor.stats();
  console.log(`peak RSS per process: floor ${(rss.each ?? [rss.maxRssMb]).map((m) => m.toFixed(0)).join(' + ')} MB`);
  return comparisons.map((c) => ({
    ...c,
    throughputRatio: apiResults.get(c.label)!.rps / rates.get(c.label)!.floorRps,
  }));
}

function printFloor(apiResults: Map<string, PhaseResult>, floorResults: Map<string, PhaseResult>, phases: Phase[]) {
  console.log(
    `\nthe floor: the same SQL from a bare node:http + pg server (${options.apiProcesses} process(es), no framework, auth or logging), ${options.concurrency} clients, ${options.durationS} s each, measured right after the API on each call`,
  );
  console.log(
    'call                 floor req/s   API req/s   API/floor   floor µs/req per process   API µs/req per process   PG µs/req floor/API',
  );
  const rates = new Map<string, { floorRps: number; fixedRate: number }>();
  for (const phase of phases) {
    const f = floorResults.get(phase.label)!;
    const a = apiResults.get(phase.label)!;
    rates.set(phase.label, { floorRps: f.rps, fixedRate: Math.max(1, Math.round(f.rps / 2)) });
    const ratio = a.rps / f.rps;
    console.log(
      `${phase.label.padEnd(20)} ${f.rps.toFixed(0).padStart(11)} ${a.rps.toFixed(0).padStart(11)} ${ratio.toFixed(2).padStart(11)}   ${f.eachUs
        .map((u) => u.toFixed(0))
        .join(' + ')
        .padStart(24)}   ${a.eachUs
        .map((u) => u.toFixed(0))
        .join(' + ')
        .padStart(
          22,
        )}   ${f.pgUs.toFixed(0).padStart(8)} / ${a.pgUs.toFixed(0)}${f.errors ? `  (floor errors ${f.errors})` : ''}`,
    );
  }
  return rates;
}

async function bothAtFixedLoad(
  api: BenchChild,
  floor: BenchChild,
  phases: Phase[],
  rates: Map<string, { fixedRate: number }>,
): Promise<Omit<ListComparison, 'throughputRatio'>[]> {
  const seconds = options.fixedSeconds;
  console.log(`\nAPI at a fixed offered load of half the floor's throughput (open loop, ${seconds} s each)`);
  console.log('(the floor at the same offered load beside it: what the machine alone gives at that rate)');
  console.log(
    'call                 offered/s  achieved/s   p50 ms   p95 ms   p99 ms   errors   floor p50 / p95 ms   p95 API/floor',
  );
  const comparisons: Omit<ListComparison, 'throughputRatio'>[] = [];
  for (const { label, targets } of phases) {
    const rate = rates.get(label)!.fixedRate;
    // Pools let idle connections go while the other server ran: each is warmed again first, unmeasured.
    const measure = async (port: number) => {
      await fixedLoad(port, targets, rate, Math.min(2, seconds));
      return fixedLoad(port, targets, rate, seconds);
    };
    const r = await measure(api.port);
    const f = await measure(floor.port);
    comparisons.push({ label, fixedP95Ms: r.p95, floorFixedP95Ms: f.p95 });
    console.log(
      `${label.padEnd(20)} ${String(rate).padStart(9)} ${r.achieved.toFixed(0).padStart(11)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(8)}   ${`${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}`.padStart(18)}   ${(r.p95 / f.p95).toFixed(2).padStart(13)}${f.errors ? `  (floor errors ${f.errors})` : ''}`,
    );
  }
  return comparisons;
}
