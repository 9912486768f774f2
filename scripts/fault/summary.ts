// A fault run's report as the lines it prints at the end.
import type { FaultReport } from './report';

export function formatReport(r: FaultReport): string {
  const s = (n: number) => n.toLocaleString('en-GB');
  const answers = Object.entries(r.apiAnswers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}: ${s(n)}`)
    .join(', ');
  const recovered = r.outage.recoveredAfterMs;
  return [
    `runs: ${r.completed} of ${r.submissions} organisations${r.started < r.submissions ? ` (${r.started} begun before the time limit)` : ''} through account opening and approval, notification, action plan, progress updates 1 and 2 (${s(r.completed * 5)} processes)`,
    `kills: worker ${r.kills.worker} (SIGKILL${r.inFlightNotificationKill ? ', one during a notification submission in flight' : ''}), Temporal server ${r.kills.temporal} (SIGKILL), PostgreSQL ${r.kills.postgres} (pg_ctl stop -m immediate); worker exits on its own ${r.workerExitsOnItsOwn}`,
    `PostgreSQL down: ${r.outage.answered503} of ${r.outage.probes} API calls answered 503 JSON (slowest ${s(r.outage.slowestMs)} ms), /api/health named the database ${r.outage.healthNamedDatabase} times; back up, the API answered again within ${recovered.length ? s(Math.max(...recovered)) : '–'} ms (no restart)`,
    `steps of the processes done: ${s(r.stepsDone)}; API calls: ${s(r.apiCalls)} (${answers})`,
    `e-mails: ${s(r.emails.queued)} queued, ${s(r.emails.delivered)} delivered (${s(r.emails.resent)} resent under the same Message-ID after a worker died between the mail server's acceptance and its record)`,
    `anomalies: ${r.anomalies.length}`,
    ...r.anomalies.map((a) => `  - ${a}`),
    `runtime: ${Math.round(r.runtimeMs / 1000)} s`,
  ].join('\n');
}
