// A request for information batch's progress (/compliance/rfi-batches/:id): the counts so far, read
// again every second until its workflow has finished, then each organisation's outcome with a link
// to its request.
import { Link, useParams } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { formatDateLong } from '../../../domain/validation/dates';
import { rfiBatchOutcomeLabels, type RfiBatchProgress } from '../../../processes/request-for-information/batch';
import { EachOrganisation, OutcomeCounts, ProgressBar, startedAt, useBatchProgress } from './batch-progress';

export default function RfiBatchProgressPage() {
  const { id } = useParams<{ id: string }>();
  const { progress, failed } = useBatchProgress<RfiBatchProgress>(
    `/v1.0/compliance/rfi-batches/${encodeURIComponent(id ?? '')}`,
    'The requests could not be loaded. Try again later.',
  );
  usePageTitle('Requests for information');

  return (
    <>
      <h1 className="govuk-heading-l">Requests for information</h1>
      {failed ? <p className="govuk-body">{failed}</p> : null}
      {progress ? (
        <>
          <p className="govuk-body">
            Sent by {progress.createdBy} on {startedAt(progress)} to organisations on the list of the{' '}
            {progress.reportName}.
          </p>
          <ProgressBar
            id="rfi"
            progress={progress}
            sending="Sending requests for information"
            sent={progress.counts.STARTED}
          />
          <OutcomeCounts
            counts={progress.counts}
            labels={rfiBatchOutcomeLabels}
            outcomes={['STARTED', 'ALREADY_OPEN', 'NOT_LIVE', 'NOT_STARTED', 'PENDING']}
          >
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
          </OutcomeCounts>
          <EachOrganisation
            progress={progress}
            label="Each organisation's request for information"
            last={{ header: 'Request', field: 'requestId' }}
            cell={(row, column) =>
              column.field === 'outcome' ? (
                rfiBatchOutcomeLabels[row.outcome]
              ) : column.field === 'requestId' ? (
                row.requestId ? (
                  <Link className="govuk-link" href={`/accounts/${row.accountId}/workflows/${row.requestId}`}>
                    {row.requestId}
                  </Link>
                ) : (
                  ''
                )
              ) : (
                row.name
              )
            }
          />
        </>
      ) : null}
    </>
  );
}
