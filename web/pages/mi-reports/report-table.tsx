// A page of a report: its column headings and rows, in a region that scrolls on its own and says so
// when the report is wider than the page (the accounts and notification reports are), words whole,
// then the paging.
import { Pagination, ScrollableTable } from '../../components';

export function ReportTable({
  caption,
  columnNames,
  results,
  total,
  page,
  pageSize,
  onPage,
}: {
  caption: string;
  columnNames: readonly string[];
  results: readonly string[][];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  if (total === 0) return <p className="govuk-body">There is nothing to report.</p>;
  return (
    <>
      <ScrollableTable label={caption}>
        <table className="govuk-table govuk-!-font-size-16 app-table--data">
          <caption className="govuk-table__caption govuk-visually-hidden">{caption}</caption>
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              {columnNames.map((name, i) => (
                <th key={i} scope="col" className="govuk-table__header">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="govuk-table__body">
            {results.map((row, r) => (
              <tr key={r} className="govuk-table__row">
                {row.map((cell, c) => (
                  <td key={c} className="govuk-table__cell">
                    {cell.split('\n').map((line, l) => (
                      <span key={l}>
                        {l > 0 ? <br /> : null}
                        {line}
                      </span>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>
      <Pagination totalItems={total} pageSize={pageSize} currentPage={page} onPageChange={onPage} />
    </>
  );
}
