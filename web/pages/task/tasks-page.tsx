// The task page shell at /tasks/{taskId}: the task, who works on it, and the request's timeline.
// Each process's issue fills in the task's own form (by task type) in the space below the header.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { InsetText } from '../../components';
import { usePageTitle } from '../../lib/page-title';
import { apiGet } from '../../lib/api';
import { useSession } from '../../stores/session';
import { taskTypeLabel } from '../../../processes';
import { daysRemainingText, fullName, requestIdFallback } from '../../../domain/work-items';
import { Assignment } from './assignment';
import { RequestNotes } from './request-notes';
import { StartFromTask } from './start-from-task';
import { TaskTypeForm } from './task-form';
import type { OwnPage } from './task-page';
import { Timeline } from './timeline';
import type { TaskView, TimelineEntry } from './task-view';
import { useFocusMainContentWhen } from '../../lib/focus';

export default function TasksPage() {
  const { taskId } = useParams<{ taskId?: string }>();
  const roleType = useSession((s) => s.userState?.roleType);
  const userId = useSession((s) => s.userState?.userId ?? null);
  const [view, setView] = useState<TaskView | null>(null);
  const [timeline, setTimeline] = useState<TimelineEntry[]>([]);
  const [missing, setMissing] = useState(false);
  // A confirmation or outcome page of the task's form, shown instead of the task page.
  const [ownPage, setOwnPage] = useState<OwnPage | null>(null);
  const [summarySlot, setSummarySlot] = useState<HTMLDivElement | null>(null);
  const memory = useRef(new Map<string, unknown>()).current;
  const name = view ? (taskTypeLabel(view.requestTask.type) ?? requestIdFallback(view.requestInfo.id)) : 'Task';
  usePageTitle(ownPage ? ownPage.title : taskId ? name : 'Tasks');

  const load = useCallback(async () => {
    if (!taskId) return;
    await apiGet(`/v1.0/tasks/${encodeURIComponent(taskId)}`)
      .then((v) => {
        setView(v);
        return apiGet('/v1.0/request-actions', { query: { requestId: v.requestInfo.id } }).then(setTimeline);
      })
      .catch(() => setMissing(true));
  }, [taskId]);
  useEffect(() => {
    setOwnPage(null);
    memory.clear();
    void load();
  }, [load, memory]);

  useFocusMainContentWhen(ownPage);

  if (ownPage) return <>{ownPage.content}</>;

  if (!taskId || missing) {
    return (
      <>
        <h1 className="govuk-heading-l">Tasks</h1>
        <p className="govuk-body">
          {missing ? 'This task is not available. It may have been completed.' : 'Choose a task from your dashboard.'}
        </p>
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
      <div ref={setSummarySlot} />
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
      {!task.assignee && (
        <InsetText>
          {view.userAssignCapable
            ? 'This task must be assigned before it can be worked on. Assign it to yourself or to a colleague.'
            : 'This task must be assigned before it can be worked on. Ask a colleague who assigns tasks to assign it.'}
        </InsetText>
      )}
      {view.userAssignCapable && (
        <Assignment
          taskId={task.id}
          assigneeId={task.assignee?.userId ?? null}
          currentUserId={userId}
          mayRelease={roleType === 'REGULATOR'}
          onChanged={load}
        />
      )}
      <TaskTypeForm view={view} reload={load} show={setOwnPage} errorSummarySlot={summarySlot} memory={memory} />
      <StartFromTask view={view} roleType={roleType} />
      <Timeline entries={timeline} inProgress />
      <RequestNotes requestId={request.id} />
    </>
  );
}
