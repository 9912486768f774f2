// A chase's progress (/compliance/chases/:id): the counts so far, read again every second without
// reloading the page until the workflow has finished, then each organisation's outcome.
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { SortableTable, type TableColumn } from '../../components';
import { ScrollableTable } from '../../components/scrollable-table';
import { HttpError, apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { chaseOutcomeLabels, type ChaseProgress } from '../../../domain/compliance';

const POLL_MS = 1000;
type Row = ChaseProgress['organisations'][number];
const columns: TableColumn<Row>[] = [
  { header: 'Organisation', field: 'name', isHeader: true },
  { header: 'Outcome', field: 'outcome' },
  { header: 'Sent to', field: 'to' },
];

export default function ChaseProgressPage() {
  const { id } = useParams<{ id: string }>();
  const [progress, setProgress] = useState<ChaseProgress | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  usePageTitle('Reminders');

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      apiGet<ChaseProgress>(`/v1.0/compliance/chases/${encodeURIComponent(id ?? '')}`)
        .then((p) => {
          if (!live) return;
          setProgress(p);
          if (!p.done) timer = setTimeout(read, POLL_MS);
        })
        .catch((err) => live && setFailed(err instanceof HttpError ? err.message : 'The reminders could not be loaded. Try again later.'));
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);

  const decided = progress ? progress.total - progress.counts.PENDING : 0;
  return (
    <>
      <h1 className="govuk-heading-l">{progress ? `Reminders about the ${progress.reportName}` : 'Reminders'}</h1>
      {failed ? <p className="govuk-body">{failed}</p> : null}
      {progress ? (
        <>
          <p className="govuk-body">
            Started by {progress.createdBy} on {new Date(progress.createdAt).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Europe/London' })}.
          </p>
          <div className="app-progress">
            <label className="govuk-label govuk-label--s" htmlFor="chase-progress">
              {progress.done ? 'Finished' : 'Sending reminders'}
            </label>
            <progress id="chase-progress" className="app-progress__bar" max={progress.total} value={decided}>
              {decided} of {progress.total}
            </progress>
            <p className="govuk-body" role="status" aria-live="polite" data-testid="chase-status">
              {progress.done ? `Done: ${progress.counts.SENT} sent, ${progress.total - progress.counts.SENT} not sent, of ${progress.total}` : `${decided} of ${progress.total} organisations done`}
            </p>
          </div>
          <dl className="govuk-summary-list app-chase-counts">
            {(['SENT', 'ALREADY_REMINDED', 'NO_CONTACT', 'PENDING'] as const).map((k) => (
              <div key={k} className="govuk-summary-list__row">
                <dt className="govuk-summary-list__key">{chaseOutcomeLabels[k]}</dt>
                <dd className="govuk-summary-list__value" data-count={k}>{progress.counts[k]}</dd>
              </div>
            ))}
          </dl>
          {progress.done ? (
            <>
              <h2 className="govuk-heading-m">Each organisation</h2>
              {progress.organisations.length < progress.total ? <p className="govuk-body">The first {progress.organisations.length.toLocaleString('en-GB')} of {progress.total.toLocaleString('en-GB')} organisations, by name.</p> : null}
              <ScrollableTable label="Each organisation's reminder">
                <SortableTable<Row>
                  columns={columns}
                  data={progress.organisations}
                  rowKey={(r) => r.accountId}
                  cell={(row, column) => (column.field === 'outcome' ? chaseOutcomeLabels[row.outcome] : column.field === 'to' ? (row.to ?? '') : row.name)}
                />
              </ScrollableTable>
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
