import type { ReactNode } from 'react';
import { cx } from './internal';

export interface HintProps {
  id?: string;
  className?: string;
  children?: ReactNode;
}

export function Hint({ id, className, children }: HintProps) {
  return (
    <div id={id} className={cx('govuk-hint', className)}>
      {children}
    </div>
  );
}
