// A chase's progress (/compliance/chases/:id): the counts so far, read again every second without
// reloading the page until the workflow has finished, then each organisation's outcome.
import { useParams } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { chaseOutcomeLabels, type ChaseProgress } from '../../../domain/compliance';
import { EachOrganisation, OutcomeCounts, ProgressBar, startedAt, useBatchProgress } from './batch-progress';

export default function ChaseProgressPage() {
  const { id } = useParams<{ id: string }>();
  const { progress, failed } = useBatchProgress<ChaseProgress>(
    `/v1.0/compliance/chases/${encodeURIComponent(id ?? '')}`,
    'The reminders could not be loaded. Try again later.',
  );
  usePageTitle('Reminders');

  return (
    <>
      <h1 className="govuk-heading-l">{progress ? `Reminders about the ${progress.reportName}` : 'Reminders'}</h1>
      {failed ? <p className="govuk-body">{failed}</p> : null}
      {progress ? (
        <>
          <p className="govuk-body">
            Started by {progress.createdBy} on {startedAt(progress)}.
          </p>
          <ProgressBar id="chase" progress={progress} sending="Sending reminders" sent={progress.counts.SENT} />
          <OutcomeCounts
            counts={progress.counts}
            labels={chaseOutcomeLabels}
            outcomes={['SENT', 'ALREADY_REMINDED', 'NO_CONTACT', 'PENDING']}
            className="app-chase-counts"
          />
          <EachOrganisation
            progress={progress}
            label="Each organisation's reminder"
            last={{ header: 'Sent to', field: 'to' }}
            cell={(row, column) =>
              column.field === 'outcome'
                ? chaseOutcomeLabels[row.outcome]
                : column.field === 'to'
                  ? (row.to ?? '')
                  : row.name
            }
          />
        </>
      ) : null}
    </>
  );
}
