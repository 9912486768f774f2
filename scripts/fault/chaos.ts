// The killers: at random moments (a gap between two bounds, and some steps of the processes done
// since the last fault), the worker is killed (SIGKILL), the Temporal server is killed, or PostgreSQL
// is stopped with `-m immediate`, each started again after a moment. While PostgreSQL is away the API is probed: a 503 with a JSON message, quickly, health
// naming the database, and the same process answering again once it is back.
import type { TestUser } from '../../test/factories';
import type { Answer, PatientClient } from './client';
import type { Parts } from './environment';
import type { Anomaly, FaultKind, FaultReport } from './report';
import { sleep } from './waiting';

/** A moment of a process to kill the worker at (Chaos.killWorkerAt). */
export interface ChosenMoment {
  what: string;
  begin?: () => void;
  come: () => Promise<boolean>;
  holds: () => Promise<boolean>;
  withinMs: number;
  downUntil: () => number;
}

export class Chaos {
  private faulting = true;
  private paused = false;
  private faultInProgress = false;
  private done: Promise<void> | null = null;
  /** The chosen kills, one at a time (each holds the random faults off while it lasts). */
  private chosenKill: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly parts: Parts,
    private readonly client: PatientClient,
    /** Whose calls probe the API while PostgreSQL is away. */
    private readonly prober: TestUser,
    private readonly rnd: () => number,
    private readonly gapMs: [number, number],
    private readonly stepsBetween: number,
    private readonly report: FaultReport,
    private readonly anomaly: Anomaly,
    private readonly log: (line: string) => void,
  ) {}

  start(): void {
    this.done = this.injectFaults();
  }

  /** No new fault after the one under way; answers once it is over. */
  async stop(): Promise<void> {
    this.faulting = false;
    await this.done;
  }

  private async injectFaults(): Promise<void> {
    const [gapMin, gapMax] = this.gapMs;
    await sleep(gapMin);
    let stepsAtLastFault = this.report.stepsDone;
    while (this.faulting) {
      // Progress since the last fault, as well as time: on a starved machine a gap of seconds is a
      // fraction of a step, and faults would outnumber the work they are meant to disturb.
      if (this.paused || this.report.stepsDone - stepsAtLastFault < this.stepsBetween) {
        await sleep(200);
        continue;
      }
      this.faultInProgress = true;
      const r = this.rnd();
      const kind: FaultKind = r < 0.45 ? 'worker' : r < 0.7 ? 'temporal' : 'postgres';
      const downMs = 500 + Math.floor(this.rnd() * 3500);
      if (kind === 'worker') await this.killWorker(downMs);
      else if (kind === 'temporal') await this.killTemporal(downMs);
      else await this.stopPostgres(downMs);
      this.report.kills[kind]++;
      this.faultInProgress = false;
      stepsAtLastFault = this.report.stepsDone;
      this.log(
        `  fault: ${kind} ${kind === 'postgres' ? 'stopped (-m immediate)' : 'killed (SIGKILL)'}, back after ${downMs} ms`,
      );
      await sleep(gapMin + Math.floor(this.rnd() * (gapMax - gapMin)));
    }
  }

  private async killWorker(downMs: number): Promise<void> {
    this.parts.worker.kill();
    await sleep(downMs);
    this.parts.worker.start();
  }

  private async killTemporal(downMs: number): Promise<void> {
    const { temporal } = this.parts;
    temporal.kill();
    await temporal.waitGone();
    await sleep(downMs);
    await temporal.start();
  }

  private async stopPostgres(downMs: number): Promise<void> {
    const { pg } = this.parts;
    pg.stopImmediately();
    const downAt = Date.now();
    await this.probeOutage(downAt);
    const left = downMs - (Date.now() - downAt);
    if (left > 0) await sleep(left);
    await pg.start();
    await this.waitForRecovery();
  }

  /** While PostgreSQL is away the API answers 503 with a JSON message, quickly, and health says which part. */
  private async probeOutage(downAt: number): Promise<void> {
    const { outage } = this.report;
    const t0 = Date.now();
    const res = await this.client.request('/api/v1.0/users', { user: this.prober, timeoutMs: 20_000 });
    const ms = Date.now() - t0;
    outage.probes++;
    outage.slowestMs = Math.max(outage.slowestMs, ms);
    if (res.status === 503 && typeof res.body?.message === 'string') outage.answered503++;
    else
      this.anomaly(
        `with PostgreSQL down for ${Date.now() - downAt} ms, GET /users answered ${res.status || res.body} in ${ms} ms, not 503 JSON`,
      );
    const health = await this.client.request('/api/health', { timeoutMs: 10_000 });
    if (health.status === 503 && health.body?.components?.database === 'DOWN') outage.healthNamedDatabase++;
    else this.anomaly(`with PostgreSQL down, /api/health answered ${health.status} ${JSON.stringify(health.body)}`);
  }

  /** Recovers by itself: the same API process answers again, no restart. */
  private async waitForRecovery(): Promise<void> {
    const upAt = Date.now();
    while (Date.now() - upAt < 60_000) {
      const res = await this.client.request('/api/v1.0/users', { user: this.prober, timeoutMs: 10_000 });
      if (res.status === 200) break;
      await sleep(100);
    }
    const after = Date.now() - upAt;
    this.report.outage.recoveredAfterMs.push(after);
    if (after >= 60_000) this.anomaly('the API did not recover within 60 s of PostgreSQL coming back');
  }

  /**
   * The issue-11 case, every run: the worker dies while `call` is in flight. No random fault
   * meanwhile, and a worker running, so it is the worker that holds the call's work; it is frozen as
   * the request leaves, so whatever Temporal hands it is held, then killed, then started again.
   */
  killWorkerDuring(
    call: () => Promise<Answer>,
    what: string,
  ): Promise<{ answer: Answer; answeredBeforeKill: boolean }> {
    return this.oneAtATime(() => this.killDuring(call, what));
  }

  private oneAtATime<T>(kill: () => Promise<T>): Promise<T> {
    const next = this.chosenKill.then(kill, kill);
    this.chosenKill = next.catch(() => undefined);
    return next;
  }

  private async killDuring(
    call: () => Promise<Answer>,
    what: string,
  ): Promise<{ answer: Answer; answeredBeforeKill: boolean }> {
    const { worker } = this.parts;
    this.paused = true;
    while (this.faultInProgress || !worker.pid) await sleep(100);
    const inFlight = call();
    let answered = false;
    void inFlight.then(() => (answered = true));
    worker.freeze();
    await sleep(1500);
    worker.kill();
    this.report.kills.worker++;
    this.log(`  worker killed while ${what} was in flight (answered before the kill: ${answered})`);
    await sleep(1000);
    worker.start();
    this.paused = false;
    return { answer: await inFlight, answeredBeforeKill: answered };
  }

  /**
   * The worker killed at a chosen moment of a process (a build half-way, an RFI between its
   * reminders): no random fault meanwhile, and a worker running, when `begin()` (if given) sets it
   * going; once `come()` says the moment has come (within `withinMs`), the worker is frozen
   * (SIGSTOP: what it holds stays held), `holds()` says whether it is still that moment, and it is
   * killed and kept down until `downUntil()` (ms since the epoch). Answers holds() — false when the
   * moment had passed before the freeze, or never came.
   */
  killWorkerAt(moment: ChosenMoment): Promise<boolean> {
    return this.oneAtATime(() => this.killAt(moment));
  }

  private async killAt(moment: ChosenMoment): Promise<boolean> {
    const { worker } = this.parts;
    this.paused = true;
    try {
      while (this.faultInProgress || !worker.pid) await sleep(100);
      moment.begin?.();
      const until = Date.now() + moment.withinMs;
      while (!(await moment.come().catch(() => false)) && Date.now() < until) await sleep(20);
      worker.freeze();
      const held = await moment.holds().catch(() => false);
      worker.kill();
      this.report.kills.worker++;
      this.log(`  worker killed ${moment.what}${held ? '' : ' (too late: that moment had passed)'}`);
      const left = moment.downUntil() - Date.now();
      if (left > 0) await sleep(left);
      worker.start();
      return held;
    } finally {
      this.paused = false;
    }
  }
}
