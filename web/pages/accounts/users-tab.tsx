// Users and contacts of the account, from the operator-authorities API. Managing them (invite,
// activate, change role, remove) is the users area's; this tab lists who is there.
import { useEffect, useState } from 'react';
import { Tag } from '../../components';
import { apiGet } from '../../lib/api';

interface OperatorAuthorities {
  authorities: { userId: string | null; email: string; firstName: string | null; lastName: string | null; roleName: string; authorityStatus: string }[];
  contactTypes: Record<string, string>;
}

const contactLabels: Record<string, string> = { PRIMARY: 'Primary contact', SECONDARY: 'Secondary contact', SERVICE: 'Service contact', FINANCIAL: 'Financial contact' };
const statusText: Record<string, string> = { PENDING: 'Awaiting confirmation', ACCEPTED: 'Accepted', ACTIVE: 'Active', DISABLED: 'Disabled' };

export function UsersTab({ accountId }: { accountId: number }) {
  const [data, setData] = useState<OperatorAuthorities | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiGet<OperatorAuthorities>(`/v1.0/operator-authorities/account/${accountId}`)
      .then(setData)
      .catch(() => setFailed(true));
  }, [accountId]);
  const contactsOf = (userId: string | null) =>
    Object.entries(data?.contactTypes ?? {})
      .filter(([, id]) => id === userId)
      .map(([type]) => contactLabels[type] ?? type);
  return (
    <>
      <h2 className="govuk-heading-m">Users and contacts</h2>
      {failed ? <p className="govuk-body">The users could not be loaded.</p> : null}
      {data && data.authorities.length === 0 ? <p className="govuk-body">This account has no users yet.</p> : null}
      {data && data.authorities.length > 0 ? (
        <table className="govuk-table">
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              <th scope="col" className="govuk-table__header">Name</th>
              <th scope="col" className="govuk-table__header">Email</th>
              <th scope="col" className="govuk-table__header">Role</th>
              <th scope="col" className="govuk-table__header">Contact</th>
              <th scope="col" className="govuk-table__header">Status</th>
            </tr>
          </thead>
          <tbody className="govuk-table__body">
            {data.authorities.map((a) => (
              <tr key={a.userId ?? a.email} className="govuk-table__row">
                <td className="govuk-table__cell">{[a.firstName, a.lastName].filter(Boolean).join(' ') || '–'}</td>
                <td className="govuk-table__cell">{a.email}</td>
                <td className="govuk-table__cell">{a.roleName}</td>
                <td className="govuk-table__cell">{contactsOf(a.userId).join(', ') || '–'}</td>
                <td className="govuk-table__cell">
                  <Tag>{statusText[a.authorityStatus] ?? a.authorityStatus}</Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
