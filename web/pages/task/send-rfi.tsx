// 'Send a request for information' on a regulator's task of an account (issue 30): starts a request
// for information on the task's account (POST /requests) and opens its first task, whose questions
// start with a reference to the request the regulator came from (`?about=`).
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ActionLink, ErrorMessage } from '../../components';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { RFI } from '../../../processes/request-for-information/codes';
import type { Availability } from '../../../processes';
import type { TaskView } from './task-view';

/** The questions' opening words when an RFI is started from a task of request `requestId`. */
export const aboutRequest = (requestId: string) => `This request is about ${requestId}.\n\n`;

export function SendRfiLink({ view }: { view: TaskView }) {
  const { accountId, id: requestId, type } = view.requestInfo;
  const [offered, setOffered] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (accountId === null || accountId === undefined || type === RFI) return;
    // Offered only when the caller may start one on this account now (the account page's rule).
    apiGet<Record<string, Availability>>(
      `/v1.0/requests/available-workflows/permit/${encodeURIComponent(accountId)}`,
    ).then(
      (available) => setOffered(!!available[RFI]?.valid),
      () => setOffered(false),
    );
  }, [accountId, type]);
  if (!offered) return null;
  const start = async () => {
    try {
      const { tasks } = await apiPost<{ requestId: string; tasks?: { taskId: number }[] }>(
        '/v1.0/requests',
        { requestCreateActionType: RFI },
        { query: { accountId: accountId! } },
      );
      navigate(`/tasks/${tasks![0]!.taskId}?about=${encodeURIComponent(requestId)}`);
    } catch (err) {
      setProblem(err instanceof HttpError ? err.message : 'The request for information could not be started');
    }
  };
  return (
    <aside className="govuk-!-margin-bottom-6" aria-labelledby="send-rfi-heading">
      <h2 id="send-rfi-heading" className="govuk-heading-m">
        Ask the organisation
      </h2>
      {problem ? <ErrorMessage>{problem}</ErrorMessage> : null}
      <p className="govuk-body">
        <ActionLink onClick={() => void start()}>Send a request for information</ActionLink>
      </p>
    </aside>
  );
}
