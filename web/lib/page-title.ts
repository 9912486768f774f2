import { useEffect } from 'react';
import { createStore } from 'zustand/vanilla';

export const SERVICE_NAME = 'Manage your ESOS reporting';
export const TITLE_SUFFIX = ' - Manage your ESOS reporting - GOV.UK';
export const ERROR_PREFIX = 'Error: ';

interface PageTitleState {
  /** Title of the current page; undefined gives the default title. */
  title: string | undefined;
  /** Ids of the mounted forms that currently show errors. */
  formsWithErrors: ReadonlySet<string>;
}

export const pageTitleStore = createStore<PageTitleState>(() => ({ title: undefined, formsWithErrors: new Set() }));

/** `{Error: }{title} - Manage your ESOS reporting - GOV.UK`; the default title is 'Manage your ESOS reporting'. */
export function formatPageTitle(title: string | undefined, hasErrors: boolean): string {
  return `${hasErrors ? ERROR_PREFIX : ''}${title || SERVICE_NAME}${TITLE_SUFFIX}`;
}

function apply(state: PageTitleState): void {
  if (typeof document !== 'undefined') document.title = formatPageTitle(state.title, state.formsWithErrors.size > 0);
}

pageTitleStore.subscribe(apply);

/** Records whether the form `formId` shows errors (the title gets 'Error: ' while any form does). */
export function setFormErrors(formId: string, hasErrors: boolean): void {
  const current = pageTitleStore.getState().formsWithErrors;
  if (current.has(formId) === hasErrors) return;
  const next = new Set(current);
  if (hasErrors) next.add(formId);
  else next.delete(formId);
  pageTitleStore.setState({ formsWithErrors: next });
}

/** Sets the page title; call once per page (no argument: 'Manage your ESOS reporting'). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    pageTitleStore.setState({ title });
    apply(pageTitleStore.getState());
    return () => {
      if (pageTitleStore.getState().title === title) pageTitleStore.setState({ title: undefined });
    };
  }, [title]);
}
