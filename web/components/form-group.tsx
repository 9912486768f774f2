import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './internal';

export interface FormGroupProps extends HTMLAttributes<HTMLDivElement> {
  /** Adds `govuk-form-group--error`. */
  error?: boolean;
  children?: ReactNode;
}

/** `<div class="govuk-form-group">`; field components give it `id="l.{name}"` for the error summary. */
export function FormGroup({ error, className, children, ...rest }: FormGroupProps) {
  return (
    <div {...rest} className={cx('govuk-form-group', error && 'govuk-form-group--error', className)}>
      {children}
    </div>
  );
}
