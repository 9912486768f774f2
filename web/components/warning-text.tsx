import type { ReactNode } from 'react';
import { cx } from './internal';

export interface WarningTextProps {
  /** Visually hidden text read before the warning; default 'Warning'. */
  iconFallbackText?: string;
  className?: string;
  children?: ReactNode;
}

export function WarningText({ iconFallbackText = 'Warning', className, children }: WarningTextProps) {
  return (
    <div className={cx('govuk-warning-text', className)}>
      <span className="govuk-warning-text__icon" aria-hidden="true">
        !
      </span>
      <strong className="govuk-warning-text__text">
        <span className="govuk-visually-hidden">{iconFallbackText}</span> {children}
      </strong>
    </div>
  );
}
