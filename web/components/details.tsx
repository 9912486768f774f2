import type { ReactNode } from 'react';
import { cx } from './internal';

export interface DetailsProps {
  summary: ReactNode;
  open?: boolean;
  id?: string;
  className?: string;
  children?: ReactNode;
}

/** Native `<details>`: the browser opens and closes it. */
export function Details({ summary, open, id, className, children }: DetailsProps) {
  return (
    <details id={id} className={cx('govuk-details', className)} open={open}>
      <summary className="govuk-details__summary">
        <span className="govuk-details__summary-text">{summary}</span>
      </summary>
      <div className="govuk-details__text">{children}</div>
    </details>
  );
}
