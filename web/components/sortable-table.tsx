import { useState, type ReactNode } from 'react';
import { cx } from './internal';

/** Column (spec shape): header, field, isSortable, isHeader, isHidden, widthClass. */
export interface TableColumn<T> {
  header: ReactNode;
  field: keyof T & string;
  isSortable?: boolean;
  /** Cells of this column are row headers (`<th scope="row">`). */
  isHeader?: boolean;
  /** Header text visually hidden (still read by screen readers). */
  isHidden?: boolean;
  /** e.g. 'govuk-!-width-one-quarter'. */
  widthClass?: string;
}

export type SortDirection = 'ascending' | 'descending';

/** Sort event (spec shape). */
export interface SortEvent<T = unknown> {
  column: keyof T & string;
  direction: SortDirection;
}

export interface SortableTableProps<T> {
  columns: readonly TableColumn<T>[];
  data: readonly T[];
  caption?: ReactNode;
  captionClassName?: string;
  /** Render prop of a cell; default: the field's value as text. */
  cell?: (row: T, column: TableColumn<T>) => ReactNode;
  /** Row key; default the index. */
  rowKey?: (row: T, index: number) => string | number;
  /** Current sort (controlled) or initial sort (uncontrolled). */
  sort?: SortEvent<T> | null;
  onSort?: (event: SortEvent<T>) => void;
  /** Sort `data` in the browser by the sorted column's field (server-side sorting: leave false and use onSort). */
  sortLocally?: boolean;
  className?: string;
}

/** Next sort after clicking `column`: same column flips; another column starts ascending. */
export function nextSort<T>(current: SortEvent<T> | null | undefined, column: keyof T & string): SortEvent<T> {
  if (current && current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: 'ascending' };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** Rows sorted by a field (empty values last). */
export function sortRows<T>(rows: readonly T[], sort: SortEvent<T> | null | undefined): T[] {
  if (!sort) return [...rows];
  const factor = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((x, y) => factor * compare(x[sort.column], y[sort.column]));
}

/** GOV.UK table with sortable column headers (buttons with aria-sort), usable unsorted for plain lists. */
export function SortableTable<T>({
  columns,
  data,
  caption,
  captionClassName,
  cell,
  rowKey,
  sort,
  onSort,
  sortLocally,
  className,
}: SortableTableProps<T>) {
  const [internal, setInternal] = useState<SortEvent<T> | null>(sort ?? null);
  const current = sort !== undefined && onSort ? sort : internal;
  const rows = sortLocally ? sortRows(data, current) : data;

  const clickHeader = (column: keyof T & string) => {
    const next = nextSort(current, column);
    setInternal(next);
    onSort?.(next);
  };

  const render = (row: T, column: TableColumn<T>): ReactNode => {
    if (cell) return cell(row, column);
    const value = row[column.field];
    return value === null || value === undefined ? '' : String(value);
  };

  return (
    <table className={cx('govuk-table', className)}>
      {caption ? <caption className={cx('govuk-table__caption', captionClassName)}>{caption}</caption> : null}
      <thead className="govuk-table__head">
        <tr className="govuk-table__row">
          {columns.map((column) => {
            const header = column.isHidden ? (
              <span className="govuk-visually-hidden">{column.header}</span>
            ) : (
              column.header
            );
            const ariaSort = column.isSortable
              ? current?.column === column.field
                ? current.direction
                : 'none'
              : undefined;
            return (
              <th
                key={column.field}
                scope="col"
                className={cx('govuk-table__header', column.widthClass)}
                aria-sort={ariaSort}
              >
                {column.isSortable ? (
                  <button
                    type="button"
                    className="govuk-table__sort-button"
                    data-field={column.field}
                    onClick={() => clickHeader(column.field)}
                  >
                    {header}
                  </button>
                ) : (
                  header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className="govuk-table__body">
        {rows.map((row, index) => (
          <tr key={rowKey ? rowKey(row, index) : index} className="govuk-table__row">
            {columns.map((column) =>
              column.isHeader ? (
                <th key={column.field} scope="row" className="govuk-table__header">
                  {render(row, column)}
                </th>
              ) : (
                <td key={column.field} className="govuk-table__cell">
                  {render(row, column)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
