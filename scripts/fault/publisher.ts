// Published data built while the faults go on: a regulator with 'Publish data' builds a version of
// each publishable report in turn (England's, from the reports the organisations have submitted so
// far), waits for it to be ready, and publishes it; then the next. The first build has the worker
// killed while it reads and writes the files. Each build remembers which reports were submitted
// before it was asked for (all must be in its version) and the versions it made, for the checks
// (publication-checks.ts).
import { publishableReports } from '../../processes/published-data';
import type { Db } from '../../infra/db';
import type { TestUser } from '../../test/factories';
import type { Chaos } from './chaos';
import type { Answer, PatientClient } from './client';
import type { Anomaly, FaultReport } from './report';
import { sleep } from './waiting';

/** One regulator's request for a new version, however many times it had to be asked. */
export interface Build {
  reportType: string;
  /** The versions it made: ids after `afterId`, up to `lastId` (one a time: builds follow one another). */
  afterId: number;
  lastId: number;
  /** Request ids of the reports of its type submitted before it was asked for. */
  before: string[];
}

/** A build that takes longer than this from its request to a version ready (or failed) is an anomaly. */
export const BUILD_PATIENCE_MS = 3 * 60_000;

export class Publisher {
  readonly builds: Build[] = [];
  private running = true;
  private done: Promise<void> | null = null;

  constructor(
    private readonly client: PatientClient,
    private readonly chaos: Chaos,
    private readonly publisher: TestUser,
    private readonly report: FaultReport,
    private readonly anomaly: Anomaly,
    private readonly log: (line: string) => void,
    private readonly killMidBuild: boolean,
  ) {}

  /** Builds and publishes, one report after another, from the first report submitted until stop(). */
  start(): void {
    this.done = (async () => {
      const reports = publishableReports();
      while (this.running && !(await this.client.look((d) => d('reports').first('request_id')))) await sleep(1000);
      for (let i = 0; this.running; i++) {
        const report = reports[i % reports.length]!;
        try {
          await this.build(report.reportType, report.requestType, this.killMidBuild && i === 0);
        } catch (err) {
          this.anomaly(`published data: a build of ${report.reportType} did not end: ${(err as Error).message}`);
        }
        for (let wait = 0; wait < 5000 && this.running; wait += 250) await sleep(250);
      }
    })();
  }

  /** A read of the database, again until PostgreSQL answers (not a step of the processes). */
  private async read<T>(query: (d: Db) => Promise<T>): Promise<T> {
    for (;;) {
      const result = await this.client.look(query);
      if (result !== undefined) return result;
      await sleep(500);
    }
  }

  /** Finishes the build under way; answers once it is over. */
  async stop(): Promise<void> {
    this.running = false;
    await this.done;
  }

  private async build(reportType: string, requestType: string, killMid: boolean): Promise<void> {
    const { client, publisher } = this;
    const asked = Date.now();
    const afterId = await this.read(lastVersionId);
    const before = await this.read((d) => d('reports').where({ type: requestType }).pluck('request_id'));
    const build: Build = { reportType, afterId, lastId: afterId, before };
    this.builds.push(build);
    this.report.publications.builds++;
    const versionAfter = () =>
      client.look((d) =>
        d('published_datasets').where('id', '>', build.afterId).orderBy('id', 'desc').first('id', 'status', 'progress'),
      );
    const ask = () =>
      client.v1(publisher, '/published-data/versions', 'POST', { reportType, description: 'Built by the fault run' });
    let killTried = false;
    // Asked until a version is under way (a start lost to a fault leaves one FAILED before it read anything).
    const version = await client.step(
      `published data: build ${reportType}`,
      async () => {
        const v = await versionAfter();
        return v && (v.status !== 'FAILED' || v.progress !== 'QUEUED') ? v : undefined;
      },
      async () => {
        if (!killMid || killTried) return ask();
        killTried = true;
        let answer: Promise<Answer> | undefined;
        this.report.publications.killedMidBuild = await this.chaos.killWorkerAt({
          what: `while a version of ${reportType} was being built`,
          begin: () => {
            answer = ask();
          },
          come: async () => {
            const v = await versionAfter();
            return !!v && (v.status !== 'BUILDING' || v.progress !== 'QUEUED');
          },
          holds: async () => (await versionAfter())?.status === 'BUILDING',
          withinMs: 60_000,
          downUntil: () => Date.now() + 1000,
        });
        return answer;
      },
    );
    const settled: { status: string } = await client.step(
      `published data: version ${version.id} built`,
      () =>
        client.look((d) =>
          d('published_datasets').where({ id: version.id }).whereIn('status', ['READY', 'FAILED']).first('status'),
        ),
      async () => undefined,
      BUILD_PATIENCE_MS,
    );
    const took = Date.now() - asked;
    this.report.publications.slowestBuildMs = Math.max(this.report.publications.slowestBuildMs, took);
    if (took > BUILD_PATIENCE_MS)
      this.anomaly(`published data: version ${version.id} (${reportType}) took ${Math.round(took / 1000)} s to build`);
    if (settled.status === 'READY')
      await client.step(
        `published data: version ${version.id} published`,
        () => client.look((d) => d('published_datasets').where({ id: version.id, status: 'PUBLISHED' }).first('id')),
        () => client.v1(publisher, `/published-data/versions/${version.id}/publish`, 'POST'),
      );
    build.lastId = await this.read(lastVersionId);
    this.log(
      `  published data: ${reportType} version ${version.id} ${settled.status === 'READY' ? 'published' : 'FAILED'}`,
    );
  }
}

/** The newest version's id (0 before the first). */
async function lastVersionId(d: Db): Promise<number> {
  const row = await d('published_datasets').max<{ id: number | null }[]>({ id: 'id' }).first();
  return Number(row?.id ?? 0);
}
