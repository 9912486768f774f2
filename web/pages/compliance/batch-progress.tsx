// What a batch's progress page shows of a workflow that works through a list's organisations (a
// chase, a request for information batch): its counts read again every second without reloading the
// page until the workflow has finished, a progress bar, and then each organisation's outcome.
import { useEffect, useState, type ReactNode } from 'react';
import { SortableTable, type TableColumn } from '../../components';
import { ScrollableTable } from '../../components/scrollable-table';
import { HttpError, apiRequest } from '../../lib/api';

const POLL_MS = 1000;

interface BatchProgress<Row> {
  done: boolean;
  total: number;
  counts: { PENDING: number };
  createdAt: string;
  organisations: Row[];
}

/** The batch's progress from `url`, read every second until done; `failure` when it cannot be read. */
export function useBatchProgress<P extends BatchProgress<unknown>>(url: string, failure: string) {
  const [progress, setProgress] = useState<P | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      apiRequest<P>(url)
        .then((p) => {
          if (!live) return;
          setProgress(p);
          if (!p.done) timer = setTimeout(read, POLL_MS);
        })
        .catch((err) => live && setFailed(err instanceof HttpError ? err.message : failure));
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [url, failure]);
  return { progress, failed };
}

/** When the batch was started, UK time. */
export const startedAt = (progress: { createdAt: string }) =>
  new Date(progress.createdAt).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });

/** The bar of the organisations decided so far, and its status line (`sent` of them when done). */
export function ProgressBar({
  id,
  progress,
  sending,
  sent,
}: {
  id: string;
  progress: BatchProgress<unknown>;
  sending: string;
  sent: number;
}) {
  const decided = progress.total - progress.counts.PENDING;
  return (
    <div className="app-progress">
      <label className="govuk-label govuk-label--s" htmlFor={`${id}-progress`}>
        {progress.done ? 'Finished' : sending}
      </label>
      <progress id={`${id}-progress`} className="app-progress__bar" max={progress.total} value={decided}>
        {decided} of {progress.total}
      </progress>
      <p className="govuk-body" role="status" aria-live="polite" data-testid={`${id}-status`}>
        {progress.done
          ? `Done: ${sent} sent, ${progress.total - sent} not sent, of ${progress.total}`
          : `${decided} of ${progress.total} organisations done`}
      </p>
    </div>
  );
}

/** How many organisations have each outcome so far, after the batch's own rows (`children`). */
export function OutcomeCounts<K extends string>(props: {
  counts: Record<K, number>;
  labels: Record<K, string>;
  outcomes: readonly K[];
  className?: string;
  children?: ReactNode;
}) {
  const { counts, labels, outcomes, className, children } = props;
  return (
    <dl className={className ? `govuk-summary-list ${className}` : 'govuk-summary-list'}>
      {children}
      {outcomes.map((k) => (
        <div key={k} className="govuk-summary-list__row">
          <dt className="govuk-summary-list__key">{labels[k]}</dt>
          <dd className="govuk-summary-list__value" data-count={k}>
            {counts[k]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type OutcomeRow = { accountId: string | number; name: string; outcome: string };

/**
 * Each organisation's outcome, once the batch is done (the first ones by name when there are more):
 * its name, its outcome and one column more (`last`).
 */
export function EachOrganisation<Row extends OutcomeRow>(props: {
  progress: BatchProgress<Row>;
  label: string;
  last: TableColumn<Row>;
  cell: (row: Row, column: TableColumn<Row>) => ReactNode;
}) {
  const { progress, label, last, cell } = props;
  if (!progress.done) return null;
  const columns: TableColumn<Row>[] = [
    { header: 'Organisation', field: 'name', isHeader: true },
    { header: 'Outcome', field: 'outcome' },
    last,
  ];
  return (
    <>
      <h2 className="govuk-heading-m">Each organisation</h2>
      {progress.organisations.length < progress.total ? (
        <p className="govuk-body">
          The first {progress.organisations.length.toLocaleString('en-GB')} of {progress.total.toLocaleString('en-GB')}{' '}
          organisations, by name.
        </p>
      ) : null}
      <ScrollableTable label={label}>
        <SortableTable<Row> columns={columns} data={progress.organisations} rowKey={(r) => r.accountId} cell={cell} />
      </ScrollableTable>
    </>
  );
}
