// Phases (the reporting requests) and Workflow history (account opening and closure): the
// account's requests from the engine, one category each, filterable by type and status (the
// search-by-account criteria of POST /requests/workflows), each linking to its request page.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button, Select } from '../../components';
import { apiPost } from '../../lib/api';
import { requestStatusLabels, requestStatuses, type RequestStatus } from '../../../domain/requests';
import { registeredProcesses, requestTypeName } from '../../../processes';

interface RequestDetails {
  id: string;
  requestType: string;
  requestStatus: string;
  creationDate: string;
}

/** The request types of a tab (the API's categories). */
const categoryTypes = (category: 'REPORTING' | 'PERMIT') =>
  registeredProcesses()
    .filter((p) => p.category === category)
    .map((p) => p.requestType);

const PAGE_SIZE = 50;
const statusLabel = (s: string) => requestStatusLabels[s as RequestStatus] ?? s;

export function RequestsTab({
  accountId,
  category,
  heading,
  empty,
}: {
  accountId: number;
  category: 'REPORTING' | 'PERMIT';
  heading: string;
  empty: string;
}) {
  const [requests, setRequests] = useState<RequestDetails[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<{ type: string; status: string }>({ type: '', status: '' });
  const [draft, setDraft] = useState(filter);
  const id = useId().replace(/:/g, '');
  useEffect(() => {
    setFailed(false);
    apiPost('/v1.0/requests/workflows', {
      accountId,
      category,
      requestTypes: filter.type ? [filter.type] : [],
      requestStatuses: filter.status ? [filter.status as RequestStatus] : [],
      paging: { pageNumber: 0, pageSize: PAGE_SIZE },
    })
      .then((r) => setRequests(r.requestDetails))
      .catch(() => setFailed(true));
  }, [accountId, category, filter]);
  const filtered = !!(filter.type || filter.status);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
  };
  return (
    <>
      <h2 className="govuk-heading-m">{heading}</h2>
      <form onSubmit={apply} noValidate className="esos-filters">
        <div className="govuk-grid-row">
          <div className="govuk-grid-column-one-third">
            <Select
              id={`${id}-type`}
              name="requestType"
              label="Type"
              value={draft.type}
              onChange={(e) => setDraft({ ...draft, type: e.target.value })}
              options={[
                { value: '', text: 'All types' },
                ...categoryTypes(category).map((t) => ({ value: t, text: requestTypeName(t) })),
              ]}
            />
          </div>
          <div className="govuk-grid-column-one-third">
            <Select
              id={`${id}-status`}
              name="requestStatus"
              label="Status"
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.target.value })}
              options={[
                { value: '', text: 'All statuses' },
                ...requestStatuses.map((s: RequestStatus) => ({ value: s, text: statusLabel(s) })),
              ]}
            />
          </div>
        </div>
        <Button variant="secondary">Apply filters</Button>
      </form>
      {failed ? <p className="govuk-body">This list could not be loaded.</p> : null}
      {requests?.length === 0 ? (
        <p className="govuk-body">{filtered ? 'No workflows match these filters.' : empty}</p>
      ) : null}
      {requests && requests.length > 0 ? (
        <table className="govuk-table">
          <caption className="govuk-table__caption govuk-visually-hidden">{heading}</caption>
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              <th scope="col" className="govuk-table__header">
                Type
              </th>
              <th scope="col" className="govuk-table__header">
                Reference
              </th>
              <th scope="col" className="govuk-table__header">
                Created
              </th>
              <th scope="col" className="govuk-table__header">
                Status
              </th>
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
                <td className="govuk-table__cell">
                  {new Date(r.creationDate).toLocaleDateString('en-GB', {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                  })}
                </td>
                <td className="govuk-table__cell">{statusLabel(r.requestStatus)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
