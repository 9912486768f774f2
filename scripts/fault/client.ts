// The fault run's client: a browser with a patient user. It never trusts a failed or lost answer: it
// looks at what happened (in the database) and does again only what is not done, once the service
// has been up for a while without it happening.
import type { Db } from '../../infra/db';
import type { TestUser } from '../../test/factories';
import { bearer } from '../../test/tokens';
import type { Anomaly, FaultReport } from './report';
import { sleep } from './waiting';
import type { WorkerProcess } from './worker-process';

export type Answer = { status: number; body: any; ms: number };

interface RequestInit {
  user?: TestUser;
  method?: string;
  body?: unknown;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export class PatientClient {
  private health: { at: number; ok: Promise<boolean> } | null = null;

  constructor(
    private readonly apiUrl: string,
    private readonly observer: Db,
    private readonly worker: WorkerProcess,
    private readonly report: FaultReport,
    private readonly anomaly: Anomaly,
    private readonly errorBehind: (route: string) => string | undefined,
    /** No step goes on past this time (ms since the epoch). */
    private readonly deadline: number,
  ) {}

  /** One call to the API, counted in the report; a 5xx other than 503 is an anomaly. Never throws. */
  async request(pathAndQuery: string, init: RequestInit = {}, counted = true): Promise<Answer> {
    const t0 = Date.now();
    if (counted) this.report.apiCalls++;
    try {
      const res = await fetch(this.apiUrl + pathAndQuery, {
        method: init.method ?? 'GET',
        headers: { ...(init.user ? await bearer(init.user) : {}), 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
      });
      const text = await res.text();
      const body = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      if (counted) this.count(String(res.status));
      if (res.status >= 500 && res.status !== 503)
        this.serverError(init.method ?? 'GET', pathAndQuery, res.status, text);
      return { status: res.status, body, ms: Date.now() - t0 };
    } catch (err) {
      if (counted) this.count((err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer');
      return { status: 0, body: String((err as Error).message), ms: Date.now() - t0 };
    }
  }

  private count(answer: string): void {
    this.report.apiAnswers[answer] = (this.report.apiAnswers[answer] ?? 0) + 1;
  }

  private serverError(method: string, pathAndQuery: string, status: number, text: string): void {
    const route = `${method} ${pathAndQuery.replace(/\?.*/, '')}`;
    const logged = this.errorBehind(route);
    this.anomaly(`${route} answered ${status}: ${text.slice(0, 200)}${logged ? ` — the API logged: ${logged}` : ''}`);
  }

  /**
   * A file from /api/v1.0, as `user` or anonymously, as bytes; past the per-address download limit
   * (429), asked again after its Retry-After. Not counted among the run's calls.
   */
  async download(p: string, user?: TestUser): Promise<{ status: number; bytes: Buffer }> {
    for (;;) {
      const res = await fetch(`${this.apiUrl}/api/v1.0${p}`, {
        headers: user ? await bearer(user) : {},
        signal: AbortSignal.timeout(60_000),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 429) return { status: res.status, bytes };
      await sleep(Number(res.headers.get('retry-after') ?? 5) * 1000);
    }
  }

  /** A call to /api/v1.0 as `user`. */
  v1(user: TestUser, p: string, method = 'GET', body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    return this.request(`/api/v1.0${p}`, { user, method, body, headers });
  }

  /** Reads the database, or undefined while it is away. */
  async look<T>(read: (db: Db) => Promise<T>): Promise<T | undefined> {
    try {
      return await read(this.observer);
    } catch {
      return undefined;
    }
  }

  openTask(requestId: string, type: string) {
    return this.look((d) => d('request_tasks').where({ request_id: requestId, type }).first());
  }

  requestRow(id: string) {
    return this.look((d) => d('requests').where({ id }).first());
  }

  /** The service's own health (database and Temporal), asked at most once a second however many steps wait on it. */
  healthy(): Promise<boolean> {
    if (this.health && Date.now() - this.health.at < 1000) return this.health.ok;
    const ok = this.request('/api/health', { timeoutMs: 10_000 }, false).then(
      (res) => res.body?.components?.database === 'UP' && res.body?.components?.temporal === 'UP',
    );
    this.health = { at: Date.now(), ok };
    return ok;
  }

  /**
   * One step of a process: done() says whether it has happened (from the database); act() asks for
   * it. Asked again only after the service is healthy and a while has passed without it happening.
   */
  async step<T>(
    name: string,
    done: () => Promise<T | undefined | null | false>,
    act: () => Promise<unknown>,
    settleMs = 10_000,
  ): Promise<T> {
    const deadline = Math.min(Date.now() + 15 * 60_000, this.deadline);
    while (Date.now() < deadline) {
      const already = await done().catch(() => undefined);
      if (already) return this.stepDone(already);
      const answer = (await act().catch(() => undefined)) as Answer | undefined;
      if (answer && (await this.refused(answer, done)))
        throw new Error(`${name}: refused ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
      // Wait for it to show, through any outage: ask again only after the service has been up (the
      // database, Temporal and a worker) for a while in all without it happening — longer when the
      // answer said it was done.
      const patience = answer && answer.status >= 200 && answer.status < 300 ? 4 * settleMs : settleMs;
      const seen = await this.waitUpFor(patience, deadline, done);
      if (seen) return this.stepDone(seen);
    }
    throw new Error(`${name}: not done in time`);
  }

  private stepDone<T>(result: T): T {
    this.report.stepsDone++;
    return result;
  }

  /**
   * A refusal of what we asked (not a conflict with a copy of ourselves) is the client's mistake.
   * (A start refused because the request exists is our own earlier, lost answer.)
   */
  private async refused(answer: Answer, done: () => Promise<unknown>): Promise<boolean> {
    return (
      [400, 403, 404, 405].includes(answer.status) &&
      answer.body?.code !== 'REQUEST_CREATE_ACTION1000' &&
      !(await done().catch(() => undefined))
    );
  }

  /** Watches for done() until the service has been up for `patience` ms in all; answers what it saw, if anything. */
  private async waitUpFor<T>(
    patience: number,
    deadline: number,
    done: () => Promise<T | undefined | null | false>,
  ): Promise<T | undefined> {
    let upFor = 0;
    let last = Date.now();
    while (Date.now() < deadline) {
      const now = await done().catch(() => undefined);
      if (now) return now;
      const up = (await this.healthy()) && !!this.worker.pid;
      const t = Date.now();
      if (up) upFor += t - last;
      last = t;
      if (upFor > patience) return undefined;
      await sleep(250);
    }
    return undefined;
  }
}
