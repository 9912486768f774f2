import { useEffect } from 'react';

/**
 * When the page's content changes without a navigation (a confirmation replaces a form, a task
 * opens its own page), focus and scroll to the top of the main content, as a new page would.
 */
export function useFocusMainContentWhen(changed: unknown): void {
  useEffect(() => {
    if (changed) document.getElementById('main-content')?.focus();
  }, [changed]);
}
