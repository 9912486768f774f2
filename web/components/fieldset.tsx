import type { FieldsetHTMLAttributes, ReactNode } from 'react';
import { cx } from './internal';

export interface FieldsetProps extends Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'aria-describedby'> {
  legend?: ReactNode;
  /** e.g. 'govuk-fieldset__legend--l'. */
  legendClassName?: string;
  /** Wraps the legend text in `<h1 class="govuk-fieldset__heading">`. */
  isPageHeading?: boolean;
  describedBy?: string;
  children?: ReactNode;
}

export function Fieldset({
  legend,
  legendClassName,
  isPageHeading,
  describedBy,
  className,
  children,
  ...rest
}: FieldsetProps) {
  return (
    <fieldset {...rest} className={cx('govuk-fieldset', className)} aria-describedby={describedBy || undefined}>
      {legend !== undefined && legend !== null && legend !== '' ? (
        <legend className={cx('govuk-fieldset__legend', legendClassName)}>
          {isPageHeading ? <h1 className="govuk-fieldset__heading">{legend}</h1> : legend}
        </legend>
      ) : null}
      {children}
    </fieldset>
  );
}
