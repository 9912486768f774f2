// The task page shell at /tasks/{taskId}: the task, who works on it, and the request's timeline.
// Each process's issue fills in the task's own form (by task type) in the space below the header.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { usePageTitle } from '../lib/page-title';
import { apiGet } from '../lib/api';
import { useSession } from '../stores/session';
import { taskTypeLabels } from '../../domain/requests';
import { daysRemainingText, fullName, requestIdFallback } from '../../domain/work-items';
import { Assignment } from './task/assignment';
import type { TaskView, TimelineEntry } from './task/task-view';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export default function TasksPage() {
  const { taskId } = useParams<{ taskId?: string }>();
  const roleType = useSession((s) => s.userState?.roleType);
  const [view, setView] = useState<TaskView | null>(null);
  const [timeline, setTimeline] = useState<TimelineEntry[]>([]);
  const [missing, setMissing] = useState(false);
  const name = view ? ((taskTypeLabels as Record<string, string>)[view.requestTask.type] ?? requestIdFallback(view.requestInfo.id)) : 'Task';
  usePageTitle(taskId ? name : 'Tasks');

  const load = useCallback(() => {
    if (!taskId) return;
    apiGet<TaskView>(`/v1.0/tasks/${encodeURIComponent(taskId)}`)
      .then((v) => {
        setView(v);
        return apiGet<TimelineEntry[]>('/v1.0/request-actions', { query: { requestId: v.requestInfo.id } }).then(setTimeline);
      })
      .catch(() => setMissing(true));
  }, [taskId]);
  useEffect(load, [load]);

  if (!taskId || missing) {
    return (
      <>
        <h1 className="govuk-heading-l">Tasks</h1>
        <p className="govuk-body">{missing ? 'This task is not available. It may have been completed.' : 'Choose a task from your dashboard.'}</p>
        <p className="govuk-body">
          <Link href="/dashboard" className="govuk-link">
            Return to dashboard
          </Link>
        </p>
      </>
    );
  }
  if (!view) return <p className="govuk-body">Loading the task…</p>;
  const { requestTask: task, requestInfo: request } = view;
  return (
    <>
      <span className="govuk-caption-l">{request.accountName ?? request.id}</span>
      <h1 className="govuk-heading-l">{name}</h1>
      <dl className="govuk-summary-list govuk-summary-list--no-border">
        <div className="govuk-summary-list__row">
          <dt className="govuk-summary-list__key">Assigned to</dt>
          <dd className="govuk-summary-list__value">{task.assignee ? fullName(task.assignee) : 'Unassigned'}</dd>
        </div>
        {task.daysRemaining !== null && (
          <div className="govuk-summary-list__row">
            <dt className="govuk-summary-list__key">Days Remaining</dt>
            <dd className="govuk-summary-list__value">{daysRemainingText(task.daysRemaining)}</dd>
          </div>
        )}
        <div className="govuk-summary-list__row">
          <dt className="govuk-summary-list__key">Request</dt>
          <dd className="govuk-summary-list__value">{request.id}</dd>
        </div>
      </dl>
      {view.userAssignCapable && <Assignment taskId={task.id} assigneeId={task.assignee?.userId ?? null} mayRelease={roleType === 'REGULATOR'} onChanged={load} />}
      <h2 className="govuk-heading-m">Timeline</h2>
      {timeline.length === 0 ? (
        <p className="govuk-body">Nothing has happened on this request yet.</p>
      ) : (
        <ol className="govuk-list">
          {timeline.map((entry) => (
            <li key={entry.id} className="govuk-!-margin-bottom-4">
              <h3 className="govuk-heading-s govuk-!-margin-bottom-1">
                {entry.type}
                {entry.submitter ? ` by ${entry.submitter}` : ''}
              </h3>
              <p className="govuk-body-s govuk-!-margin-bottom-0">{dateTime(entry.creationDate)}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
