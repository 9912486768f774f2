// A fault run: N organisations go through the service's processes over the API — apply for an
// account and have it approved, then the notification of compliance, the action plan and progress
// updates 1 and 2 — while, at random moments, the worker is killed (SIGKILL), the Temporal server is
// killed, and PostgreSQL is stopped with `-m immediate`, each started again after a moment. Then it
// checks that every submission is complete exactly once, no task was lost or duplicated, every
// timeline is what the process writes, and no e-mail was sent twice (or not at all). Beside them,
// each organisation is sent a request for information with reminders seconds apart
// (rfi-journey.ts), and a regulator builds and publishes published data (publisher.ts): each RFI
// must end right with each reminder sent once, each build make one complete version or none.
import fs from 'node:fs';
import { createUser, grantRegulator } from '../../test/factories';
import { faultApiLog } from './api-log';
import { Chaos } from './chaos';
import { checkAccounts, checkEmails, checkRequests, settledWorkflowStatus, waitForQuiet } from './checks';
import { cleanUp } from './cleanups';
import { PatientClient } from './client';
import { startParts, type Parts } from './environment';
import { Journeys } from './journey';
import { checkPublications } from './publication-checks';
import { Publisher } from './publisher';
import { checkRfis } from './rfi-checks';
import { RfiJourneys } from './rfi-journey';
import { tempDir } from './preparation';
import { random } from './random';
import { anomalyRecorder, emptyReport, type Anomaly, type FaultOptions, type FaultReport } from './report';

export async function runFaults(options: FaultOptions): Promise<FaultReport> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const seed = options.seed ?? Date.now() % 1_000_000;
  const concurrency = options.concurrency ?? 4;
  const report = emptyReport(options.submissions);
  const anomaly = anomalyRecorder(report, log);
  const apiLog = faultApiLog();
  const dir = tempDir('esos-fault-');
  log(`fault run: N = ${options.submissions}, ${concurrency} at once, seed ${seed}, folder ${dir}`);
  try {
    const parts = await startParts(dir, apiLog.logger, log);
    const deadline = options.deadlineMs ? started + options.deadlineMs : Infinity;
    const client = new PatientClient(
      parts.apiUrl,
      parts.observer,
      parts.worker,
      report,
      anomaly,
      apiLog.errorBehind,
      deadline,
    );
    const reviewer = await createUser(parts.observer, { firstName: 'Rhian', lastName: 'Reviewer' });
    await grantRegulator(parts.observer, reviewer, 'ENGLAND');
    const chaos = new Chaos(
      parts,
      client,
      reviewer,
      random(seed),
      options.faultGapMs ?? [5000, 15000],
      options.stepsBetweenFaults ?? 5,
      report,
      anomaly,
      log,
    );
    const rfis =
      (options.requestsForInformation ?? true)
        ? new RfiJourneys(parts, client, chaos, reviewer, report, options.killBetweenReminders ?? true)
        : null;
    const journeys = new Journeys(
      client,
      chaos,
      parts.observer,
      reviewer,
      report,
      log,
      options.killDuringNotificationSubmit ?? true,
      rfis,
    );
    const publisher =
      (options.publishData ?? true)
        ? new Publisher(client, chaos, reviewer, report, anomaly, log, options.killMidBuild ?? true)
        : null;

    await client.step(
      'worker ready',
      async () => (await client.healthy()) && (await client.look((d) => d.raw('select 1'))),
      async () => undefined,
    );
    chaos.start();
    publisher?.start();
    const failures = await organisationsThrough(journeys, options, concurrency, started, report, log);
    await publisher?.stop();
    await chaos.stop();
    for (const f of failures) anomaly(`submission not completed: ${f}`);

    await waitForQuiet(parts, client);
    await checkEverything(parts, journeys, report, anomaly);
    if (rfis)
      await checkRfis(
        parts.observer,
        parts.smtp.received,
        rfis.sent,
        settledWorkflowStatus(parts.temporalClient),
        report,
        anomaly,
      );
    if (publisher)
      await checkPublications(
        parts.observer,
        publisher.builds,
        (id, format, publicly) =>
          publicly
            ? client.download(`/published-data/${id}/files/${format}`)
            : client.download(`/published-data/versions/${id}/files/${format}`, reviewer),
        report,
        anomaly,
      );
  } finally {
    await cleanUp();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.runtimeMs = Date.now() - started;
  return report;
}

/**
 * The organisations, `concurrency` at a time, until all are begun or the time limit stops new ones;
 * answers what did not complete.
 */
async function organisationsThrough(
  journeys: Journeys,
  options: FaultOptions,
  concurrency: number,
  started: number,
  report: FaultReport,
  log: (line: string) => void,
): Promise<string[]> {
  let next = 0;
  let stoppedEarly = false;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, options.submissions) }, async () => {
      while (next < options.submissions) {
        if (options.timeLimitMs && Date.now() - started > options.timeLimitMs) {
          if (!stoppedEarly)
            log(`  time limit reached: no new organisation after ${Math.round(options.timeLimitMs / 60_000)} minutes`);
          stoppedEarly = true;
          break;
        }
        const i = next++;
        try {
          await journeys.throughEverything(i);
        } catch (err) {
          failures.push(`organisation ${i}: ${(err as Error).message}`);
        }
      }
    }),
  );
  report.started = next;
  return failures;
}

async function checkEverything(parts: Parts, journeys: Journeys, report: FaultReport, anomaly: Anomaly): Promise<void> {
  await checkAccounts(parts.observer, journeys.organisations, anomaly);
  await checkRequests(parts, journeys.organisations, anomaly);
  await checkEmails(parts, report, anomaly);
  report.workerExitsOnItsOwn = parts.worker.unexpectedExits;
}
