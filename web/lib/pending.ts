// The pending-request guard: counts the API's non-GET calls in flight, so the shell can keep the user
// on the page (and buttons marked pending disabled) until the server has answered.
import { useSyncExternalStore } from 'react';
import { addLeaveGuard } from './navigation-guard';

export const PENDING_REQUEST_MESSAGE =
  'A server request is pending. We suggest that you stay on this page in order not to lose your progress.';

let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks one request as pending; call the returned function (once) when it has settled. */
export function beginPendingRequest(): () => void {
  pending += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    emit();
  };
}

export function pendingRequestCount(): number {
  return pending;
}

/** True while any non-GET request is pending: give it to a Button's `pending` prop. */
export function useAnyRequestPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}

// Registered once for the whole app: leaving while a request is pending only shows the alert.
addLeaveGuard({
  active: () => pending > 0,
  allowLeave: () => {
    window.alert(PENDING_REQUEST_MESSAGE);
    return false;
  },
});
