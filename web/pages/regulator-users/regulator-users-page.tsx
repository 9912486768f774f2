// Regulator users (/user/regulators): the regulators of the caller's competent authority with their
// job title, status and last sign-in, sortable; administrators (permission to manage users and
// contacts) add users, change statuses and set which regulator is each account's site contact.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { NotificationBanner, Tabs } from '../../components/index';
import { apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { UsersTab } from './users-tab';
import { SiteContactsTab } from './site-contacts-tab';
import type { RegulatorUsers } from './regulators-data';

/** A message another page left in the history entry (e.g. 'An invitation has been sent to …'). */
function flashOf(): string | null {
  const state = window.history.state as { flash?: unknown } | null;
  return typeof state?.flash === 'string' ? state.flash : null;
}

export default function RegulatorUsersPage() {
  usePageTitle('Regulator users');
  const [data, setData] = useState<RegulatorUsers | null>(null);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<string | null>(flashOf);
  const load = useCallback(() => {
    apiGet('/v1.0/regulator-authorities')
      .then(setData)
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);
  const saved = (message: string) => {
    setDone(message);
    load();
  };

  return (
    <>
      {done ? (
        <NotificationBanner type="success">
          <p className="govuk-notification-banner__heading">{done}</p>
        </NotificationBanner>
      ) : null}
      <h1 className="govuk-heading-l">Regulator users</h1>
      {data?.editable ? (
        <Link
          href="/user/regulators/add"
          role="button"
          draggable="false"
          className="govuk-button govuk-button--secondary"
          data-module="govuk-button"
        >
          Add a new user
        </Link>
      ) : null}
      {failed ? <p className="govuk-body">The regulator users could not be loaded. Try again later.</p> : null}
      {data ? (
        <Tabs
          items={[
            { id: 'users', label: 'Regulator users', panel: <UsersTab data={data} onSaved={saved} /> },
            { id: 'site-contacts', label: 'Site contacts', panel: <SiteContactsTab users={data} onSaved={saved} /> },
          ]}
          onChange={() => setDone(null)}
        />
      ) : null}
    </>
  );
}
