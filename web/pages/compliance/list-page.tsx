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
  type ChaseCheck,
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

/** '1 organisation', '3 organisations'. */
const organisations = (n: number) => `${n} ${n === 1 ? 'organisation' : 'organisations'}`;

/** 'these 3 organisations', or 'this organisation' for one. */
const these = (n: number) => (n === 1 ? 'this organisation' : `these ${n} organisations`);

/**
 * Who a chase of the list would remind now: the chase check's count, so that the button is offered
 * only when a chase would send something (those reminded within the interval are left out). Null
 * while it is asked, or when it cannot be (the button then offers the whole list, as the check page
 * will say who is left out).
 */
function useRemindable(list: ReturnType<typeof listOf>, ask: boolean, key: string): ChaseCheck | null {
  const [check, setCheck] = useState<{ key: string; check: ChaseCheck } | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    apiGet(`/v1.0/compliance/chases/check?${complianceListQuery(list)}`)
      .then((c) => live && setCheck({ key, check: c }))
      .catch(() => live && setCheck(null));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask, key]);
  return ask && check?.key === key ? check.check : null;
}

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
    apiGet(`/v1.0/compliance/accounts?${query}`)
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
  const chaseable = !!page && canChase(page.state) && page.total > 0;
  const listKey = complianceListQuery(listOf(place));
  const remindable = useRemindable(listOf(place), chaseable, listKey);
  const toRemind = remindable ? remindable.count : (page?.total ?? 0);
  const pages = page ? Math.max(1, Math.ceil(page.total / COMPLIANCE_LIST_PAGE_SIZE)) : 1;
  const pastTheEnd = !!page && page.rows.length === 0 && place.page > pages;
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
            {organisations(page.total)}
            {place.search ? ` match ‘${place.search}’` : ''}
          </p>
          {page.total === 0 ? (
            <div className="govuk-inset-text">
              {place.search ? (
                <>
                  <p className="govuk-body">
                    No organisations in this list match ‘{place.search}’. Check the spelling, or search by the
                    organisation’s name, ID or registration number.
                  </p>
                  <p className="govuk-body">
                    <Link className="govuk-link" href={placeHref({ ...place, search: undefined, page: 1 })}>
                      Clear the search
                    </Link>{' '}
                    to see every organisation in this list.
                  </p>
                </>
              ) : (
                <p className="govuk-body">There are no organisations in this list.</p>
              )}
            </div>
          ) : null}
          {pastTheEnd ? (
            <div className="govuk-inset-text">
              <p className="govuk-body">
                There is no page {place.page}: this list has {pages === 1 ? '1 page' : `${pages} pages`}.
              </p>
              <p className="govuk-body">
                <Link className="govuk-link" href={placeHref({ ...place, page: pages })}>
                  {pages === 1 ? 'Go to the list' : `Go to the last page (page ${pages})`}
                </Link>
              </p>
            </div>
          ) : null}
          {chaseable && remindable && remindable.count === 0 ? (
            <p className="govuk-body">
              {page.total === 1 ? 'This organisation was' : `All ${page.total} organisations were`} sent a reminder
              about this report in the last {remindable.intervalDays} days, so no reminder can be sent now.
            </p>
          ) : null}
          {page.total > 0 && ((chaseable && toRemind > 0) || mayAsk) ? (
            <ButtonGroup>
              {chaseable && toRemind > 0 ? (
                <Link
                  className="govuk-button"
                  href={chaseCheckHref(listOf(place))}
                  role="button"
                  draggable={false}
                  data-module="govuk-button"
                >
                  {toRemind === page.total
                    ? `Send a reminder to ${these(page.total)}`
                    : `Send a reminder to ${toRemind} of ${these(page.total)}`}
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
                  Send a request for information to {these(page.total)}
                </Link>
              ) : null}
            </ButtonGroup>
          ) : null}
          {page.rows.length > 0 ? (
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
          ) : null}
          {page.rows.length > 0 ? (
            <Pagination
              totalItems={page.total}
              pageSize={COMPLIANCE_LIST_PAGE_SIZE}
              currentPage={place.page}
              hrefFor={(p) => placeHref({ ...place, page: p })}
              onPageChange={(p) => go({ page: p })}
            />
          ) : null}
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
