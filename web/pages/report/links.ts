// The addresses of a report task's pages, and in-app navigation for plain links.
import type { MouseEvent } from 'react';

export const taskPath = (taskId: number | string) => `/tasks/${taskId}`;
export const sectionPath = (taskId: number | string, section: string) => `/tasks/${taskId}/section/${section}`;
export const stepPath = (taskId: number | string, section: string, step: string, change = false) =>
  `/tasks/${taskId}/section/${section}/${step}${change ? '?change=true' : ''}`;
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
