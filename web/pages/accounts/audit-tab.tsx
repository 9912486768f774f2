// The account's audit trail (regulators only): every change to the account, its users' authorities,
// its requests, tasks, notes and files, newest first, 20 a page (GET /accounts/{id}/audit-entries).
import { useEffect, useState } from 'react';
import { Pagination, ScrollableTable } from '../../components';
import { apiGet } from '../../lib/api';
import { dateTime } from '../task/timeline';
import type { AuditEntriesPage, AuditEntryDto } from '../../../domain/audit';

const PAGE_SIZE = 20;

/** The authority the actor acted with ('Advanced user'), or the service when no one acted. */
function actingAs(entry: AuditEntryDto): string {
  if (!entry.actor) return 'The service';
  return entry.actor.actingAs ?? 'User';
}

export function AuditTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AuditEntriesPage | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiGet(`/v1.0/accounts/${accountId}/audit-entries`, {
      query: { page: page - 1, size: PAGE_SIZE },
    }).then(
      (d) => {
        setData(d);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [accountId, page]);

  return (
    <>
      <h2 className="govuk-heading-m">Audit trail</h2>
      <p className="govuk-body">
        Every change to this account and its users, tasks, reports, notes and files: who made it, acting with which
        authority, when and from which address.
      </p>
      {failed ? <p className="govuk-body">The audit trail could not be loaded. Try again later.</p> : null}
      {data && data.totalItems === 0 ? <p className="govuk-body">There are no audit entries yet.</p> : null}
      {data && data.auditEntries.length > 0 ? (
        <ScrollableTable label="Audit entries">
          <table className="govuk-table">
            <caption className="govuk-table__caption govuk-visually-hidden">Audit entries, newest first</caption>
            <thead className="govuk-table__head">
              <tr className="govuk-table__row">
                <th scope="col" className="govuk-table__header">
                  When
                </th>
                <th scope="col" className="govuk-table__header">
                  What happened
                </th>
                <th scope="col" className="govuk-table__header">
                  Acting as, from
                </th>
              </tr>
            </thead>
            <tbody className="govuk-table__body">
              {data.auditEntries.map((e) => (
                <tr key={e.id} className="govuk-table__row">
                  <td className="govuk-table__cell">{dateTime(e.at)}</td>
                  <td className="govuk-table__cell">
                    {e.description}
                    {e.requestId ? (
                      <span className="govuk-body-s govuk-!-display-block govuk-!-margin-bottom-0">
                        Request {e.requestId}
                      </span>
                    ) : null}
                  </td>
                  <td className="govuk-table__cell">
                    {actingAs(e)}
                    <span className="govuk-body-s govuk-!-display-block govuk-!-margin-bottom-0">
                      {e.address ? `From ${e.address}` : e.source === 'api' ? 'From an unknown address' : 'Automatic'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      ) : null}
      {data ? (
        <Pagination
          totalItems={data.totalItems}
          pageSize={PAGE_SIZE}
          currentPage={page}
          onPageChange={setPage}
          hideSummary
        />
      ) : null}
    </>
  );
}
