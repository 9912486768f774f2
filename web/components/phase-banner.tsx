import type { ReactNode } from 'react';
import { cx } from './internal';

export interface PhaseBannerProps {
  /** Tag text, e.g. 'Beta'. */
  tag: ReactNode;
  /** Extra tag class for the colour, e.g. 'govuk-tag--grey'. */
  tagClassName?: string;
  className?: string;
  children?: ReactNode;
}

export function PhaseBanner({ tag, tagClassName, className, children }: PhaseBannerProps) {
  return (
    <div className={cx('govuk-phase-banner govuk-width-container', className)}>
      <p className="govuk-phase-banner__content">
        <strong className={cx('govuk-tag govuk-phase-banner__content__tag', tagClassName)}>{tag}</strong>
        <span className="govuk-phase-banner__text">{children}</span>
      </p>
    </div>
  );
}
