// Error pages shown in place of the current page without changing the address (a 500 from the API,
// an unhandled error). The page stays until the user navigates elsewhere.
import { useSyncExternalStore } from 'react';

export type ErrorPageStatus = 404 | 500;

interface ShownError {
  status: ErrorPageStatus;
  /** The path the error page replaces. */
  path: string;
  /** What the API gave the user to quote about a 500 (its trace id or an id of its own), if anything. */
  reference?: string;
}

let shown: ShownError | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showErrorPage(
  status: ErrorPageStatus,
  { path = window.location.pathname, reference }: { path?: string; reference?: string } = {},
): void {
  shown = { status, path, ...(reference ? { reference } : {}) };
  for (const listener of listeners) listener();
}

export function clearErrorPage(): void {
  shown = null;
  for (const listener of listeners) listener();
}

/** The error page to show at `path`, if any. */
export function useErrorPage(path: string): ErrorPageStatus | null {
  const current = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  return current && current.path === path ? current.status : null;
}

/** The reference of the error page shown, for the user to quote. */
export function useErrorPageReference(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => shown?.reference,
    () => undefined,
  );
}
