// One organisation account (/accounts/{accountId}) with its tabs, and 'Start a new task'.
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { Tabs } from '../../components';
import { usePageTitle } from '../../lib/page-title';
import { HttpError, apiGet } from '../../lib/api';
import type { OrganisationAccountDto } from '../../../domain/accounts';
import { DetailsTab } from './details-tab';
import { NotesTab } from './notes-tab';
import { RequestsTab } from './requests-tab';
import { UsersTab } from './users-tab';
import { StartTask, useAvailableWorkflows } from './start-task';
import { AuditTab } from './audit-tab';
import { useSession } from '../../stores/session';

export default function AccountPage() {
  const { accountId } = useParams<{ accountId: string }>();
  const [account, setAccount] = useState<OrganisationAccountDto | null>(null);
  const [missing, setMissing] = useState(false);
  const regulator = useSession((s) => s.userState?.roleType === 'REGULATOR');
  const workflows = useAvailableWorkflows(accountId);
  usePageTitle(account?.name ?? 'Account');
  useEffect(() => {
    apiGet(`/v1.0/organisation/account/${encodeURIComponent(accountId)}`).then(setAccount, (err) =>
      setMissing(err instanceof HttpError && err.status === 404),
    );
  }, [accountId]);

  if (missing) {
    return (
      <>
        <h1 className="govuk-heading-l">Account not found</h1>
        <p className="govuk-body">There is no account at this address that you can see.</p>
      </>
    );
  }
  if (!account || workflows.available === undefined) return null;
  return (
    <>
      <span className="govuk-caption-l">{account.organisationId}</span>
      <h1 className="govuk-heading-l">{account.name}</h1>
      {workflows.available ? (
        <StartTask accountId={account.id} available={workflows.available} reload={workflows.reload} />
      ) : null}
      <Tabs
        items={[
          { id: 'details', label: 'Details', panel: <DetailsTab account={account} onChange={setAccount} /> },
          {
            id: 'phases',
            label: 'Phases',
            panel: (
              <RequestsTab
                accountId={account.id}
                category="REPORTING"
                heading="Phases"
                empty="No reporting has started for this account yet."
              />
            ),
          },
          { id: 'users', label: 'Users and contacts', panel: <UsersTab accountId={account.id} /> },
          {
            id: 'workflows',
            label: 'Workflow history',
            panel: (
              <RequestsTab
                accountId={account.id}
                category="PERMIT"
                heading="Workflow history"
                empty="There are no workflows for this account yet."
              />
            ),
          },
          { id: 'notes', label: 'Notes', panel: <NotesTab accountId={account.id} /> },
          ...(regulator ? [{ id: 'audit', label: 'Audit trail', panel: <AuditTab accountId={account.id} /> }] : []),
        ]}
      />
    </>
  );
}
