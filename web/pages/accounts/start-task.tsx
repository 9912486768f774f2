// 'Start a new task' (reference workflows §5): the processes the caller may start on the account,
// with the reason when one cannot start, and a Start button (POST /requests) when it can.
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Details, NotificationBanner } from '../../components';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { disaggregatedStart } from '../../../domain/requests';
import { longDate } from '../../../domain/scheme-dates';
import { processFor, type Availability } from '../../../processes';
import { TemplateDownload, processTemplates } from './template-download';

const names = (type: string) => processFor(type)?.name ?? type;
/** A process's title; a phase's report that no process runs yet has its own (domain/phases.ts). */
const titles = (type: string, a?: Availability) => processFor(type)?.title ?? a?.title ?? type;

/** The reference's reason texts for a process that cannot start; a report not open yet says when it opens. */
export function reason(type: string, a: Availability): string | null {
  const x = processFor(type) ? names(type) : titles(type, a);
  if (a.valid && !a.requests?.length) return null;
  if (a.opensOn !== undefined)
    return a.opensOn
      ? `You can start the ${x} from ${longDate(a.opensOn)}.`
      : `You cannot start the ${x} yet: it opens when its guidance is published.`;
  if (a.accountStatus)
    return `You cannot start the ${x} while the account status is ${a.accountStatus.replace(/_/g, ' ').toUpperCase()}.`;
  const blocking = a.requests?.[0];
  if (blocking === type) return `You cannot start the ${x} process as it is already in progress or has been completed.`;
  if (blocking) return `You cannot start the ${x} if you haven't submitted the ${names(blocking)}.`;
  return `You cannot start the ${x}.`;
}

export type AvailableWorkflows = Record<string, Availability>;

/**
 * What the caller may start on the account. The account page reads it with the account and draws
 * both at once: drawn later, this section would push the tabs below it down under a pointer.
 */
export function useAvailableWorkflows(accountId: string | number) {
  // undefined while it loads; null when it could not be read (the section is then left out).
  const [available, setAvailable] = useState<AvailableWorkflows | null | undefined>(undefined);
  const reload = useCallback(() => {
    apiGet(`/v1.0/requests/available-workflows/permit/${encodeURIComponent(accountId)}`).then(setAvailable, () =>
      setAvailable(null),
    );
  }, [accountId]);
  useEffect(reload, [reload]);
  return { available, reload };
}

interface StartTaskProps {
  accountId: number;
  available: AvailableWorkflows;
  reload: () => void;
}

export function StartTask({ accountId, available, reload }: StartTaskProps) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [, navigate] = useLocation();
  const start = async (type: string) => {
    try {
      const { requestId, tasks } = await apiPost(
        '/v1.0/requests',
        { requestCreateActionType: type },
        { query: { accountId } },
      );
      // Reference workflows §3.1 step 6: straight to the task when the request has exactly one.
      if (tasks?.length === 1) {
        navigate(`/tasks/${tasks[0]!.taskId}`);
        return;
      }
      setMessage({ ok: true, text: `${titles(type)} started (${requestId}). Its first task is on your Tasks page.` });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof HttpError ? err.message : 'The task could not be started' });
    }
    reload();
  };
  const entries = Object.entries(available);
  return (
    <section aria-labelledby="start-task-heading" className="govuk-!-margin-bottom-6">
      <h2 id="start-task-heading" className="govuk-heading-m">
        Start a new task
      </h2>
      {message ? (
        <NotificationBanner type={message.ok ? 'success' : 'neutral'} title={message.ok ? 'Success' : 'Important'}>
          <p className="govuk-body">{message.text}</p>
        </NotificationBanner>
      ) : null}
      {entries.length === 0 ? <p className="govuk-body">There are no available processes to initiate.</p> : null}
      {entries.map(([type, a]) => (
        <div key={type}>
          <h3 className="govuk-heading-s">{titles(type, a)}</h3>
          {reason(type, a) ? (
            <p className="govuk-body">{reason(type, a)}</p>
          ) : (
            <Button onClick={() => void start(type)}>{processFor(type)?.create?.button ?? 'Start'}</Button>
          )}
          {processFor(type)?.create?.disaggregated && disaggregatedStart.offered(a) ? (
            <p className="govuk-body">
              <Link className="govuk-link" href={disaggregatedStart.path(accountId, type)}>
                {disaggregatedStart.link(names(type))}
              </Link>
            </p>
          ) : null}
          {processFor(type)?.about?.length ? (
            <Details summary={`About ${titles(type)}`}>
              {processFor(type)!.about!.map((p) => (
                <p key={p} className="govuk-body">
                  {p}
                </p>
              ))}
              {processTemplates[type] ? <TemplateDownload {...processTemplates[type]} /> : null}
            </Details>
          ) : null}
        </div>
      ))}
    </section>
  );
}
