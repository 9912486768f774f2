// What to stop and remove when a fault run ends, or is interrupted (Ctrl-C): cleanups in reverse
// order, and before them, on an interruption, the child processes stopped at once (before anything
// that could wait).
const cleanups: (() => Promise<void> | void)[] = [];
const hardStops: (() => void)[] = [];
let interrupted = false;

/** Something to do at the end; `hardStop`, when given, is done first and at once on an interruption. */
export function atEnd(cleanup: () => Promise<void> | void, hardStop?: () => void): void {
  cleanups.push(cleanup);
  if (hardStop) hardStops.push(hardStop);
}

/** Whether the run was interrupted (calls may still be retrying: closing their connection would throw). */
export const wasInterrupted = () => interrupted;

/** Runs the cleanups, newest first; a part already gone is no failure. */
export async function cleanUp(): Promise<void> {
  hardStops.length = 0;
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // already gone
    }
  }
}

/** On SIGINT or SIGTERM: the child processes stopped at once, then the cleanups, then exit 130. */
export function cleanUpOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      interrupted = true;
      for (const stop of hardStops.reverse()) {
        try {
          stop();
        } catch {
          // already gone
        }
      }
      void cleanUp().then(() => process.exit(130));
    });
}
