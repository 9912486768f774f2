// For the account page's component tests: 'Start a new task' as the account page draws it, once
// what may be started on the account has been read.
import { StartTask, useAvailableWorkflows } from '../../web/pages/accounts/start-task';

export function StartTaskOnAccount({ accountId }: { accountId: number }) {
  const { available, reload } = useAvailableWorkflows(accountId);
  return available ? <StartTask accountId={accountId} available={available} reload={reload} /> : null;
}
