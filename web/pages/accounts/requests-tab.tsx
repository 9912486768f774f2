// Phases (the reporting requests) and Workflow history (account opening and closure): the
// account's requests from the engine, one category each.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { apiPost } from '../../lib/api';
import { requestTypeName, type RequestType } from '../../../domain/requests';

interface RequestDetails {
  id: string;
  requestType: RequestType;
  requestStatus: string;
  creationDate: string;
}

const statusLabel = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');

export function RequestsTab({ accountId, category, heading, empty }: { accountId: number; category: 'REPORTING' | 'PERMIT'; heading: string; empty: string }) {
  const [requests, setRequests] = useState<RequestDetails[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiPost<{ requestDetails: RequestDetails[] }>('/v1.0/requests/workflows', { accountId, category, paging: { pageNumber: 0, pageSize: 50 } })
      .then((r) => setRequests(r.requestDetails))
      .catch(() => setFailed(true));
  }, [accountId, category]);
  return (
    <>
      <h2 className="govuk-heading-m">{heading}</h2>
      {failed ? <p className="govuk-body">This list could not be loaded.</p> : null}
      {requests?.length === 0 ? <p className="govuk-body">{empty}</p> : null}
      {requests && requests.length > 0 ? (
        <table className="govuk-table">
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              <th scope="col" className="govuk-table__header">Type</th>
              <th scope="col" className="govuk-table__header">Reference</th>
              <th scope="col" className="govuk-table__header">Created</th>
              <th scope="col" className="govuk-table__header">Status</th>
            </tr>
          </thead>
          <tbody className="govuk-table__body">
            {requests.map((r) => (
              <tr key={r.id} className="govuk-table__row">
                <td className="govuk-table__cell">{requestTypeName(r.requestType)}</td>
                <td className="govuk-table__cell">
                  <Link href={`/accounts/${accountId}/workflows/${r.id}`} className="govuk-link">
                    {r.id}
                  </Link>
                </td>
                <td className="govuk-table__cell">{new Date(r.creationDate).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}</td>
                <td className="govuk-table__cell">{statusLabel(r.requestStatus)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
