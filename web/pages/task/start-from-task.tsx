// A process a regulator may start from a task of another request on the same account (its
// definition's `create.fromTask`, e.g. 'Send a request for information', issue 30): offered on the
// task page when the caller may start it on the task's account now, it starts one there (POST
// /requests) and opens its first task with `?about=<the request the regulator came from>`, which the
// process's own page may use.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ActionLink, ErrorMessage } from '../../components';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { registeredProcesses } from '../../../processes';
import type { RoleType } from '../../../domain/authorities';
import type { TaskView } from './task-view';

export function StartFromTask({ view, roleType }: { view: TaskView; roleType: RoleType | undefined }) {
  const { accountId, id: requestId, type } = view.requestInfo;
  const offers = registeredProcesses().filter(
    (p) => p.create?.fromTask && p.create.roleType === roleType && p.requestType !== type,
  );
  const [offered, setOffered] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const wanted = offers.map((p) => p.requestType).join(',');
  useEffect(() => {
    if (accountId === null || accountId === undefined || !wanted) return;
    // Offered only when the caller may start it on this account now (the account page's rule).
    apiGet(`/v1.0/requests/available-workflows/permit/${encodeURIComponent(accountId)}`).then(
      (available) => setOffered(wanted.split(',').filter((t) => available[t]?.valid)),
      () => setOffered([]),
    );
  }, [accountId, wanted]);
  return (
    <>
      {offers
        .filter((p) => offered.includes(p.requestType))
        .map((p) => {
          const words = p.create!.fromTask!;
          const start = async () => {
            try {
              const { tasks } = await apiPost(
                '/v1.0/requests',
                { requestCreateActionType: p.requestType },
                { query: { accountId: accountId! } },
              );
              navigate(`/tasks/${tasks![0]!.taskId}?about=${encodeURIComponent(requestId)}`);
            } catch (err) {
              setProblem(err instanceof HttpError ? err.message : words.failure);
            }
          };
          const headingId = `start-${p.requestType.toLowerCase()}-heading`;
          return (
            <aside key={p.requestType} className="govuk-!-margin-bottom-6" aria-labelledby={headingId}>
              <h2 id={headingId} className="govuk-heading-m">
                {words.heading}
              </h2>
              {problem ? <ErrorMessage>{problem}</ErrorMessage> : null}
              <p className="govuk-body">
                <ActionLink onClick={() => void start()}>{words.link}</ActionLink>
              </p>
            </aside>
          );
        })}
    </>
  );
}
