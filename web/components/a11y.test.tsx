import { render } from '@testing-library/react';
import { Checkboxes } from './checkboxes';
import { DateInput } from './date-input';
import { MonthSelect } from './month-select';
import { ErrorSummary } from './error-summary';
import { Pagination } from './pagination';
import { Radios } from './radios';
import { Select } from './select';
import { SortableTable } from './sortable-table';
import { Tabs } from './tabs';
import { TaskList } from './task-list';
import { TextInput } from './text-input';
import { Textarea } from './textarea';
import { axeViolations } from '../../test/jsdom-axe';

it('has no axe violations on a page of components', async () => {
  const { container } = render(
    <main>
      <h1>Components</h1>
      <ErrorSummary errors={[{ path: 'email', message: 'Enter a valid email' }]} disableAutoFocus />
      <TextInput name="email" label="Email" hint="Hint" errorMessage="Enter a valid email" />
      <Select name="s" label="Select" options={[{ value: 'a', text: 'A' }]} />
      <Textarea name="t" label="Reason" maxLength={1200} defaultValue={'a'.repeat(1199)} />
      <Radios
        name="r"
        legend="Rating"
        size="medium"
        items={[{ value: 'a', text: 'A', hint: 'h' }, { divider: 'or' }, { value: 'b', text: 'B' }]}
      />
      <Checkboxes name="c" items={[{ text: 'I accept' }]} />
      <DateInput id="d" legend="Date" hint="For example, 27 3 2007" errorMessage="Enter a date" />
      <MonthSelect id="m" legend="Month" errorMessage="Select a month" month={{}} year={{}} years={[2025]} />
      <Tabs
        items={[
          { id: 'one', label: 'One', panel: <p>1</p> },
          { id: 'two', label: 'Two', panel: <p>2</p> },
        ]}
      />
      <SortableTable
        columns={[
          { header: 'Name', field: 'name', isSortable: true },
          { header: 'Id', field: 'id', isHidden: true },
        ]}
        data={[{ name: 'a', id: '1' }]}
      />
      <Pagination totalItems={95} pageSize={10} currentPage={5} hrefFor={(p) => `?page=${p}`} />
      <TaskList items={[{ title: 'Task', href: '/t', status: 'Completed' }]} />
    </main>,
  );
  expect(await axeViolations(container)).toEqual([]);
});
