// A request of an account (/accounts/{accountId}/workflows/{requestId}), for its operators and the
// regulators of its competent authority: the hub of a request (reference details §F). What a reader
// comes for first: its status, the regulator's 'Return to participant for changes' (re-initiate,
// reference workflows §5), 'Tasks to complete' (its open tasks the caller may see, whoever holds them),
// each submission with its documents to download (submissions.tsx), then the tabs Timeline (each
// submission entry with 'View details', the answers as submitted) and Notes (#notes: add, edit and
// delete, with files, on open and finished requests); then what was last submitted, read-only, one
// closed section at a time (a report's answers run to thousands of pixels when all are open).
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { BackLink, Button, Details, SummaryList, Tabs, TaskList } from '../../components';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { processFor, snapshotSections, taskTypeLabel, timelineEntry } from '../../../processes';
import { fullName, type WorkItem } from '../../../domain/work-items';
import { RequestNotes } from '../task/request-notes';
import { TaskOutcome } from '../task/task-page';
import { Timeline, dateTime } from '../task/timeline';
import type { TimelineEntry } from '../task/task-view';
import { Submissions, ViewDetails } from './submissions';
import { requestStatusLabels, type RequestStatus } from '../../../domain/requests';

interface RequestInfo {
  id: string;
  type: string;
  status: string;
  accountId: number | null;
  submissionDate: string | null;
}

const statusLabel = (s: string) => requestStatusLabels[s as RequestStatus] ?? s;

export function requestTitle(type: string): string {
  return processFor(type)?.title ?? type;
}

export default function RequestPage() {
  const { accountId, requestId } = useParams<{ accountId: string; requestId: string }>();
  const [request, setRequest] = useState<RequestInfo | null>(null);
  const [timeline, setTimeline] = useState<TimelineEntry[]>([]);
  const [submitted, setSubmitted] = useState<unknown>(null);
  const [related, setRelated] = useState<string[]>([]);
  const [tasks, setTasks] = useState<WorkItem[]>([]);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = useAnyRequestPending();
  const name = request ? requestTitle(request.type) : 'Workflow';
  // In sentences: 'Return notification to participant', 'You've successfully returned the action plan'.
  const label = (request && processFor(request.type)?.report?.name) || name.toLowerCase();
  usePageTitle(
    done ? `You've successfully returned the ${label}` : confirming ? `Return ${label} to participant` : name,
  );

  const load = useCallback(async () => {
    try {
      const info = await apiGet(`/v1.0/requests/${encodeURIComponent(requestId)}`);
      setRequest(info);
      const entries = await apiGet('/v1.0/request-actions', { query: { requestId } });
      setTimeline(entries);
      setTasks((await apiGet(`/v1.0/items/${encodeURIComponent(requestId)}`).catch(() => ({ items: [] }))).items);
      const last = entries.find((e) => timelineEntry(e.type)?.document === 'Submitted');
      setSubmitted(last ? (await apiGet(`/v1.0/request-actions/${last.id}`)).payload : null);
      setRelated(
        Object.keys(
          await apiGet(`/v1.0/requests/available-workflows/reporting/related-actions/${encodeURIComponent(requestId)}`),
        ),
      );
    } catch {
      setMissing(true);
    }
  }, [requestId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (missing) {
    return (
      <>
        <h1 className="govuk-heading-l">This workflow is not available</h1>
        <p className="govuk-body">
          <Link href={`/accounts/${accountId}`} className="govuk-link">
            Return to the account
          </Link>
        </p>
      </>
    );
  }
  if (!request) return <p className="govuk-body">Loading…</p>;
  if (done) {
    return (
      <TaskOutcome title={`You've successfully returned the ${label}`}>
        {`A task has been created and has been assigned to the account's Primary contact. ${label.charAt(0).toUpperCase()}${label.slice(1)} will be re-submitted once the user has completed his work.`}
      </TaskOutcome>
    );
  }
  if (confirming) {
    const reinitiate = async () => {
      try {
        await apiPost(
          '/v1.0/requests',
          { requestCreateActionType: confirming },
          { query: { accountId: request.accountId ?? '' } },
        );
        setDone(true);
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        setError(err.message);
      }
    };
    return (
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          {error ? (
            <div className="govuk-error-summary" tabIndex={-1}>
              <div role="alert">
                <h2 className="govuk-error-summary__title">There is a problem</h2>
                <div className="govuk-error-summary__body">
                  <p>{error}</p>
                </div>
              </div>
            </div>
          ) : null}
          <span className="govuk-caption-l">{`Return ${label} to participant`}</span>
          <h1 className="govuk-heading-l">{`Are you sure you want to return this ${label} to the participant for changes?`}</h1>
          <Button pending={pending} onClick={() => void reinitiate()}>
            Yes, re-initiate
          </Button>
          <p className="govuk-body">
            <a href="#" className="govuk-link" onClick={(e) => (e.preventDefault(), setConfirming(null))}>
              Cancel
            </a>
          </p>
        </div>
      </div>
    );
  }

  const answers = processFor(request.type)?.report && submitted ? snapshotSections(request.type, '', submitted) : [];
  return (
    <>
      <BackLink href={`/accounts/${accountId}`}>Back to the account</BackLink>
      <span className="govuk-caption-l">{request.id}</span>
      <h1 className="govuk-heading-l">{name}</h1>
      <SummaryList
        rows={[
          { key: 'Reference', value: request.id },
          { key: 'Status', value: statusLabel(request.status) },
          ...(request.submissionDate ? [{ key: 'Submitted', value: dateTime(request.submissionDate) }] : []),
        ]}
      />
      {related.length ? (
        <>
          <h2 className="govuk-heading-m">Related actions</h2>
          <TaskList
            items={related.map((action) => ({
              title: 'Return to participant for changes',
              href: '#',
              onClick: (e) => (e.preventDefault(), setConfirming(action)),
              status: '',
            }))}
            idPrefix="related"
          />
        </>
      ) : null}
      {tasks.length ? <TasksToComplete accountId={accountId} requestId={request.id} tasks={tasks} /> : null}
      <Submissions requestType={request.type} entries={timeline} />
      <Tabs
        title="Timeline and notes"
        items={[
          {
            id: 'timeline',
            label: 'Timeline',
            panel: (
              <Timeline
                entries={timeline}
                inProgress={request.status === 'IN_PROGRESS'}
                details={(entry) =>
                  timelineEntry(entry.type)?.snapshot ? <ViewDetails requestType={request.type} entry={entry} /> : null
                }
              />
            ),
          },
          { id: 'notes', label: 'Notes', panel: <RequestNotes requestId={request.id} /> },
        ]}
      />
      {answers.length ? (
        <>
          <h2 className="govuk-heading-m">What was submitted</h2>
          <p className="govuk-body">Open a section to read its answers.</p>
          {answers.map((section) => (
            <Details key={section.title} summary={section.title}>
              <SummaryList
                rows={section.rows.map((row) => ({
                  key: row.key,
                  value: row.value.map((line, i) => (
                    <span key={i} className="esos-answer-line">
                      {line}
                    </span>
                  )),
                }))}
              />
            </Details>
          ))}
        </>
      ) : null}
    </>
  );
}

/** The task's address in the account's context (spec: dashboard task links in account context). */
export const accountTaskPath = (accountId: string | number, requestId: string, taskId: number) =>
  `/accounts/${accountId}/workflows/${encodeURIComponent(requestId)}/tasks/${taskId}`;

/** The request's open tasks that the caller may see, whoever holds them, each with 'View task'. */
function TasksToComplete({ accountId, requestId, tasks }: { accountId: string; requestId: string; tasks: WorkItem[] }) {
  return (
    <>
      <h2 className="govuk-heading-m">Tasks to complete</h2>
      <ul className="govuk-list">
        {tasks.map((task) => {
          const label = taskTypeLabel(task.taskType) ?? task.taskType;
          return (
            <li key={task.taskId} className="govuk-!-margin-bottom-4">
              <h3 className="govuk-heading-s govuk-!-margin-bottom-1">{label}</h3>
              <p className="govuk-body govuk-!-margin-bottom-2">
                {task.taskAssignee ? `Assigned to ${fullName(task.taskAssignee)}` : 'Unassigned'}
              </p>
              <Link
                href={accountTaskPath(accountId, requestId, task.taskId)}
                className="govuk-button govuk-button--secondary govuk-!-margin-bottom-0"
                role="button"
                draggable={false}
              >
                View task<span className="govuk-visually-hidden"> {label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
