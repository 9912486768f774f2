// One tab of the dashboard: a page of work items from the API and the pagination under it.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Pagination } from '../../components/pagination';
import { Tag } from '../../components/tag';
import { apiGet } from '../../lib/api';
import { taskLink, taskTypeLabel } from '../../../processes';
import {
  DASHBOARD_PAGE_SIZE,
  daysRemainingText,
  fullName,
  requestIdFallback,
  type WorkItem,
  type WorkItemList,
  type WorkItemPage,
} from '../../../domain/work-items';

/** The task's name, or the request-id fallback when its type has no name (spec §3). */
export function taskName(item: WorkItem): string {
  return taskTypeLabel(item.taskType) ?? requestIdFallback(item.requestId);
}

/** The assignee's name; without one, 'Regulator' on assigned-to-me and 'Unassigned' on unassigned (spec §2). */
export function assigneeLabel(item: WorkItem, list: WorkItemList): string {
  if (item.taskAssignee) return fullName(item.taskAssignee);
  return list === 'assigned-to-me' ? 'Regulator' : list === 'unassigned' ? 'Unassigned' : '';
}

interface Props {
  list: WorkItemList;
  /** 1-based. */
  page: number;
  onPageChange: (page: number) => void;
}

export function WorkItemsTable({ list, page, onPageChange }: Props) {
  // The page on screen, with the list and page it belongs to: on a page change the render before
  // the new fetch must not show the old rows under the new page's summary.
  const key = `${list}:${page}`;
  const [loaded, setLoaded] = useState<{ key: string; data: WorkItemPage | null } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiGet(`/v1.0/ORGANISATION/items/${list}`, {
      query: { page: page - 1, size: DASHBOARD_PAGE_SIZE },
      signal: controller.signal,
    })
      .then((data) => setLoaded({ key, data }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ key, data: null });
      });
    return () => controller.abort();
  }, [key, list, page]);

  if (loaded?.key !== key)
    return (
      <p className="govuk-body" aria-live="polite">
        Loading tasks…
      </p>
    );
  const { data } = loaded;
  if (!data) return <p className="govuk-body">The tasks could not be loaded. Try again later.</p>;
  if (data.totalItems === 0) return <p className="govuk-body">There are no tasks.</p>;
  const showAssignee = list === 'assigned-to-others';
  return (
    <>
      {/* Focusable so keyboard users can scroll it sideways (WCAG 1.4.10, 2.1.1). */}
      <div className="app-table-container" role="region" aria-label="Tasks" tabIndex={0}>
        <table className="govuk-table app-table--wrap">
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              <th scope="col" className="govuk-table__header">
                Task
              </th>
              {showAssignee && (
                <th scope="col" className="govuk-table__header">
                  Assigned to
                </th>
              )}
              <th scope="col" className="govuk-table__header">
                Days remaining
              </th>
              <th scope="col" className="govuk-table__header">
                Organisation name
              </th>
              <th scope="col" className="govuk-table__header">
                Registration number
              </th>
              <th scope="col" className="govuk-table__header">
                Organisation ID
              </th>
            </tr>
          </thead>
          <tbody className="govuk-table__body">
            {data.items.map((item) => {
              const href = taskLink(item);
              const name = taskName(item);
              return (
                <tr key={item.taskId} className="govuk-table__row">
                  <td className="govuk-table__cell">
                    {href ? (
                      <Link href={href} className="govuk-link">
                        {name}
                      </Link>
                    ) : (
                      name
                    )}
                    {item.isNew && (
                      <>
                        {' '}
                        <Tag>New</Tag>
                      </>
                    )}
                  </td>
                  {showAssignee && <td className="govuk-table__cell">{assigneeLabel(item, list)}</td>}
                  <td className="govuk-table__cell">{daysRemainingText(item.daysRemaining)}</td>
                  <td className="govuk-table__cell">{item.accountName ?? ''}</td>
                  <td className="govuk-table__cell">{item.accountRegistrationNumber ?? ''}</td>
                  <td className="govuk-table__cell">{item.accountOrganisationId ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        totalItems={data.totalItems}
        pageSize={DASHBOARD_PAGE_SIZE}
        currentPage={page}
        onPageChange={onPageChange}
      />
    </>
  );
}
