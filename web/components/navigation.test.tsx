import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Pagination, pageFromSearch, pageHref, paginationItems, paginationSummary } from './pagination';
import { SortableTable, nextSort, type SortEvent, type TableColumn } from './sortable-table';
import { Tabs } from './tabs';

describe('Pagination', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [3, 6, [1, 2, 3, 4, 5, 6]],
    [1, 10, [1, 2, 'ellipsis', 10]],
    [2, 10, [1, 2, 3, 'ellipsis', 10]],
    [3, 10, [1, 2, 3, 4, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [8, 10, [1, 'ellipsis', 7, 8, 9, 10]],
    [10, 10, [1, 'ellipsis', 9, 10]],
    [4, 7, [1, 'ellipsis', 3, 4, 5, 'ellipsis', 7]],
  ])('page %p of %p -> %p', (current, total, expected) => {
    expect(paginationItems(current, total)).toEqual(expected);
  });

  it.each([
    [35, 10, 2, 'Showing 11 to 20 of 35 results'],
    [35, 10, 4, 'Showing 31 to 35 of 35 results'],
    [35, 10, 1, 'Showing 1 to 10 of 35 results'],
    [0, 10, 1, 'Showing 0 to 0 of 0 results'],
  ])('%p items, size %p, page %p: %p', (total, size, page, text) => {
    expect(paginationSummary(total, size, page)).toBe(text);
  });

  it('pageHref keeps other query parameters and the fragment', () => {
    expect(pageHref({ pathname: '/dashboard', search: '?sort=name&page=3', hash: '#unassigned' }, 4)).toBe(
      '/dashboard?sort=name&page=4#unassigned',
    );
    expect(pageHref({ pathname: '/x', search: '' }, 2)).toBe('/x?page=2');
    expect(pageFromSearch('?page=3')).toBe(3);
    expect(pageFromSearch('?page=abc')).toBe(1);
    expect(pageFromSearch('')).toBe(1);
  });

  it('renders text, links, ellipses and Previous/Next; onPageChange intercepts clicks', async () => {
    const onPageChange = jest.fn();
    render(
      <Pagination
        totalItems={95}
        pageSize={10}
        currentPage={5}
        hrefFor={(p) => `/list?page=${p}`}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('Showing 41 to 50 of 95 results')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1', '⋯', '4', '5', '6', '⋯', '10']);
    expect(within(nav).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 6' })).toHaveAttribute('href', '/list?page=6');
    await userEvent.click(within(nav).getByRole('link', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(within(nav).getByRole('link', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('no Previous on the first page, no Next on the last, no nav with one page', () => {
    const { rerender } = render(
      <Pagination totalItems={30} pageSize={10} currentPage={1} hrefFor={(p) => `?page=${p}`} />,
    );
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next page' })).toBeInTheDocument();
    rerender(<Pagination totalItems={30} pageSize={10} currentPage={3} hrefFor={(p) => `?page=${p}`} />);
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    rerender(<Pagination totalItems={5} pageSize={10} currentPage={1} hrefFor={(p) => `?page=${p}`} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('Showing 1 to 5 of 5 results')).toBeInTheDocument();
  });
});

interface Row {
  name: string;
  days: number;
  id: string;
}

const columns: TableColumn<Row>[] = [
  { header: 'Task', field: 'name', isSortable: true, isHeader: true },
  { header: 'Days remaining', field: 'days', isSortable: true, widthClass: 'govuk-!-width-one-quarter' },
  { header: 'Actions', field: 'id', isHidden: true },
];
const data: Row[] = [
  { name: 'Bravo', days: 3, id: 'b' },
  { name: 'alpha', days: 10, id: 'a' },
  { name: 'Charlie', days: 1, id: 'c' },
];

describe('SortableTable', () => {
  it.each([
    [null, 'name', { column: 'name', direction: 'ascending' }],
    [{ column: 'name', direction: 'ascending' }, 'name', { column: 'name', direction: 'descending' }],
    [{ column: 'name', direction: 'descending' }, 'name', { column: 'name', direction: 'ascending' }],
    [{ column: 'name', direction: 'descending' }, 'days', { column: 'days', direction: 'ascending' }],
  ] as const)('nextSort(%p, %p) = %p', (current, column, expected) => {
    expect(nextSort<Row>(current as SortEvent<Row> | null, column)).toEqual(expected);
  });

  it('click sequence: ascending, descending, other column ascending; emits onSort and aria-sort', async () => {
    const onSort = jest.fn();
    render(<SortableTable columns={columns} data={data} onSort={onSort} sortLocally />);
    const taskHeader = screen.getByRole('columnheader', { name: 'Task' });
    const daysHeader = screen.getByRole('columnheader', { name: 'Days remaining' });
    expect(taskHeader).toHaveAttribute('aria-sort', 'none');
    const firstCells = () => screen.getAllByRole('rowheader').map((c) => c.textContent);

    await userEvent.click(within(taskHeader).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'name', direction: 'ascending' });
    expect(taskHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['alpha', 'Bravo', 'Charlie']);

    await userEvent.click(within(taskHeader).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'name', direction: 'descending' });
    expect(taskHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['Charlie', 'Bravo', 'alpha']);

    await userEvent.click(within(daysHeader).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'days', direction: 'ascending' });
    expect(taskHeader).toHaveAttribute('aria-sort', 'none');
    expect(daysHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(daysHeader).toHaveClass('govuk-!-width-one-quarter');
    expect(firstCells()).toEqual(['Charlie', 'Bravo', 'alpha']);
  });

  it('plain list: no sort buttons, cell render prop, hidden header text', () => {
    const plain = columns.map((c) => ({ ...c, isSortable: false }));
    render(
      <SortableTable
        columns={plain}
        data={data}
        cell={(row, column) => (column.field === 'id' ? <a href={`/t/${row.id}`}>View</a> : String(row[column.field]))}
      />,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(screen.getAllByRole('link', { name: 'View' })[0]).toHaveAttribute('href', '/t/b');
    expect(screen.getByText('Actions')).toHaveClass('govuk-visually-hidden');
    expect(screen.getByRole('columnheader', { name: 'Task' })).not.toHaveAttribute('aria-sort');
  });
});

describe('Tabs', () => {
  const items = [
    { id: 'assigned-to-me', label: 'Assigned to me', panel: <p>Mine</p> },
    { id: 'assigned-to-others', label: 'Assigned to others', panel: <p>Others</p> },
    { id: 'unassigned', label: 'Unassigned', panel: <p>Nobody</p> },
  ];

  beforeEach(() => {
    window.history.replaceState(null, '', '/dashboard?page=2');
  });

  it('selects the first tab when no tab matches the fragment', () => {
    window.history.replaceState(null, '', '/dashboard?page=2#nope');
    render(<Tabs items={items} />);
    expect(screen.getByRole('tab', { name: 'Assigned to me' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Mine');
  });

  it('selects the tab of the fragment', () => {
    window.history.replaceState(null, '', '/dashboard#unassigned');
    render(<Tabs items={items} />);
    expect(screen.getByRole('tab', { name: 'Unassigned' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Unassigned' })).toHaveAttribute('aria-controls', 'unassigned');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'unassigned');
    expect(screen.getByRole('tablist')).toBeInTheDocument();
  });

  it('click writes the fragment, keeps query parameters and calls onChange', async () => {
    const onChange = jest.fn();
    render(<Tabs items={items} onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Assigned to others' }));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/dashboard?page=2#assigned-to-others',
    );
    expect(onChange).toHaveBeenCalledWith('assigned-to-others');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Others');
    expect(screen.getByRole('tab', { name: 'Assigned to me' })).toHaveAttribute('tabindex', '-1');
  });

  it('ArrowRight, ArrowLeft, End and Home move selection and focus', () => {
    const onChange = jest.fn();
    render(<Tabs items={items} onChange={onChange} />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    act(() => tab('Assigned to me').focus());
    fireEvent.keyDown(tab('Assigned to me'), { key: 'ArrowRight' });
    expect(tab('Assigned to others')).toHaveFocus();
    expect(tab('Assigned to others')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Assigned to others'), { key: 'End' });
    expect(tab('Unassigned')).toHaveFocus();
    expect(window.location.hash).toBe('#unassigned');
    fireEvent.keyDown(tab('Unassigned'), { key: 'ArrowRight' });
    expect(tab('Unassigned')).toHaveFocus();
    fireEvent.keyDown(tab('Unassigned'), { key: 'ArrowLeft' });
    expect(tab('Assigned to others')).toHaveFocus();
    fireEvent.keyDown(tab('Assigned to others'), { key: 'Home' });
    expect(tab('Assigned to me')).toHaveFocus();
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([
      'assigned-to-others',
      'unassigned',
      'assigned-to-others',
      'assigned-to-me',
    ]);
  });

  it('follows hashchange', () => {
    render(<Tabs items={items} />);
    act(() => {
      window.history.replaceState(null, '', '/dashboard#unassigned');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByRole('tab', { name: 'Unassigned' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('controlled usage', () => {
  it('SortableTable can be controlled through sort/onSort', async () => {
    function Page() {
      const [sort, setSort] = useState<SortEvent<Row> | null>({ column: 'days', direction: 'descending' });
      return <SortableTable columns={columns} data={data} sort={sort} onSort={setSort} sortLocally />;
    }
    render(<Page />);
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['alpha', 'Bravo', 'Charlie']);
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Days remaining' })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: 'Days remaining' })).toHaveAttribute('aria-sort', 'ascending');
  });
});
