import { useSyncExternalStore } from 'react';

/** govuk-frontend's tablet breakpoint (641px): the service navigation collapses below it. */
export const TABLET_AND_UP = '(min-width: 40.0625em)';

/** Whether a media query matches; true where matchMedia is missing (no layout to adapt to). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}
