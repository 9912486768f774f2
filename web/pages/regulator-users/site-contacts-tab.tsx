// Site contacts: which regulator is the contact of each live account (the default assignee of the
// account's regulator tasks). Administrators pick one of the active regulators, or none.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, ErrorSummary, Pagination } from '../../components';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { useAnyRequestPending } from '../../lib/pending';
import type { CaSiteContacts } from '../../../domain/users';
import { regulatorName, type RegulatorUsers } from './regulators-data';

const PAGE_SIZE = 20;

export function SiteContactsTab({ users, onSaved }: { users: RegulatorUsers; onSaved: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<CaSiteContacts | null>(null);
  const [changes, setChanges] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const pending = useAnyRequestPending();
  useEffect(() => {
    let live = true;
    apiGet('/v1.0/ORGANISATION/ca-site-contacts', { query: { page: page - 1, size: PAGE_SIZE } })
      .then((r) => live && setData(r))
      .catch(() => live && setError('The site contacts could not be loaded. Try again later.'));
    return () => {
      live = false;
    };
  }, [page, attempts]);
  const regulators = users.caUsers.filter((u) => u.userId && u.authorityStatus === 'ACTIVE');
  const nameOf = (userId: string | null) =>
    userId
      ? regulatorName(users.caUsers.find((u) => u.userId === userId) ?? { firstName: null, lastName: null })
      : 'None';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const updates = Object.entries(changes).map(([accountId, userId]) => ({
      accountId: Number(accountId),
      userId: userId || null,
    }));
    if (updates.length === 0) return;
    try {
      await apiPost('/v1.0/ORGANISATION/ca-site-contacts', updates);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      setError(err.message);
      return;
    }
    setError(null);
    setChanges({});
    setAttempts((n) => n + 1);
    onSaved('The site contacts have been updated');
  };

  if (!data) return error ? <p className="govuk-body">{error}</p> : null;
  return (
    <>
      <h2 className="govuk-heading-m">Site contacts</h2>
      <p className="govuk-body">
        The site contact of an account is given its regulator tasks unless someone else is chosen.
      </p>
      {error ? <ErrorSummary errors={[{ path: 'site-contacts', message: error }]} focusKey={attempts} /> : null}
      {data.totalItems === 0 ? (
        <p className="govuk-body">There are no live accounts yet.</p>
      ) : (
        <form noValidate onSubmit={save} id="l.site-contacts">
          <table className="govuk-table">
            <caption className="govuk-table__caption govuk-visually-hidden">Site contacts of the accounts</caption>
            <thead className="govuk-table__head">
              <tr className="govuk-table__row">
                <th scope="col" className="govuk-table__header">
                  Account
                </th>
                <th scope="col" className="govuk-table__header">
                  Site contact
                </th>
              </tr>
            </thead>
            <tbody className="govuk-table__body">
              {data.caSiteContacts.map((c) => (
                <tr key={c.accountId} className="govuk-table__row">
                  <td className="govuk-table__cell">
                    {c.accountName}
                    <br />
                    <span className="govuk-hint govuk-!-margin-bottom-0">{c.organisationId}</span>
                  </td>
                  <td className="govuk-table__cell">
                    {data.editable ? (
                      <>
                        <label className="govuk-visually-hidden" htmlFor={`contact-${c.accountId}`}>
                          Site contact of {c.accountName}
                        </label>
                        <select
                          id={`contact-${c.accountId}`}
                          className="govuk-select"
                          value={changes[c.accountId] ?? c.userId ?? ''}
                          onChange={(e) => setChanges({ ...changes, [c.accountId]: e.target.value })}
                        >
                          <option value="">None</option>
                          {regulators.map((u) => (
                            <option key={u.userId} value={u.userId!}>
                              {regulatorName(u)}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      nameOf(c.userId)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination totalItems={data.totalItems} pageSize={PAGE_SIZE} currentPage={page} onPageChange={setPage} />
          {data.editable ? <Button pending={pending}>Save site contacts</Button> : null}
        </form>
      )}
    </>
  );
}
