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
    `published data: ${r.publications.builds} builds under the faults${r.publications.killedMidBuild === null ? '' : ` (the worker killed while the first read and wrote its files: ${r.publications.killedMidBuild ? 'yes' : 'no, it had finished'})`}; ${r.publications.published} versions published complete, ${r.publications.failed} failed (not served); slowest build ${s(r.publications.slowestBuildMs)} ms`,
    `requests for information: ${r.rfis.sent} sent with reminders 15 s apart, ${r.rfis.answered} answered and read (COMPLETED), ${r.rfis.expired} left to expire (EXPIRED); ${s(r.rfis.reminders)} reminder e-mails${r.rfis.killedBetweenReminders === null ? '' : ` (the worker killed between one's reminders, down past the second: ${r.rfis.killedBetweenReminders ? 'yes' : 'no, the moment had passed'})`}`,
    `anomalies: ${r.anomalies.length}`,
    ...r.anomalies.map((a) => `  - ${a}`),
    `runtime: ${Math.round(r.runtimeMs / 1000)} s`,
  ].join('\n');
}
