import { renderHook } from '@testing-library/react';
import { formatPageTitle, setFormErrors, usePageTitle } from './page-title';

describe('page title', () => {
  it.each([
    [undefined, false, 'Manage your ESOS reporting - Manage your ESOS reporting - GOV.UK'],
    ['Tasks', false, 'Tasks - Manage your ESOS reporting - GOV.UK'],
    ['Tasks', true, 'Error: Tasks - Manage your ESOS reporting - GOV.UK'],
  ])('formatPageTitle(%p, %p) = %p', (title, errors, expected) => {
    expect(formatPageTitle(title, errors)).toBe(expected);
  });

  it('usePageTitle sets the title, and the prefix follows form errors', () => {
    const { rerender, unmount } = renderHook(({ title }: { title?: string }) => usePageTitle(title), {
      initialProps: { title: 'Feedback' },
    });
    expect(document.title).toBe('Feedback - Manage your ESOS reporting - GOV.UK');
    setFormErrors('f1', true);
    expect(document.title).toBe('Error: Feedback - Manage your ESOS reporting - GOV.UK');
    setFormErrors('f2', true);
    setFormErrors('f1', false);
    expect(document.title).toBe('Error: Feedback - Manage your ESOS reporting - GOV.UK');
    setFormErrors('f2', false);
    expect(document.title).toBe('Feedback - Manage your ESOS reporting - GOV.UK');
    rerender({ title: 'Tasks' });
    expect(document.title).toBe('Tasks - Manage your ESOS reporting - GOV.UK');
    unmount();
    expect(document.title).toBe('Manage your ESOS reporting - Manage your ESOS reporting - GOV.UK');
  });
});
