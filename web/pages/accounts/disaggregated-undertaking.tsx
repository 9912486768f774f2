// 'Disaggregated undertakings' (reference workflows §5): an undertaking that left the group which
// notified starts a progress update on its own behalf, without the report it would start from.
import { useEffect, useId, useState } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { BackLink, Button, ErrorSummary } from '../../components';
import { usePageTitle, setFormErrors } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { HttpError, apiPost } from '../../lib/api';
import { disaggregatedStart } from '../../../domain/requests';
import { processFor } from '../../../processes';

export default function DisaggregatedUndertaking() {
  const { accountId, requestType } = useParams<{ accountId: string; requestType: string }>();
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const pending = useAnyRequestPending();
  const formId = useId();
  usePageTitle(disaggregatedStart.heading);
  useEffect(() => setFormErrors(formId, !!problem), [formId, problem]);
  useEffect(() => () => setFormErrors(formId, false), [formId]);

  const type = requestType;
  const process = processFor(type);
  if (!process?.create?.disaggregated || !/^\d{1,9}$/.test(accountId)) return <Redirect to="/error/404" replace />;
  const name = process.name;

  const start = async () => {
    try {
      const { tasks } = await apiPost(
        '/v1.0/requests',
        { requestCreateActionType: type, requestCreateActionPayload: { isDisaggregateUndertaking: true } },
        { query: { accountId } },
      );
      // As 'Start a new task' does (reference §3.1 step 6): to the task when there is exactly one.
      navigate(tasks?.length === 1 ? `/tasks/${tasks[0]!.taskId}` : '/dashboard');
    } catch (err) {
      setProblem(err instanceof HttpError ? err.message : `${name} could not be started`);
      setAttempts((n) => n + 1);
    }
  };

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <BackLink href={`/accounts/${accountId}`} />
        <ErrorSummary errors={problem ? [{ path: 'start', message: problem }] : []} focusKey={attempts} />
        <h1 className="govuk-heading-l">{disaggregatedStart.heading}</h1>
        {disaggregatedStart.body.map((text) => (
          <p className="govuk-body" key={text}>
            {text}
          </p>
        ))}
        <Button type="button" id="l.start" pending={pending} onClick={() => void start()}>
          {disaggregatedStart.button(name)}
        </Button>
      </div>
    </div>
  );
}
