// A request's timeline (reference: platform §4.4): what happened, newest first, with when.
import { requestActionHeading } from '../../../processes';
import type { TimelineEntry } from './task-view';

export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <>
      <h2 className="govuk-heading-m">Timeline</h2>
      {entries.length === 0 ? (
        <p className="govuk-body">Nothing has happened on this request yet.</p>
      ) : (
        <ol className="govuk-list">
          {entries.map((entry) => (
            <li key={entry.id} className="govuk-!-margin-bottom-4">
              <h3 className="govuk-heading-s govuk-!-margin-bottom-1">{requestActionHeading(entry)}</h3>
              <p className="govuk-body-s govuk-!-margin-bottom-0">{dateTime(entry.creationDate)}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
