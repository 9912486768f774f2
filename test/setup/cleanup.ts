// Global setup and teardown run in the same Jest parent process: cleanups travel through globalThis.
type Cleanup = () => Promise<void> | void;
const store = globalThis as unknown as { __esosCleanups?: Cleanup[] };

export function onTeardown(cleanup: Cleanup): void {
  (store.__esosCleanups ??= []).unshift(cleanup);
}

export async function runTeardown(): Promise<void> {
  const cleanups = store.__esosCleanups ?? [];
  store.__esosCleanups = [];
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch (err) {
      console.error('teardown step failed', err);
    }
  }
}
