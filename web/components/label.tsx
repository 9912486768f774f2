import type { ReactNode } from 'react';
import { cx } from './internal';

export interface LabelProps {
  htmlFor?: string;
  className?: string;
  /** Wraps the label in `<h1 class="govuk-label-wrapper">`. */
  isPageHeading?: boolean;
  children?: ReactNode;
}

export function Label({ htmlFor, className, isPageHeading, children }: LabelProps) {
  if (children === undefined || children === null || children === '') return null;
  const label = (
    <label className={cx('govuk-label', className)} htmlFor={htmlFor}>
      {children}
    </label>
  );
  return isPageHeading ? <h1 className="govuk-label-wrapper">{label}</h1> : label;
}
