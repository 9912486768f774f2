// A request for information batch's progress (/compliance/rfi-batches/:id): the counts so far, read
// again every second until its workflow has finished, then each organisation's outcome with a link
// to its request.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { SortableTable, type TableColumn } from '../../components';
import { ScrollableTable } from '../../components/scrollable-table';
import { HttpError, apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { formatDateLong } from '../../../domain/validation/dates';
import { rfiBatchOutcomeLabels, type RfiBatchProgress } from '../../../processes/request-for-information/batch';

const POLL_MS = 1000;
type Row = RfiBatchProgress['organisations'][number];
const columns: TableColumn<Row>[] = [
  { header: 'Organisation', field: 'name', isHeader: true },
  { header: 'Outcome', field: 'outcome' },
  { header: 'Request', field: 'requestId' },
];

export default function RfiBatchProgressPage() {
  const { id } = useParams<{ id: string }>();
  const [progress, setProgress] = useState<RfiBatchProgress | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  usePageTitle('Requests for information');

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      apiGet<RfiBatchProgress>(`/v1.0/compliance/rfi-batches/${encodeURIComponent(id ?? '')}`)
        .then((p) => {
          if (!live) return;
          setProgress(p);
          if (!p.done) timer = setTimeout(read, POLL_MS);
        })
        .catch((err) => live && setFailed(err instanceof HttpError ? err.message : 'The requests could not be loaded. Try again later.'));
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);

  const decided = progress ? progress.total - progress.counts.PENDING : 0;
  return (
    <>
      <h1 className="govuk-heading-l">Requests for information</h1>
      {failed ? <p className="govuk-body">{failed}</p> : null}
      {progress ? (
        <>
          <p className="govuk-body">
            Sent by {progress.createdBy} on {new Date(progress.createdAt).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Europe/London' })} to organisations on the list of the {progress.reportName}.
          </p>
          <div className="app-progress">
            <label className="govuk-label govuk-label--s" htmlFor="rfi-progress">
              {progress.done ? 'Finished' : 'Sending requests for information'}
            </label>
            <progress id="rfi-progress" className="app-progress__bar" max={progress.total} value={decided}>
              {decided} of {progress.total}
            </progress>
            <p className="govuk-body" role="status" aria-live="polite" data-testid="rfi-status">
              {progress.done ? `Done: ${progress.counts.STARTED} sent, ${progress.total - progress.counts.STARTED} not sent, of ${progress.total}` : `${decided} of ${progress.total} organisations done`}
            </p>
          </div>
          <dl className="govuk-summary-list">
            <div className="govuk-summary-list__row">
              <dt className="govuk-summary-list__key">Questions</dt>
              <dd className="govuk-summary-list__value">
                <span className="esos-answer-line">{progress.questions}</span>
              </dd>
            </div>
            <div className="govuk-summary-list__row">
              <dt className="govuk-summary-list__key">Deadline for the response</dt>
              <dd className="govuk-summary-list__value">{formatDateLong(progress.deadline)}</dd>
            </div>
            {(['STARTED', 'ALREADY_OPEN', 'NOT_LIVE', 'NOT_STARTED', 'PENDING'] as const).map((k) => (
              <div key={k} className="govuk-summary-list__row">
                <dt className="govuk-summary-list__key">{rfiBatchOutcomeLabels[k]}</dt>
                <dd className="govuk-summary-list__value" data-count={k}>{progress.counts[k]}</dd>
              </div>
            ))}
          </dl>
          {progress.done ? (
            <>
              <h2 className="govuk-heading-m">Each organisation</h2>
              {progress.organisations.length < progress.total ? <p className="govuk-body">The first {progress.organisations.length.toLocaleString('en-GB')} of {progress.total.toLocaleString('en-GB')} organisations, by name.</p> : null}
              <ScrollableTable label="Each organisation's request for information">
                <SortableTable<Row>
                  columns={columns}
                  data={progress.organisations}
                  rowKey={(r) => r.accountId}
                  cell={(row, column) =>
                    column.field === 'outcome' ? (
                      rfiBatchOutcomeLabels[row.outcome]
                    ) : column.field === 'requestId' ? (
                      row.requestId ? (
                        <Link className="govuk-link" href={`/accounts/${row.accountId}/workflows/${row.requestId}`}>{row.requestId}</Link>
                      ) : (
                        ''
                      )
                    ) : (
                      row.name
                    )
                  }
                />
              </ScrollableTable>
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
