// The request page's submissions: each timeline entry that kept what was submitted (a report's
// snapshot, an application decision, a closure), viewable read-only, with its file documents (the
// PDF made of it) and attachments downloadable through one-minute tokens.
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Details, SummaryList } from '../../components';
import { apiGet } from '../../lib/api';
import { requestActionHeading, snapshotSections, timelineEntry } from '../../../processes';
import { dateTime } from '../task/timeline';
import { FileLinks, downloadSignedIn } from '../task/file-links';
import type { TimelineEntry } from '../task/task-view';

export interface ActionDetails {
  id: number;
  type: string;
  payload: unknown;
  submitter: string | null;
  creationDate: string;
  fileDocuments?: Record<string, string>;
}

type FileKind = 'document' | 'attachment';

async function download(actionId: number, kind: FileKind, uuid: string, fileName: string): Promise<void> {
  const { token } =
    kind === 'document'
      ? await apiGet(`/v1.0/request-action-file-documents/${actionId}`, {
          query: { fileDocumentUuid: uuid },
        })
      : await apiGet(`/v1.0/request-action-attachments/${actionId}`, { query: { attachmentUuid: uuid } });
  await downloadSignedIn(
    `/v1.0/${kind === 'document' ? 'file-documents' : 'file-attachments'}/${encodeURIComponent(token)}`,
    fileName,
  );
}

function Files({ action }: { action: ActionDetails }) {
  const attachments = ((action.payload as { attachments?: Record<string, string> } | null)?.attachments ??
    {}) as Record<string, string>;
  const files: [FileKind, string, string][] = [
    ...Object.entries(action.fileDocuments ?? {}).map(
      ([uuid, name]) => ['document', uuid, name] as [FileKind, string, string],
    ),
    ...Object.entries(attachments).map(([uuid, name]) => ['attachment', uuid, name] as [FileKind, string, string]),
  ];
  return (
    <FileLinks
      files={files.map(([kind, uuid, name]) => ({ uuid, name, download: () => download(action.id, kind, uuid, name) }))}
    />
  );
}

/** The request's snapshot entries (what was submitted or decided), each viewable with its files. */
export function Submissions({ requestType, entries }: { requestType: string; entries: readonly TimelineEntry[] }) {
  const [actions, setActions] = useState<ActionDetails[] | null>(null);
  const ids = entries.filter((e) => timelineEntry(e.type)?.snapshot).map((e) => e.id);
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    Promise.all(ids.map((id) => apiGet(`/v1.0/request-actions/${id}`)))
      .then((loaded) => live && setActions(loaded))
      .catch(() => live && setActions([]));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!actions || actions.length === 0) return null;
  return (
    <>
      <h2 className="govuk-heading-m">Submissions and documents</h2>
      {actions.map((action) => {
        const sections = snapshotSections(requestType, action.type, action.payload);
        const heading = requestActionHeading(action);
        return (
          <div key={action.id} className="govuk-!-margin-bottom-6">
            <h3 className="govuk-heading-s govuk-!-margin-bottom-1">{heading}</h3>
            <p className="govuk-body-s">{dateTime(action.creationDate)}</p>
            <Files action={action} />
            {sections.length ? (
              <Details summary={`View what was submitted (${dateTime(action.creationDate)})`}>
                <SubmittedAnswers sections={sections} />
              </Details>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

/** A snapshot's sections, read-only: each section's heading and its answers. */
function SubmittedAnswers({ sections }: { sections: ReturnType<typeof snapshotSections> }) {
  return (
    <>
      {sections.map((section, i) => (
        <div key={i}>
          <h4 className="govuk-heading-s">{section.title}</h4>
          <SummaryList
            rows={section.rows.map((row) => ({
              key: row.key,
              value: row.value.length
                ? row.value.map((line, j) => (
                    <span key={j} className="esos-answer-line">
                      {line}
                    </span>
                  ))
                : 'Not provided',
            }))}
          />
        </div>
      ))}
    </>
  );
}

/**
 * 'View details' under a timeline entry that kept what was submitted or decided: the answers as
 * they were, read from the entry's stored snapshot when first opened.
 */
export function ViewDetails({ requestType, entry }: { requestType: string; entry: TimelineEntry }) {
  const [action, setAction] = useState<ActionDetails | null | 'failed'>(null);
  const open = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || action) return;
    apiGet(`/v1.0/request-actions/${entry.id}`).then(setAction, () => setAction('failed'));
  };
  const sections = action && action !== 'failed' ? snapshotSections(requestType, action.type, action.payload) : [];
  return (
    <details className="govuk-details govuk-!-margin-top-2 govuk-!-margin-bottom-0" onToggle={open}>
      <summary className="govuk-details__summary">
        <span className="govuk-details__summary-text">
          View details<span className="govuk-visually-hidden"> of {requestActionHeading(entry)}</span>
        </span>
      </summary>
      <div className="govuk-details__text">
        {action === null ? (
          <p className="govuk-body">Loading…</p>
        ) : action === 'failed' ? (
          <p className="govuk-body">The details could not be loaded. Try again later.</p>
        ) : (
          <>
            <Files action={action} />
            {sections.length ? (
              <SubmittedAnswers sections={sections} />
            ) : (
              <p className="govuk-body">Nothing was recorded with this entry.</p>
            )}
          </>
        )}
      </div>
    </details>
  );
}
