// The addresses of a report task's pages, and in-app navigation for plain links.
import type { MouseEvent } from 'react';

export const taskPath = (taskId: number | string) => `/tasks/${taskId}`;
export const sectionPath = (taskId: number | string, section: string) => `/tasks/${taskId}/section/${section}`;
export const stepPath = (taskId: number | string, section: string, step: string, change = false) =>
  `/tasks/${taskId}/section/${section}/${step}${change ? '?change=true' : ''}`;
/** A list item's page (`item`: its 1-based position in the stored list, or 'new'), or its removal's confirmation. */
export const itemPath = (
  taskId: number | string,
  section: string,
  step: string,
  item: number | 'new',
  remove = false,
) => `/tasks/${taskId}/section/${section}/${step}/item/${item}${remove ? '/remove' : ''}`;
export const taskActionPath = (taskId: number | string, action: 'submit' | 'send-for-review' | 'return') =>
  `/tasks/${taskId}/${action}`;

/** A link's click that navigates within the app (a new tab or window is left to the browser). */
export function inApp(navigate: (to: string) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(event.currentTarget.getAttribute('href')!);
  };
}
