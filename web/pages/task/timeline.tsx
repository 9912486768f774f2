// A request's timeline (reference: platform §4.4): what happened, newest first, with when. A
// cancelled request started again keeps its id, so its timeline holds each start's entries: they are
// shown apart, each start under its own heading ('Second start', 'First start, cancelled on …').
import type { ReactNode } from 'react';
import { requestActionHeading, timelineEntry } from '../../../processes';
import type { TimelineEntry } from './task-view';

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth'];
const ordinal = (n: number) => ordinals[n - 1] ?? `Start number ${n}`;

/**
 * The entries (newest first) split into starts (newest first): a start ends with a cancellation. A
 * request in progress whose last start was cancelled has started again: its current start comes
 * first, with no entries yet.
 */
export function timelineRuns(entries: readonly TimelineEntry[], inProgress = false): TimelineEntry[][] {
  const runs: TimelineEntry[][] = [];
  let current: TimelineEntry[] = [];
  for (const entry of [...entries].reverse()) {
    current.unshift(entry);
    if (timelineEntry(entry.type)?.endsRun) {
      runs.unshift(current);
      current = [];
    }
  }
  if (current.length || (inProgress && runs.length > 0)) runs.unshift(current);
  return runs;
}

/** What a page adds under an entry (the request page: 'View details' of what was submitted). */
type EntryDetails = (entry: TimelineEntry) => ReactNode;

function Entries({
  entries,
  level,
  details,
}: {
  entries: readonly TimelineEntry[];
  level: 3 | 4;
  details?: EntryDetails;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  if (entries.length === 0) return <p className="govuk-body">Nothing has happened since it started.</p>;
  return (
    <ol className="govuk-list">
      {entries.map((entry) => (
        <li key={entry.id} className="govuk-!-margin-bottom-4">
          <Heading
            className={
              level === 3
                ? 'govuk-heading-s govuk-!-margin-bottom-1'
                : 'govuk-body govuk-!-font-weight-bold govuk-!-margin-bottom-1'
            }
          >
            {requestActionHeading(entry)}
          </Heading>
          <p className="govuk-body-s govuk-!-margin-bottom-0">{dateTime(entry.creationDate)}</p>
          {details?.(entry)}
        </li>
      ))}
    </ol>
  );
}

/** `inProgress`: the request is in progress (a start after a cancellation is its current one). */
export function Timeline({
  entries,
  inProgress = false,
  details,
}: {
  entries: readonly TimelineEntry[];
  inProgress?: boolean;
  details?: EntryDetails;
}) {
  const runs = timelineRuns(entries, inProgress);
  return (
    <>
      <h2 className="govuk-heading-m">Timeline</h2>
      {entries.length === 0 ? (
        <p className="govuk-body">Nothing has happened on this request yet.</p>
      ) : runs.length === 1 ? (
        <Entries entries={entries} level={3} details={details} />
      ) : (
        runs.map((run, i) => {
          const n = runs.length - i;
          const last = run[0];
          const ended =
            last && timelineEntry(last.type)?.endsRun
              ? `, cancelled on ${dateTime(last.creationDate)}`
              : i === 0
                ? ' (the current one)'
                : '';
          return (
            <section key={n} className="govuk-!-margin-bottom-6">
              <h3 className="govuk-heading-s govuk-!-margin-bottom-2">{`${ordinal(n)} start${ended}`}</h3>
              <Entries entries={run} level={4} details={details} />
            </section>
          );
        })
      )}
    </>
  );
}
