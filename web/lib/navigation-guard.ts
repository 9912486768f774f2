// Navigation that can be refused: a pending request or unsaved changes keep the user on the page.
// Every in-app navigation (links, redirects, navigate()) goes through the guarded location hook
// given to wouter's <Router>; forced navigation (error handling) bypasses it.
import { useCallback, useEffect } from 'react';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';

export interface LeaveGuard {
  /** True while leaving would lose something; also makes the browser ask before unloading. */
  active: () => boolean;
  /** Asked on in-app navigation while active; true lets the user leave. */
  allowLeave: () => boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Skips the leave guards. */
  force?: boolean;
}

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Are you sure you want to leave this page?';

const guards: LeaveGuard[] = [];

export function addLeaveGuard(guard: LeaveGuard): () => void {
  guards.push(guard);
  return () => {
    const index = guards.indexOf(guard);
    if (index >= 0) guards.splice(index, 1);
  };
}

/** Asks every active guard in order; the first refusal keeps the user on the page. */
export function mayLeave(): boolean {
  return guards.every((guard) => !guard.active() || guard.allowLeave());
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (guards.some((guard) => guard.active())) {
    event.preventDefault();
    // Older browsers only ask when returnValue is set.
    event.returnValue = '';
  }
}

if (typeof window !== 'undefined') window.addEventListener('beforeunload', onBeforeUnload);

/** Navigates unless a guard refuses (or always, with `force`). Returns whether it navigated. */
export function guardedNavigate(to: string, options: NavigateOptions = {}): boolean {
  const { force, ...rest } = options;
  if (!force && !mayLeave()) return false;
  navigate(to, rest);
  return true;
}

/** Navigation the user cannot be kept from: error pages, landing after a 403. */
export function forceNavigate(to: string, options: Omit<NavigateOptions, 'force'> = {}): void {
  guardedNavigate(to, { ...options, force: true });
}

/** wouter location hook whose navigate honours the leave guards. */
export function useGuardedLocation(): [string, (to: string, options?: NavigateOptions) => boolean] {
  const [location] = useBrowserLocation();
  const go = useCallback((to: string, options?: NavigateOptions) => guardedNavigate(to, options), []);
  return [location, go];
}

/** While `when` is true, leaving the page (in-app or closing the tab) asks to confirm. */
export function useUnsavedChangesWarning(when: boolean, message: string = UNSAVED_CHANGES_MESSAGE): void {
  useEffect(() => {
    if (!when) return;
    return addLeaveGuard({ active: () => true, allowLeave: () => window.confirm(message) });
  }, [when, message]);
}
