// The organisations behind a number of the overview (/compliance/accounts?requestType&state&category):
// paged, sorted and searched by the server, downloadable as .xlsx, and — unless they have submitted —
// sent a reminder or a request for information in one action.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  Button,
  ButtonGroup,
  Pagination,
  SortableTable,
  Tag,
  TextInput,
  type SortEvent,
  type TableColumn,
} from '../../components';
import { ScrollableTable } from '../../components/scrollable-table';
import { HttpError, apiDownload, apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { hasRegulatorPermission, useSession } from '../../stores/session';
import {
  COMPLIANCE_LIST_PAGE_SIZE,
  canChase,
  complianceListQuery,
  complianceStateLabels,
  type ComplianceListPage,
  type ComplianceListRow,
  type ComplianceSort,
} from '../../../domain/compliance';
import { ExcelDownload } from '../mi-reports/excel-download';
import { chaseCheckHref, listOf, rfiBatchHref, placeHref, readListPlace, type ListPlace } from './list-address';

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Europe/London',
      })
    : '';

type Row = ComplianceListRow & { organisation: string };
const columns: TableColumn<Row>[] = [
  { header: 'Organisation', field: 'name', isSortable: true, isHeader: true },
  { header: 'Registration number', field: 'registrationNumber', isSortable: true },
  { header: 'Status', field: 'state' },
  { header: 'Due date', field: 'dueDate', isSortable: true },
  { header: 'Last reminder', field: 'lastReminder', isSortable: true },
  { header: 'Assignee', field: 'assignee' },
];
const sortOfField: Partial<Record<keyof Row, ComplianceSort>> = {
  name: 'name',
  registrationNumber: 'registrationNumber',
  dueDate: 'dueDate',
  lastReminder: 'lastReminder',
};
const fieldOfSort: Record<ComplianceSort, keyof Row & string> = {
  name: 'name',
  registrationNumber: 'registrationNumber',
  dueDate: 'dueDate',
  lastReminder: 'lastReminder',
};

export function listHeading(page: Pick<ComplianceListPage, 'reportName' | 'state' | 'categoryLabel'>): string {
  const what = page.state ? complianceStateLabels[page.state].toLowerCase() : 'all';
  return `${page.reportName}: ${what}${page.categoryLabel ? `: ${page.categoryLabel}` : ''}`;
}

export default function ComplianceListPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const place = readListPlace(search);
  const [page, setPage] = useState<ComplianceListPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [typed, setTyped] = useState(place.search ?? '');
  usePageTitle(page ? listHeading(page) : 'Organisations');

  useEffect(() => {
    let live = true;
    setFailed(null);
    const query = complianceListQuery({
      ...listOf(place),
      sort: place.sort,
      direction: place.direction,
      page: place.page - 1,
      size: COMPLIANCE_LIST_PAGE_SIZE,
    });
    apiGet<ComplianceListPage>(`/v1.0/compliance/accounts?${query}`)
      .then((p) => live && setPage(p))
      .catch(
        (err) =>
          live &&
          setFailed(err instanceof HttpError ? err.message : 'The organisations could not be loaded. Try again later.'),
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const go = (next: Partial<ListPlace>) => navigate(placeHref({ ...place, ...next }));
  const sort: SortEvent<Row> = {
    column: fieldOfSort[place.sort],
    direction: place.direction === 'asc' ? 'ascending' : 'descending',
  };
  const onSort = (e: SortEvent<Row>) =>
    go({ sort: sortOfField[e.column] ?? 'name', direction: e.direction === 'ascending' ? 'asc' : 'desc', page: 1 });
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ search: typed.trim() || undefined, page: 1 });
  };
  const chaseable = page && canChase(page.state) && page.total > 0;
  // Sending a request for information needs the permission to start one.
  const mayAsk = useSession((s) => hasRegulatorPermission(s, 'REQUEST_FOR_INFORMATION', 'EXECUTE'));

  return (
    <>
      <h1 className="govuk-heading-l">{page ? listHeading(page) : 'Organisations'}</h1>
      {failed ? <p className="govuk-body">{failed}</p> : null}
      <form className="app-search" onSubmit={submitSearch} role="search" aria-label="Organisations">
        <TextInput
          id="search"
          name="search"
          label="Search by organisation name, ID or registration number"
          labelClassName="govuk-label--s"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <Button variant="secondary">Search</Button>
      </form>
      {page ? (
        <>
          <p className="govuk-body" role="status">
            {page.total} {page.total === 1 ? 'organisation' : 'organisations'}
          </p>
          {page.total > 0 ? (
            <ButtonGroup>
              {chaseable ? (
                <Link
                  className="govuk-button"
                  href={chaseCheckHref(listOf(place))}
                  role="button"
                  draggable={false}
                  data-module="govuk-button"
                >
                  Send a reminder to these {page.total} organisations
                </Link>
              ) : null}
              {mayAsk ? (
                <Link
                  className="govuk-button govuk-button--secondary"
                  href={rfiBatchHref(listOf(place))}
                  role="button"
                  draggable={false}
                  data-module="govuk-button"
                >
                  Send a request for information to these {page.total} organisations
                </Link>
              ) : null}
            </ButtonGroup>
          ) : null}
          <ScrollableTable label="Organisations">
            <SortableTable<Row>
              caption={<span className="govuk-visually-hidden">Organisations, page {place.page}</span>}
              columns={columns}
              data={page.rows.map((r) => ({ ...r, organisation: r.name }))}
              rowKey={(r) => r.accountId}
              sort={sort}
              onSort={onSort}
              cell={(row, column) => {
                switch (column.field) {
                  case 'name':
                    return (
                      <>
                        <Link className="govuk-link" href={`/accounts/${row.accountId}`}>
                          {row.name}
                        </Link>
                        <span className="govuk-body-s app-secondary"> {row.organisationId}</span>
                      </>
                    );
                  case 'state':
                    return (
                      <>
                        {complianceStateLabels[row.state]}
                        {row.overdue ? (
                          <>
                            {' '}
                            <Tag colour="red">Overdue</Tag>
                          </>
                        ) : null}
                      </>
                    );
                  case 'dueDate':
                    return day(row.dueDate);
                  case 'lastReminder':
                    return row.lastReminder ? day(row.lastReminder) : 'None';
                  case 'assignee':
                    return row.assignee ?? 'Unassigned';
                  default:
                    return row[column.field] === null ? '' : String(row[column.field]);
                }
              }}
            />
          </ScrollableTable>
          <Pagination
            totalItems={page.total}
            pageSize={COMPLIANCE_LIST_PAGE_SIZE}
            currentPage={place.page}
            hrefFor={(p) => placeHref({ ...place, page: p })}
            onPageChange={(p) => go({ page: p })}
          />
          <ExcelDownload
            download={() =>
              apiDownload(
                '/v1.0/compliance/accounts/export',
                { ...listOf(place), sort: place.sort, direction: place.direction },
                'Compliance_overview.xlsx',
              )
            }
            failure="The list could not be downloaded. Try again later."
          />
        </>
      ) : null}
    </>
  );
}
