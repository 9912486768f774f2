// Users and contacts of the account, from the operator-authorities API. Callers the API calls
// `editable` (the account's Advanced users, regulators with the user-edit permission) also invite
// users, change a user's role and status, set the contacts and remove users; the API keeps at least
// one active Advanced user and says so when a change would leave none.
import { useCallback, useEffect, useState } from 'react';
import { ActionLink, Button, ButtonGroup, NotificationBanner, Tag } from '../../components';
import { Link } from 'wouter';
import { apiGet } from '../../lib/api';
import { useSession } from '../../stores/session';
import { contactTypes } from '../../../domain/users';
import { EditContacts } from './users/edit-contacts';
import { EditUser } from './users/edit-user';
import { InviteUser } from './users/invite-user';
import { RemoveUser } from './users/remove-user';
import {
  contactLabels,
  statusColours,
  statusLabels,
  userName,
  usersPath,
  type OperatorAuthorities,
  type OperatorAuthority,
} from './users/users-data';

type KnownUser = OperatorAuthority & { userId: string };
type Mode =
  | { kind: 'list' }
  | { kind: 'invite' }
  | { kind: 'contacts' }
  | { kind: 'edit'; user: KnownUser }
  | { kind: 'remove'; user: KnownUser };

export function UsersTab({ accountId }: { accountId: number }) {
  const me = useSession((s) => s.userState?.userId);
  const [data, setData] = useState<OperatorAuthorities | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(() => {
    apiGet(usersPath(accountId))
      .then(setData)
      .catch(() => setFailed(true));
  }, [accountId]);
  useEffect(load, [load]);

  const finished = (message: string) => {
    setDone(message);
    setMode({ kind: 'list' });
    load();
  };
  const back = () => setMode({ kind: 'list' });
  const open = (next: Mode) => {
    setDone(null);
    setMode(next);
  };

  if (data?.editable) {
    switch (mode.kind) {
      case 'invite':
        return (
          <InviteUser
            accountId={accountId}
            onInvited={(email) => finished(`An invitation has been sent to ${email}`)}
            onCancel={back}
          />
        );
      case 'edit':
        return (
          <EditUser
            accountId={accountId}
            user={mode.user}
            onSaved={() => finished(`${userName(mode.user)} has been updated`)}
            onCancel={back}
          />
        );
      case 'contacts':
        return (
          <EditContacts
            accountId={accountId}
            data={data}
            onSaved={() => finished('The contacts have been updated')}
            onCancel={back}
          />
        );
      case 'remove':
        return (
          <RemoveUser
            accountId={accountId}
            user={mode.user}
            onRemoved={() => finished(`${userName(mode.user)} has been removed from the account`)}
            onCancel={back}
          />
        );
    }
  }

  const contactsOf = (userId: string | null) =>
    contactTypes
      .filter((type) => userId !== null && data?.contactTypes[type] === userId)
      .map((type) => contactLabels[type]);
  const known = (a: OperatorAuthority): a is KnownUser => a.userId !== null;
  return (
    <>
      {done ? (
        <NotificationBanner type="success">
          <p className="govuk-notification-banner__heading">{done}</p>
        </NotificationBanner>
      ) : null}
      <h2 className="govuk-heading-m">Users and contacts</h2>
      {failed ? <p className="govuk-body">The users could not be loaded.</p> : null}
      {data?.editable ? (
        <ButtonGroup>
          <Button type="button" variant="secondary" onClick={() => open({ kind: 'invite' })}>
            Add a new user
          </Button>
          <Button type="button" variant="secondary" onClick={() => open({ kind: 'contacts' })}>
            Change contacts
          </Button>
        </ButtonGroup>
      ) : null}
      {data && data.authorities.length === 0 ? <p className="govuk-body">This account has no users yet.</p> : null}
      {data?.authorities.some((a) => a.authorityStatus === 'ACCEPTED') ? (
        <p className="govuk-body">
          Accepted means the user has accepted their invitation and is waiting to be activated by an administrator of
          the account.
        </p>
      ) : null}
      {data && data.authorities.length > 0 ? (
        <table className="govuk-table">
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              <th scope="col" className="govuk-table__header">
                Name
              </th>
              <th scope="col" className="govuk-table__header">
                Email
              </th>
              <th scope="col" className="govuk-table__header">
                Role
              </th>
              <th scope="col" className="govuk-table__header">
                Contact
              </th>
              <th scope="col" className="govuk-table__header">
                Status
              </th>
              {data.editable ? (
                <th scope="col" className="govuk-table__header">
                  <span className="govuk-visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="govuk-table__body">
            {data.authorities.map((a) => (
              <tr key={a.userId ?? a.email} className="govuk-table__row">
                <td className="govuk-table__cell">
                  {/* Their details (reference §E): one's own row always, every non-pending row for who manages users. */}
                  {a.userId && (a.userId === me || (data.editable && a.authorityStatus !== 'PENDING')) ? (
                    <Link className="govuk-link" href={`/accounts/${accountId}/users/${encodeURIComponent(a.userId)}`}>
                      {[a.firstName, a.lastName].filter(Boolean).join(' ') || a.email}
                    </Link>
                  ) : (
                    [a.firstName, a.lastName].filter(Boolean).join(' ') || '–'
                  )}
                </td>
                <td className="govuk-table__cell">{a.email}</td>
                <td className="govuk-table__cell">{a.roleName}</td>
                <td className="govuk-table__cell">{contactsOf(a.userId).join(', ') || '–'}</td>
                <td className="govuk-table__cell">
                  <Tag colour={statusColours[a.authorityStatus]}>
                    {statusLabels[a.authorityStatus] ?? a.authorityStatus}
                  </Tag>
                </td>
                {data.editable ? (
                  <td className="govuk-table__cell">
                    {known(a) ? (
                      <ul className="govuk-list">
                        {a.authorityStatus !== 'PENDING' ? (
                          <li>
                            <ActionLink onClick={() => open({ kind: 'edit', user: a })}>
                              Change<span className="govuk-visually-hidden"> {userName(a)}</span>
                            </ActionLink>
                          </li>
                        ) : null}
                        <li>
                          <ActionLink onClick={() => open({ kind: 'remove', user: a })}>
                            Remove<span className="govuk-visually-hidden"> {userName(a)}</span>
                          </ActionLink>
                        </li>
                      </ul>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
