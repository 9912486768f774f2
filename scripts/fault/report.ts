// What a fault run is asked to do, and what it found.

export type FaultKind = 'worker' | 'temporal' | 'postgres';

export interface FaultOptions {
  submissions: number;
  /** Organisations going through at once. */
  concurrency?: number;
  /** Gap between faults, ms (a random value between the two). */
  faultGapMs?: [number, number];
  /**
   * Steps of the processes done between two faults, at least (default 5): faults follow the run's
   * progress, not only the clock, so a starved machine does not get more faults per organisation.
   */
  stepsBetweenFaults?: number;
  seed?: number;
  /** Kill the worker while the first notification's submission is in flight (deterministic). */
  killDuringNotificationSubmit?: boolean;
  log?: (line: string) => void;
  /** Start no new organisation after this long (ms); those under way finish and are checked. */
  timeLimitMs?: number;
  /** Give up on the organisations still under way after this long (ms), and check what there is. */
  deadlineMs?: number;
  /** Build published data while the organisations go through (default true). */
  publishData?: boolean;
  /** Send each organisation a request for information with reminders seconds apart (default true). */
  requestsForInformation?: boolean;
  /** Kill the worker while the first build reads and writes its files (deterministic; default true). */
  killMidBuild?: boolean;
  /** Kill the worker after the first unanswered RFI's first reminder, down past its second (default true). */
  killBetweenReminders?: boolean;
}

export interface FaultReport {
  submissions: number;
  /** Organisations begun (fewer than submissions when the time limit stopped the run). */
  started: number;
  completed: number;
  kills: Record<FaultKind, number>;
  workerExitsOnItsOwn: number;
  inFlightNotificationKill: { done: boolean; answeredBeforeKill: boolean; outcome: string } | null;
  outage: {
    probes: number;
    answered503: number;
    slowestMs: number;
    healthNamedDatabase: number;
    recoveredAfterMs: number[];
  };
  apiCalls: number;
  /** Steps of the processes seen done (PatientClient.step). */
  stepsDone: number;
  apiAnswers: Record<string, number>;
  /** Published-data builds started during the run and what became of their versions. */
  publications: {
    builds: number;
    /** Versions built complete and published (at most one a build). */
    published: number;
    /** Versions marked FAILED (none served: each build's other outcome). */
    failed: number;
    /** The first build had its worker killed while it read and wrote (null: not tried). */
    killedMidBuild: boolean | null;
    /** Longest time from a build's request to its version being ready or failed. */
    slowestBuildMs: number;
  };
  /** Requests for information sent with reminders seconds apart. */
  rfis: {
    sent: number;
    answered: number;
    expired: number;
    /** Reminder e-mails queued for them. */
    reminders: number;
    /** The worker was killed after one RFI's first reminder and kept down past its second (null: not tried). */
    killedBetweenReminders: boolean | null;
  };
  /**
   * resent: copies delivered again, under the same Message-ID, because the worker died between the
   * mail server's acceptance and the record of it (at-least-once delivery; receivers drop copies by
   * Message-ID). Not an anomaly: no sender over SMTP can close that window.
   */
  emails: { queued: number; delivered: number; resent: number };
  anomalies: string[];
  runtimeMs: number;
}

/** A report with nothing counted yet. */
export function emptyReport(submissions: number): FaultReport {
  return {
    submissions,
    started: 0,
    completed: 0,
    kills: { worker: 0, temporal: 0, postgres: 0 },
    workerExitsOnItsOwn: 0,
    inFlightNotificationKill: null,
    outage: { probes: 0, answered503: 0, slowestMs: 0, healthNamedDatabase: 0, recoveredAfterMs: [] },
    apiCalls: 0,
    stepsDone: 0,
    apiAnswers: {},
    emails: { queued: 0, delivered: 0, resent: 0 },
    publications: { builds: 0, published: 0, failed: 0, killedMidBuild: null, slowestBuildMs: 0 },
    rfis: { sent: 0, answered: 0, expired: 0, reminders: 0, killedBetweenReminders: null },
    anomalies: [],
    runtimeMs: 0,
  };
}

/** Records an anomaly in the report and prints it as it happens. */
export type Anomaly = (text: string) => void;

export function anomalyRecorder(report: FaultReport, log: (line: string) => void): Anomaly {
  return (text) => {
    report.anomalies.push(text);
    log(`  ANOMALY ${text}`);
  };
}
