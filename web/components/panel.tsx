import type { ReactNode } from 'react';
import { cx } from './internal';

export interface PanelProps {
  title: ReactNode;
  /** Heading level of the title; default 1. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  className?: string;
  children?: ReactNode;
}

/** Confirmation panel, e.g. 'Feedback sent'. */
export function Panel({ title, headingLevel = 1, className, children }: PanelProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('govuk-panel govuk-panel--confirmation', className)}>
      <Heading className="govuk-panel__title">{title}</Heading>
      {children !== undefined && children !== null ? <div className="govuk-panel__body">{children}</div> : null}
    </div>
  );
}
