// A task as GET /tasks/{id} returns it, read afresh on every page of the task (each page is a new
// address), so a page always posts the version it shows.
import { useCallback, useEffect, useState } from 'react';
import { apiGet } from '../../lib/api';
import type { TaskView } from '../task/task-view';
import type { ReportFacts } from '../../../domain/reports/report';

export function useTaskView(taskId: string | undefined, key?: string) {
  // The view with the address it was read for: a page never acts on what another page read.
  const [loaded, setLoaded] = useState<{ view: TaskView; for: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const address = `${taskId}|${key ?? ''}`;
  const load = useCallback(async () => {
    if (!taskId) return;
    try {
      setLoaded({ view: await apiGet(`/v1.0/tasks/${encodeURIComponent(taskId)}`), for: address });
    } catch {
      setMissing(true);
    }
  }, [taskId, address]);
  useEffect(() => {
    void load();
  }, [load]);
  return { view: loaded?.for === address ? loaded.view : null, missing, reload: load };
}

/** What the account tells a report (its name and registration number). */
export function factsOfView(view: TaskView): ReportFacts {
  const prefill = (view.requestTask.payload as { prefill?: ReportFacts['prefill'] }).prefill;
  return {
    ...(view.requestInfo.accountName
      ? {
          account: {
            name: view.requestInfo.accountName,
            registrationNumber: view.requestInfo.accountRegistrationNumber,
          },
        }
      : {}),
    ...(prefill ? { prefill } : {}),
  };
}
