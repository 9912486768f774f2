// What a task type's form gets from the task page (/tasks/{taskId}), and the calls it makes:
// SAVE (with the version read, answering the new one) and TRANSITION (answering the next tasks).
import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { Panel } from '../../components';
import { HttpError, apiPost } from '../../lib/api';
import { setFormErrors } from '../../lib/page-title';
import { taskDefinition } from '../../../processes';
import type { TaskView } from './task-view';
import type { OpenTask, TransitionResult } from '../../../domain/requests';

/** The actions a task's own page posts, by what they do (its process's `page.actions`). */
export function formActions(view: TaskView): Record<string, string> {
  const page = taskDefinition(view.requestTask.type)?.page;
  return page && page.kind !== 'report' ? page.actions : {};
}

/** A page of the task's own in place of the task page: a confirmation question or an outcome. */
export interface OwnPage {
  title: string;
  content: ReactNode;
}

export interface TaskFormProps {
  view: TaskView;
  /** Reads the task again (after a SAVE: the new payload and version). */
  reload: () => Promise<void>;
  /** Replaces the task page with a page of the task's own; null shows the task page again. */
  show: (page: OwnPage | null) => void;
  /** The top of the task page, where an error summary belongs. */
  errorSummarySlot: HTMLElement | null;
  /** Kept while the task page is open, across its own pages: e.g. a form's values while it is away. */
  memory: Map<string, unknown>;
}

/** Puts an error summary at the top of the task page (above its heading), where GOV.UK places it. */
export function AtTop({ slot, children }: { slot: HTMLElement | null; children: ReactNode }) {
  return slot ? createPortal(children, slot) : <>{children}</>;
}

/** The 'Error: ' title prefix for a page whose errors are not a useGovForm's. */
export function useErrorTitle(hasErrors: boolean): void {
  const id = useId();
  useEffect(() => setFormErrors(id, hasErrors), [id, hasErrors]);
  useEffect(() => () => setFormErrors(id, false), [id]);
}

/** Where a transition left the request: its status and its open tasks. */
export type { TransitionResult };
export type NextTask = OpenTask;

/** SAVE: answers the task's new version. A stale version is a 409 (see `actionErrors`). */
export async function saveTask(view: TaskView, actionType: string, payload: unknown): Promise<number> {
  const answer = await apiPost('/v1.0/tasks/actions', {
    requestTaskId: view.requestTask.id,
    requestTaskActionType: actionType,
    requestTaskActionPayload: payload,
    version: view.requestTask.version,
  });
  // The route answers a SAVE with the task's version, any other action with where the request went.
  if (!('version' in answer)) throw new Error(`${actionType} is not a save`);
  return answer.version;
}

export async function transition(view: TaskView, actionType: string, payload: unknown): Promise<TransitionResult> {
  const answer = await apiPost('/v1.0/tasks/actions', {
    requestTaskId: view.requestTask.id,
    requestTaskActionType: actionType,
    requestTaskActionPayload: payload,
  });
  if (!('nextTasks' in answer)) throw new Error(`${actionType} is a save, not a transition`);
  return answer;
}

export interface ActionError {
  /** A form field path, or '' when the message concerns no field. */
  path: string;
  message: string;
}

/**
 * The messages of a refused action, per field where the API names one. `fieldOf` maps the API's
 * payload path to the form's (null: not a field of the form). Anything but a 4xx is rethrown.
 */
export function actionErrors(
  error: unknown,
  fieldOf: (apiPath: string) => string | null = (p) => p || null,
): ActionError[] {
  if (!(error instanceof HttpError) || error.status >= 500) throw error;
  const body = error.body as (HttpError['body'] & { fields?: { field: string; message: string }[] }) | null;
  const listed = body?.fields?.length
    ? body.fields
    : [{ field: body?.field ?? '', message: body?.message ?? error.message }];
  return listed.map((f) => ({ path: fieldOf(f.field) ?? '', message: f.message }));
}

/** The page after a task's last action: the panel, what happens next, and the way back. */
export function TaskOutcome({ title, panel, children }: { title: string; panel?: ReactNode; children?: ReactNode }) {
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <Panel title={title}>{panel}</Panel>
        {children ? <p className="govuk-body">{children}</p> : null}
        <p className="govuk-body">
          <Link href="/dashboard" className="govuk-link">
            Return to dashboard
          </Link>
        </p>
      </div>
    </div>
  );
}
