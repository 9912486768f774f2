// `npm run fault`: N organisations through every process while the worker, Temporal and PostgreSQL
// are killed at random (run.ts); prints the kills and every anomaly, and exits 1 if there is any.
//
//   npm run fault                 # N = 100
//   npm run fault -- 20           # N = 20;  FAULT_SEED=… repeats a run's choices
//   FAULT_CONCURRENCY (default 4), FAULT_MINUTES (no new organisation after), FAULT_LOG_LEVEL=warn (the API's log)
import { cleanUpOnInterrupt } from './cleanups';
import { runFaults } from './run';
import { formatReport } from './summary';

const numberFrom = (value: string | undefined) => (value ? Number(value) : undefined);

cleanUpOnInterrupt();
runFaults({
  submissions: Number(process.argv[2] ?? process.env.FAULT_RUNS ?? 100),
  timeLimitMs: process.env.FAULT_MINUTES ? Number(process.env.FAULT_MINUTES) * 60_000 : undefined,
  seed: numberFrom(process.env.FAULT_SEED),
  concurrency: numberFrom(process.env.FAULT_CONCURRENCY),
})
  .then((r) => {
    console.log(formatReport(r));
    process.exit(r.anomalies.length === 0 && r.completed === r.started ? 0 : 1);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
