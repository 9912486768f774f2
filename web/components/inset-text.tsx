import type { ReactNode } from 'react';
import { cx } from './internal';

export function InsetText({ id, className, children }: { id?: string; className?: string; children?: ReactNode }) {
  return (
    <div id={id} className={cx('govuk-inset-text', className)}>
      {children}
    </div>
  );
}
